#pragma once
// Info-service storage. Every call takes the tenant id first and blocks: run
// it on the database pool.
#include <cstdint>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/info_services/info_services_types.hpp"

namespace portal::info_services {

class InfoServicesRepository {
 public:
  explicit InfoServicesRepository(db::Database& db) : db_(db) {}

  void upsert_service(std::int64_t tenant_id, const ServiceRecord& service);
  std::vector<ServiceRecord> services(std::int64_t tenant_id);
  bool service_exists(std::int64_t tenant_id, std::int64_t service_id);

  std::vector<SubscriptionRecord> subscriptions(std::int64_t tenant_id, const std::string& user_uuid);
  void subscribe(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t service_id, const std::string& now);
  void unsubscribe(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t service_id);

 private:
  db::Database& db_;
};

}  // namespace portal::info_services
