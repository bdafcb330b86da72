#include "domains/vouchers/vouchers_seed.hpp"

#include "core/crypto.hpp"
#include "db/secrets.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "domains/vouchers/voucher_codes.hpp"

namespace portal::vouchers {

namespace {

// The n-th demo code of a tenant and type: 80 bits of HMAC(demo key, label).
std::string demo_code(const std::string& key, const std::string& label) {
  const std::string hex = core::hmac_sha256_hex(key, label);
  unsigned char bytes[10];
  for (std::size_t i = 0; i < sizeof bytes; ++i) bytes[i] = static_cast<unsigned char>(std::stoi(hex.substr(2 * i, 2), nullptr, 16));
  return code_from_bytes(bytes);
}

}  // namespace

std::vector<DemoCode> seed_demo_codes(db::Database& db, VouchersService& service,
                                      subscriptions::SubscriptionsRepository& subscriptions,
                                      const std::vector<tenants::Tenant>& tenants) {
  const std::string key = db::shared_secret(db, "vouchers-demo");
  std::vector<DemoCode> out;
  for (const auto& tenant : tenants) {
    const auto plans = subscriptions.load_plans(tenant.id);
    if (plans.types.empty()) continue;
    // The tenant's first two plans (by ment_sort): what a new user can redeem.
    for (std::size_t slot = 0; slot < 2; ++slot) {
      const auto& type = plans.types[slot % plans.types.size()];
      for (int n = 0; n < 100; ++n) {
        const std::string code =
            demo_code(key, tenant.name + ":" + std::to_string(slot) + ":" + std::to_string(type.id) + ":" + std::to_string(n));
        if (!service.ensure_code(tenant.id, code, type.id, 365)) continue;  // redeemed: the next one
        out.push_back({tenant.name, type.id, type.name, code});
        break;
      }
    }
  }
  return out;
}

}  // namespace portal::vouchers
