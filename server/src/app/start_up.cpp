#include "app/start_up.hpp"

#include <iostream>

#include "app/demo_seed_guard.hpp"
#include "app/demo_tenants.hpp"
#include "core/log.hpp"
#include "db/migrations.hpp"
#include "domains/identity/identity_seed.hpp"
#include "domains/staff/staff_seed.hpp"

namespace portal::app {

std::unique_ptr<db::Database> prepare_database(const Config& config, const core::Clock& clock,
                                               std::vector<tenants::Tenant>& demo_tenants) {
  auto database =
      db::open(config.database, config.db_pool, std::chrono::milliseconds(config.db_checkout_timeout_ms));
  const auto migrations = db::load_migrations(config.migrations_dir, database->dialect());
  const int applied = db::migrate(*database, migrations);
  core::log_json(spdlog::level::info, "database ready",
                 {{"dialect", database->dialect()}, {"applied", applied}, {"version", db::current_version(*database)}});
  if (config.seed == "demo") {
    DemoSeedGuard guard(*database, clock);  // never undoes an operator's settings (core/seed_guard.hpp)
    demo_tenants = seed_demo_tenants(*database, config.data_dir, guard);
    identity::seed_demo_users(*database, config.data_dir, clock, demo_tenants);
  }
  return database;
}

int start_up_failed(const std::exception& e, bool log) {
  if (log) core::log_json(spdlog::level::critical, "start-up failed", {{"error", e.what()}});
  std::cerr << "portal: " << e.what() << "\n";
  return 1;
}

void seed_demo_staff(const Config& config, db::Database& database, tenants::Tenants& tenants,
                     const std::vector<tenants::Tenant>& demo_tenants, const core::Clock& clock) {
  const bool only_demo = tenants.repository.load_all().size() == demo_tenants.size();
  if (!only_demo)
    core::log_json(spdlog::level::warn, "demo seed made no platform administrator: an operator's tenant is here", {});
  const auto accounts = staff::seed_demo_staff(database, demo_tenants, clock, staff::TotpSeal(staff_secret_key(config)),
                                               only_demo);
  if (config.stage != "dev") return;
  std::cout << "Demo staff (password " << staff::kDemoStaffPassword
            << "; sign in at /admin/login; a code: oathtool --totp -b SECRET):\n";
  for (const auto& a : accounts)
    std::cout << "  " << a.email << "  " << a.role << "  " << (a.tenant.empty() ? "(platform)" : a.tenant) << "  "
              << a.secret << "\n";
  std::cout << std::flush;
}

}  // namespace portal::app
