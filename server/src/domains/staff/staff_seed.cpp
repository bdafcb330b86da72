#include "domains/staff/staff_seed.hpp"

#include "core/crypto.hpp"
#include "core/ids.hpp"
#include "db/secrets.hpp"
#include "db/timestamp.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/staff/staff_repository.hpp"
#include "domains/staff/totp.hpp"

namespace portal::staff {

namespace {

constexpr std::pair<std::string_view, Role> kPerTenant[] = {{"owner@example.com", Role::owner},
                                                            {"editor@example.com", Role::editor},
                                                            {"support@example.com", Role::support},
                                                            {"finance@example.com", Role::finance}};

// 20 bytes of HMAC-SHA256(key, "<tenant>:<email>"), base32.
std::string demo_secret(const std::string& key, const std::string& tenant, std::string_view email) {
  const std::string hex = core::hmac_sha256_hex(key, tenant + ":" + std::string(email));
  std::string bytes;
  for (std::size_t i = 0; i + 1 < hex.size() && bytes.size() < 20; i += 2)
    bytes += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return base32_encode(bytes);
}

}  // namespace

std::vector<DemoAccount> seed_demo_staff(db::Database& db, const std::vector<tenants::Tenant>& tenants,
                                         const core::Clock& clock, const TotpSeal& seal, bool platform_admin) {
  StaffRepository repository(db);
  const std::string key = db::shared_secret(db, "staff-demo-totp");
  const std::string now = db::utc_timestamp(clock.now());
  std::string hash;  // one argon2id hash for every demo account (a public password): start-up stays quick
  std::vector<DemoAccount> out;
  auto add = [&](std::optional<std::int64_t> tenant_id, const std::string& tenant, std::string_view email, Role role) {
    const std::string secret = demo_secret(key, tenant, email);
    if (!repository.by_email(tenant_id.value_or(0), std::string(email))) {
      if (hash.empty()) hash = identity::hash_password(kDemoStaffPassword);
      Account a;
      a.id = core::new_uuid();
      a.tenant_id = tenant_id;
      a.email = std::string(email);
      a.role = role;
      a.password_hash = hash;
      a.totp_secret = seal.seal(secret);
      repository.insert_enrolled(a, now);
    }
    out.push_back({std::string(email), std::string(role_name(role)), tenant, secret});
  };
  if (platform_admin) add(std::nullopt, "", "admin@example.com", Role::platform_admin);
  for (const auto& t : tenants)
    for (const auto& [email, role] : kPerTenant) add(t.id, t.name, email, role);
  return out;
}

}  // namespace portal::staff
