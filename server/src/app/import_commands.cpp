#include "app/app.hpp"

// The commands that load or mint data offline: `portal import-catalog|import-subscriptions` and
// `portal issue-vouchers` (app.hpp). Each opens and migrates the database and makes only the domains it needs.
#include <algorithm>
#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <iostream>

#include "app/demo_seed_guard.hpp"
#include "app/demo_tenants.hpp"
#include "core/clock.hpp"
#include "core/log.hpp"
#include "db/database.hpp"
#include "db/migrations.hpp"
#include "db/timestamp.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/catalog/catalog_seed.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/payments/payments_module.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"
#include "domains/subscriptions/subscriptions_seed.hpp"
#include "domains/subscriptions/subscriptions_service.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "domains/vouchers/voucher_batches_dto.hpp"
#include "domains/vouchers/vouchers_module.hpp"

namespace portal::app {

int run_issue_vouchers(const Config& config, const IssueVouchers& args) {
  core::init_logging(config.log_level);
  core::SystemClock clock;
  try {
    auto database = db::open(config.database, 1);
    db::migrate(*database, db::load_migrations(config.migrations_dir, database->dialect()));
    tenants::TenantsRepository tenants_repository(*database);
    const auto all = tenants_repository.load_all();
    const auto named = std::find_if(all.begin(), all.end(), [&](const tenants::Tenant& t) { return t.name == args.tenant; });
    if (named == all.end()) {
      std::cerr << "portal issue-vouchers: no tenant named '" << args.tenant << "'\n";
      return 1;
    }
    const std::int64_t tenant_id = named->id;
    auto payments = payments::make_payments(payments_deps(*database, clock, config));
    subscriptions::SubscriptionsRepository subscriptions_repository(*database);
    catalog::CatalogRepository catalog_repository(*database);
    identity::UsersRepository users(*database);
    identity::OutboxRepository outbox(*database);
    identity::OutboxMailer mailer(outbox, clock);
    auto vouchers = vouchers::make_vouchers(
        {*database, subscriptions_repository, payments->service, mailer, clock, catalog_repository, users,
         [&](std::int64_t id) -> std::shared_ptr<const tenants::Tenant> {
           for (const auto& t : all)
             if (t.id == id) return std::make_shared<const tenants::Tenant>(t);
           return nullptr;
         }});
    auto& service = vouchers->service;
    // A batch of source "cli", in the audit log as the console's are (actor "cli").
    auto minted = service.issue(tenant_id, args.type_id, args.count, args.valid_days, args.note,
                                [&](db::Session& s, const vouchers::AdminChange& c) {
                                  audit::Entry e;
                                  e.at = db::utc_timestamp();
                                  e.tenant_id = tenant_id;
                                  e.actor_id = "cli";
                                  e.actor_role = "cli";
                                  e.action = c.action;
                                  e.call = "portal issue-vouchers";
                                  e.object_type = c.object_type;
                                  e.object_id = c.object_id;
                                  e.before = nullptr;
                                  if (c.batch_after) e.after = boost::json::value_from(vouchers::batch_dto(*c.batch_after));
                                  audit::AuditRepository::append(s, e);
                                });
    if (!minted) {
      std::cerr << "portal issue-vouchers: " << minted.error().message << "\n";
      return 1;
    }
    std::cerr << "batch " << minted->batch.id << "\n";
    for (const auto& code : minted->codes) std::cout << code << "\n";
    return std::cout.flush() ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "portal issue-vouchers: " << e.what() << "\n";
    return 1;
  }
}

int run_import(const Config& config, const std::string& file, const std::string& tenant, bool prune) {
  core::init_logging(config.log_level);
  core::SystemClock clock;
  try {
    auto database = db::open(config.database, 1);
    db::migrate(*database, db::load_migrations(config.migrations_dir, database->dialect()));
    if (config.seed == "demo") {  // tenants and their structures, never undoing an operator's settings
      DemoSeedGuard guard(*database, clock);
      (void)seed_demo_tenants(*database, config.data_dir, guard);
    }
    if (config.command == "import-subscriptions") {
      auto payments = payments::make_payments(payments_deps(*database, clock, config));
      subscriptions::SubscriptionsRepository repository(*database);
      identity::UsersRepository users(*database);
      identity::OutboxRepository outbox(*database);
      identity::OutboxMailer sms(outbox, clock);
      i18n::I18nService i18n(config.locales_dir);
      subscriptions::SubscriptionsService service({repository, payments->service, users, sms, i18n, clock, {}, false});
      auto result = subscriptions::import_plans_file(*database, service, file, tenant);
      if (!result) {
        std::cerr << "portal import-subscriptions: " << result.error().message << "\n";
        return 1;
      }
      std::cout << "imported " << result->types << " subscription types and " << result->groups << " groups into "
                << tenant << "\n";
      return 0;
    }
    catalog::CatalogRepository repository(*database);
    catalog::CatalogService service(repository, clock);
    auto result = catalog::import_catalog_file(*database, service, file, tenant, prune);
    if (!result) {
      std::cerr << "portal import-catalog: " << result.error() << "\n";
      return 1;
    }
    std::cout << "imported " << result->articles << " articles and " << result->categories << " categories into "
              << tenant << " (" << result->challenges << " challenges, " << result->pruned << " articles pruned)\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "portal import-catalog: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace portal::app
