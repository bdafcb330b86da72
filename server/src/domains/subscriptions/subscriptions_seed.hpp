#pragma once
// Loading plans files (data/subscriptions/<tenant>.json): the demo seed and
// `portal import-subscriptions FILE --tenant NAME`. Blocking.
#include <boost/json/object.hpp>
#include <filesystem>
#include <string>

#include "core/error.hpp"
#include "db/database.hpp"

namespace portal::subscriptions {

class SubscriptionsService;

// One file into one tenant (by name), validated first, replaced in one transaction.
core::Result<boost::json::object> import_plans_file(db::Database& db, SubscriptionsService& service,
                                                    const std::filesystem::path& file, const std::string& tenant);
// <dir>/<tenant>.json into every tenant that has one; throws std::runtime_error
// naming the fault. Returns how many tenants got plans.
int seed_plans(db::Database& db, SubscriptionsService& service, const std::filesystem::path& dir);

}  // namespace portal::subscriptions
