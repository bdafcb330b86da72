#pragma once
// Info services (commerce §7 /info-service calls; docs/decisions.md "Info
// services"): daily content a signed-in user subscribes to, per tenant: a
// list of texts that turns over each day, or results drawn for the day. No
// SQL or HTTP types.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace portal::info_services {

// A service's document as the operator writes it (data/info-services/demo.json) and the database keeps it: title
// and description per language, and the kind's content (checked by validate_service when seeded).
struct ServiceDocument {
  std::string kind;                                // entries | results
  std::map<std::string, std::string> title;        // by language
  std::map<std::string, std::string> description;  // by language
  std::optional<std::map<std::string, std::vector<std::string>>> entries;  // entries: the texts per language
  std::optional<std::vector<std::string>> teams;                           // results: the teams drawn each day
};
BOOST_DESCRIBE_STRUCT(ServiceDocument, (), (kind, title, description, entries, teams))

struct ServiceRecord {
  std::int64_t id = 0;
  std::string name;  // the slug of /partners/info-services/:name
  std::int64_t position = 0;
  ServiceDocument doc;
};

struct SubscriptionRecord {
  std::int64_t service_id = 0;
  std::string created_at;
};

// Wire shapes.
// One service with what it says today (GET /daily, /daily-abo).
struct DailyDto {
  std::int64_t serviceId = 0;
  std::string name;
  std::string kind;  // entries | results
  std::string title;
  std::string description;
  std::string date;  // YYYY-MM-DD (UTC): the day the lines belong to
  std::vector<std::string> lines;
  bool subscribed = false;
};
BOOST_DESCRIBE_STRUCT(DailyDto, (), (serviceId, name, kind, title, description, date, lines, subscribed))

struct InfoSubscriptionDto {
  std::int64_t serviceId = 0;
  std::string name;
  std::string title;
  std::string description;
  std::string subscribedAt;
};
BOOST_DESCRIBE_STRUCT(InfoSubscriptionDto, (), (serviceId, name, title, description, subscribedAt))

struct SubscribeResultDto {
  std::int64_t serviceId = 0;
  bool subscribed = false;
};
BOOST_DESCRIBE_STRUCT(SubscribeResultDto, (), (serviceId, subscribed))

}  // namespace portal::info_services
