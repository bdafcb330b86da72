#pragma once
// The demo staff of --seed demo: a platform administrator admin@example.com
// and, per tenant, owner@, admin@... (owner, editor, support, finance) with the
// password portal-demo, already enrolled. Each TOTP secret is fixed per
// database (derived from one of its shared secrets), so a person enrols an
// authenticator app once. Idempotent; blocking; call at start-up.
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/staff/totp_seal.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::staff {

inline constexpr std::string_view kDemoStaffPassword = "portal-demo";

struct DemoAccount {
  std::string email;
  std::string role;
  std::string tenant;  // "" for the platform administrator
  std::string secret;  // base32
};

// Creates the accounts that are missing (their secrets stored sealed) in the demo's `tenants`, and the platform
// administrator only when `platform_admin` (a database without an operator's tenant: a platform administrator
// works for every tenant); returns every demo account.
std::vector<DemoAccount> seed_demo_staff(db::Database& db, const std::vector<tenants::Tenant>& tenants,
                                         const core::Clock& clock, const TotpSeal& seal, bool platform_admin);

}  // namespace portal::staff
