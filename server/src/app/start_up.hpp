#pragma once
// The start's steps before the domains: the database opened, migrated and seeded, the demo staff, and what a
// failed step says.
#include <exception>
#include <memory>
#include <string_view>
#include <vector>

#include "app/config.hpp"
#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/tenants/tenants_module.hpp"

namespace portal::app {

// Opens and migrates the database, and seeds it when asked; `demo_tenants` gets the demo's own tenants (the ones
// the demo seed made: the only ones the later demo seeds write into).
std::unique_ptr<db::Database> prepare_database(const Config& config, const core::Clock& clock,
                                               std::vector<tenants::Tenant>& demo_tenants);

// A start-up step that failed: logged and told, and run() answers 1.
int start_up_failed(const std::exception& e, bool log = true);

// The demo staff of the demo's tenants, printed for the person who ran `make run` (dev stage) to enrol an
// authenticator; the demo's platform administrator only while every tenant is the demo's.
void seed_demo_staff(const Config& config, db::Database& database, tenants::Tenants& tenants,
                     const std::vector<tenants::Tenant>& demo_tenants, const core::Clock& clock);

}  // namespace portal::app
