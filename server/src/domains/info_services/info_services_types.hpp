#pragma once
// Info services (commerce §7 /info-service calls; docs/decisions.md "Info
// services"): daily content a signed-in user subscribes to, per tenant: a
// list of texts that turns over each day, or results drawn for the day. No
// SQL or HTTP types.
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>  // ServiceRecord::doc: operator-authored, free-form per language
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::info_services {

// As stored: doc holds title, description and the kind's content, each per
// language (checked by validate_service when seeded).
struct ServiceRecord {
  std::int64_t id = 0;
  std::string name;  // the slug of /partners/info-services/:name
  std::int64_t position = 0;
  boost::json::object doc;
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
