#pragma once
// Demo voucher codes (--seed demo): two per demo tenant, derived from a key
// kept in the database, so every start of the same database shows the same
// codes until they are redeemed; a redeemed one is followed by the next of
// its sequence. `make run` prints them.
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"
#include "domains/vouchers/vouchers_service.hpp"

namespace portal::vouchers {

struct DemoCode {
  std::string tenant;
  std::int64_t type_id = 0;
  std::string type_name;
  std::string code;
};

// In each of the demo's `tenants`. Idempotent; tenants without plans get none.
std::vector<DemoCode> seed_demo_codes(db::Database& db, VouchersService& service,
                                      subscriptions::SubscriptionsRepository& subscriptions,
                                      const std::vector<tenants::Tenant>& tenants);

}  // namespace portal::vouchers
