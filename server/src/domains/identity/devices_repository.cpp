#include "domains/identity/devices_repository.hpp"

#include "domains/identity/identity_sql.hpp"

namespace portal::identity {

namespace {
std::string device_kind(const DeviceAttributes& a) {
  return a.tablet ? "tablet" : a.modernPhone ? "phone" : a.desktop ? "desktop" : "other";
}
}  // namespace

void DevicesRepository::upsert(std::int64_t tenant_id, const std::string& id, const std::string& user_agent,
                               const DeviceAttributes& a, const std::string& now) {
  db_.execute(sql::kUpsertDevice, {tenant_id, id, user_agent, a.operatingSystem, device_kind(a), now});
}

void DevicesRepository::insert_past(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                    const std::string& user_agent, const DeviceAttributes& a,
                                    const std::string& first_seen, const std::string& last_seen) {
  s.execute(sql::kInsertPastDevice, {tenant_id, id, user_agent, a.operatingSystem, device_kind(a), first_seen, last_seen});
}

std::optional<std::string> DevicesRepository::operating_system(std::int64_t tenant_id, const std::string& id) {
  auto rows = db_.query(sql::kDeviceOs, {tenant_id, id});
  if (rows.empty() || rows[0].text(0).empty()) return std::nullopt;
  return rows[0].text(0);
}

}  // namespace portal::identity
