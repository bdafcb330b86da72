#pragma once
// The start's steps before the domains: the database opened, migrated and seeded, the demo staff, and what a
// failed step says.
#include <exception>
#include <memory>
#include <string_view>

#include "app/config.hpp"
#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/tenants/tenants_module.hpp"

namespace portal::app {

// Opens and migrates the database, and seeds it when asked.
std::unique_ptr<db::Database> prepare_database(const Config& config, const core::Clock& clock);

// A start-up step that failed: logged and told, and run() answers 1.
int start_up_failed(const std::exception& e, bool log = true);

// The demo staff, printed for the person who ran `make run` (dev stage) to enrol an authenticator.
void seed_demo_staff(const Config& config, db::Database& database, tenants::Tenants& tenants, const core::Clock& clock);

inline constexpr std::string_view kNoTenants =
    "portal: the database has no tenants. Create one with\n"
    "  portal tenant create NAME --host HOST [--language LANG]\n"
    "or import a tenant file (docs/tenants.md) with\n"
    "  portal tenant import FILE\n"
    "then invite its owner with\n"
    "  portal staff invite --tenant NAME --email E --role owner\n"
    "(to try the demo tenants and accounts instead: --stage dev --seed demo, never in production).\n";

}  // namespace portal::app
