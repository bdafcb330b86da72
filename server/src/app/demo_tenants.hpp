#pragma once
// What the server and the offline commands (app/import_commands.cpp) share: the demo tenants and their structures,
// and the payments module's deps from the configuration.
#include <filesystem>

#include "core/seed_guard.hpp"
#include "app/config.hpp"
#include "db/database.hpp"
#include "domains/payments/payments_module.hpp"
#include "domains/structure/structure_seed.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "domains/tenants/tenants_seed.hpp"

namespace portal::app {

// The demo tenants, then their page structures: structures belong to tenants, tenants know nothing of
// structures. Answers the demo's own tenants, the ones the seed made (issue 74 item 3): every other demo seed
// writes into those only, never into a tenant an operator made, whatever its name.
inline std::vector<tenants::Tenant> seed_demo_tenants(db::Database& database, const std::filesystem::path& data_dir,
                                                      core::SeedGuard& guard) {
  tenants::seed_tenants(database, data_dir, &guard);
  std::vector<tenants::Tenant> demo;
  for (auto& t : tenants::TenantsRepository(database).load_all())
    if (guard.made_by_seed(t.id)) demo.push_back(std::move(t));
  structure::seed_structures(database, data_dir, demo);
  return demo;
}

inline payments::Payments::Deps payments_deps(db::Database& database, const core::Clock& clock, const Config& config) {
  // Stripe's keys are sealed with the configuration's secret key (the staff TOTP secrets' key); outside the dev
  // stage a start without it stops earlier (app.cpp), a command without it cannot open them.
  std::string seal_key = config.staff_secret_key;
  if (seal_key.empty() && config.stage == "dev") seal_key = staff_secret_key(config);
  return {database,         clock, config.payments_webhook_secret, config.stage == "dev", seal_key, config.stripe_api_base,
          config.stripe_checkout_origin};
}

}  // namespace portal::app
