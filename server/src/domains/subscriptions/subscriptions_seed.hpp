#pragma once
// Loading plans files (data/subscriptions/<tenant>.json): the demo seed and
// `portal import-subscriptions FILE --tenant NAME`. Blocking.
#include <filesystem>
#include <string>

#include "core/seed_guard.hpp"
#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "domains/subscriptions/subscriptions_errors.hpp"
#include "domains/subscriptions/subscriptions_types.hpp"

namespace portal::subscriptions {

class SubscriptionsService;
class SubscriptionsRepository;

// One file into one tenant (by name), validated first, replaced in one transaction.
// A tenant with settings.currency takes only plans priced in that currency (invalid_field otherwise).
// Errors: invalid_field naming the tenant, the file (unreadable, not JSON) or the plans' field at fault.
Result<PlansImported> import_plans_file(db::Database& db, SubscriptionsService& service,
                                        const std::filesystem::path& file, const std::string& tenant);
// <dir>/<tenant>.json into each of `tenants` (the demo's) that has one; throws std::runtime_error
// naming the fault. Returns how many tenants got plans.
// With a guard (core/seed_guard.hpp) only into the tenants whose "plans" it allows.
int seed_plans(db::Database& db, SubscriptionsService& service, const std::filesystem::path& dir,
               const std::vector<tenants::Tenant>& tenants, core::SeedGuard* guard = nullptr);
// The demo users' subscriptions (data/users/demo.json: a user's "subscriptions"
// maps a tenant name to a type id): an ACTIVE subscription of that type, with
// its subscription_events row, for each such user who holds no active one in
// that tenant (one of the demo's `tenants`). A type the tenant does not sell throws std::runtime_error.
// Returns how many were created.
int seed_demo_subscriptions(db::Database& db, SubscriptionsRepository& repository, const std::filesystem::path& users_file,
                            const core::Clock& clock, const std::vector<tenants::Tenant>& tenants);

}  // namespace portal::subscriptions
