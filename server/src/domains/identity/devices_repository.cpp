#include "domains/identity/devices_repository.hpp"

#include "domains/identity/identity_sql.hpp"

namespace portal::identity {

void DevicesRepository::upsert(std::int64_t tenant_id, const std::string& id, const std::string& user_agent,
                               const DeviceAttributes& a, const std::string& now) {
  const std::string kind = a.tablet ? "tablet" : a.modernPhone ? "phone" : a.desktop ? "desktop" : "other";
  db_.execute(sql::kUpsertDevice, {tenant_id, id, user_agent, a.operatingSystem, kind, now});
}

std::optional<std::string> DevicesRepository::operating_system(std::int64_t tenant_id, const std::string& id) {
  auto rows = db_.query(sql::kDeviceOs, {tenant_id, id});
  if (rows.empty() || rows[0].text(0).empty()) return std::nullopt;
  return rows[0].text(0);
}

}  // namespace portal::identity
