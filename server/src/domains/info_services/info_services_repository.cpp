#include "domains/info_services/info_services_repository.hpp"

#include <boost/json.hpp>

#include "domains/info_services/info_services_sql.hpp"

namespace portal::info_services {
namespace json = boost::json;

void InfoServicesRepository::upsert_service(std::int64_t tenant_id, const ServiceRecord& s) {
  db_.execute(sql::kUpsertService, {tenant_id, s.id, s.name, s.position, json::serialize(s.doc)});
}

std::vector<ServiceRecord> InfoServicesRepository::services(std::int64_t tenant_id) {
  std::vector<ServiceRecord> out;
  for (const auto& row : db_.query(sql::kServices, {tenant_id})) {
    // Written by the seed from a validated document: decoding only.
    auto doc = json::parse(row.text(3));
    out.push_back({row.integer(0), row.text(1), row.integer(2), doc.is_object() ? doc.as_object() : json::object{}});
  }
  return out;
}

bool InfoServicesRepository::service_exists(std::int64_t tenant_id, std::int64_t service_id) {
  return !db_.query(sql::kServiceExists, {tenant_id, service_id}).empty();
}

std::vector<SubscriptionRecord> InfoServicesRepository::subscriptions(std::int64_t tenant_id,
                                                                      const std::string& user_uuid) {
  std::vector<SubscriptionRecord> out;
  for (const auto& row : db_.query(sql::kSubscriptions, {tenant_id, user_uuid}))
    out.push_back({row.integer(0), row.text(1)});
  return out;
}

void InfoServicesRepository::subscribe(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t service_id,
                                       const std::string& now) {
  db_.execute(sql::kSubscribe, {tenant_id, user_uuid, service_id, now});
}

void InfoServicesRepository::unsubscribe(std::int64_t tenant_id, const std::string& user_uuid,
                                         std::int64_t service_id) {
  db_.execute(sql::kUnsubscribe, {tenant_id, user_uuid, service_id});
}

}  // namespace portal::info_services
