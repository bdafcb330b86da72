#pragma once
// Devices seen per tenant (GET /backend/device). Blocking; tenant id first.
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "domains/identity/identity_types.hpp"

namespace portal::identity {

class DevicesRepository {
 public:
  explicit DevicesRepository(db::Database& db) : db_(db) {}
  // Inserts the device or refreshes its user agent and last-seen time.
  void upsert(std::int64_t tenant_id, const std::string& id, const std::string& user_agent,
              const DeviceAttributes& attributes, const std::string& now);
  // A device as its first and last sign-in left it, in the caller's transaction (the synthetic activity).
  void insert_past(db::Session& s, std::int64_t tenant_id, const std::string& id, const std::string& user_agent,
                   const DeviceAttributes& attributes, const std::string& first_seen, const std::string& last_seen);
  // The operating system recorded for a device, nullopt when unknown.
  std::optional<std::string> operating_system(std::int64_t tenant_id, const std::string& id);

 private:
  db::Database& db_;
};

}  // namespace portal::identity
