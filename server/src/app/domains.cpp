#include "app/domains.hpp"
#include "domains/bulk/bulk_customers.hpp"
#include "domains/bulk/bulk_plans.hpp"
#include "domains/bulk/bulk_vouchers.hpp"

#include "app/network_login.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include "app/demo_seed_guard.hpp"
#include "app/demo_tenants.hpp"
#include "app/media_store_config.hpp"
#include "domains/vouchers/vouchers_seed.hpp"

namespace portal::app {

namespace {

std::filesystem::path catalog_seed_file(const Config& config) {
  if (!config.catalog_seed.empty()) return config.catalog_seed;
  return std::filesystem::path(config.data_dir) / "catalog" / "demo-catalog.json";
}

// The demo voucher codes, printed for the person who ran `make run` (the codes are stored hashed only). A code is
// as good as money, so only the dev stage prints them, as it alone prints the demo staff's secrets: another stage
// seeds them unprinted (an operator mints and sees codes with `portal issue-vouchers`).
void seed_demo_codes(db::Database& database, vouchers::Vouchers& vouchers, subscriptions::Subscriptions& subscriptions,
                     const std::vector<tenants::Tenant>& demo_tenants, bool print) {
  const auto codes = vouchers::seed_demo_codes(database, vouchers.service, subscriptions.repository, demo_tenants);
  if (codes.empty() || !print) return;
  std::cout << "Demo voucher codes (each redeems once; sign in, then \"Redeem a code\"):\n";
  for (const auto& c : codes)
    std::cout << "  " << c.tenant << "  " << c.code << "  " << c.type_name << " (type " << c.type_id << ")\n";
  std::cout << "More: build/portal issue-vouchers --tenant NAME --type TYPE_ID --count N\n" << std::flush;
}

}  // namespace

void make_domains(Domains& d, const Config& config, db::Database& database, const core::Clock& clock,
                  tenants::Tenants& tenants, const std::vector<tenants::Tenant>& demo_tenants,
                  db::Database* reads) {
  const bool demo = config.seed == "demo", dev = config.stage == "dev";
  const std::filesystem::path data_dir(config.data_dir);
  d.catalog = catalog::make_catalog({database, clock, std::chrono::seconds(config.media_url_ttl),
                                     static_cast<std::size_t>(config.search_index_mb) << 20, reads});
  DemoSeedGuard seed_guard(database, clock);  // the demo seed never undoes an operator's work
  if (demo) d.catalog->seed_demo(database, catalog_seed_file(config), demo_tenants, &seed_guard);
  d.notifications = notifications::make_notifications({database, clock});
  d.tournaments = tournaments::make_tournaments({database, d.catalog->repository, clock, &d.notifications->service,
                                                 data_dir / "tournaments" / "media.json"});
  if (demo) d.tournaments->seed_demo(database, demo_tenants);
  if (demo) info_services::seed_info_services(database, data_dir / "info-services" / "demo.json", demo_tenants);
  d.info_services = info_services::make_info_services({database, clock});
  d.i18n = std::make_unique<i18n::I18nService>(config.locales_dir);
  d.structure =
      structure::make_structure({database, clock, tenants.refresh, data_dir / "templates" / "structures", reads});
  // Every tenant has a home, a header and a footer: one made before the templates, or by a file that left them
  // out, gets the templates' (never over a structure that exists).
  for (const auto& t : tenants.repository.load_all()) d.structure->templates.seed_missing(d.structure->repository, t.id, false);
  d.outbox = std::make_unique<identity::OutboxRepository>(database);
  try {
    d.mail = make_mail(config, *d.outbox, clock);
  } catch (const std::exception& e) {  // a TLS context that cannot be made (an unreadable CA file)
    throw std::runtime_error(std::string("mail: ") + e.what());
  }
  d.identity = identity::make_identity({database, *d.mail.mailer, clock, config.registrations_per_hour});
  auto payment_deps = payments_deps(database, clock, config);
  payment_deps.public_origin = [by_id = tenants.by_id, sink = config.camara_sink_origin](std::int64_t tenant_id) {
    if (!sink.empty()) return sink;  // one origin for the operators' notifications of every tenant
    auto t = by_id(tenant_id);
    return t ? t->public_origin : std::string();
  };
  d.payments = payments::make_payments(std::move(payment_deps));
  d.network_login = network_login(d.payments->camara_login);
  d.sms = std::make_unique<identity::OutboxMailer>(*d.outbox, clock);
  // Mail the customer can keep (issue 34): receipts, refund receipts, price and trial notices, dunning.
  d.billing_mail = std::make_unique<billing_mail::BillingMail>(
      billing_mail::BillingMailDeps{d.identity->users, *d.mail.mailer, database, tenants.by_id,
                                    [&payments = d.payments->service](std::string_view provider) {
                                      const auto* p = payments.provider(provider);
                                      return p && p->needs_pin();
                                    },
                                    [&accounts = d.payments->camara_accounts](std::int64_t tenant_id, std::string_view provider) {
                                      if (provider != "camara") return std::string();
                                      auto a = accounts.view(tenant_id);
                                      return a ? a->operator_name : std::string();
                                    }});
  d.subscriptions = subscriptions::make_subscriptions(
      {database, d.payments->service, d.identity->users, *d.sms, *d.i18n, clock, tenants.by_id, dev,
       &d.notifications->service, *d.billing_mail, tenants.refresh});
  if (demo) d.subscriptions->seed_demo(database, data_dir, clock, demo_tenants, &seed_guard);
  d.wallet = wallet::make_wallet({database, d.catalog->service});
  d.purchases = purchases::make_purchases({database, d.wallet->repository, d.subscriptions->credits,
                                           d.payments->service, *d.sms, *d.i18n, clock, d.catalog->service,
                                           d.subscriptions->service, d.identity->devices, tenants.by_id, dev,
                                           &d.notifications->service});
  d.vouchers = vouchers::make_vouchers({database, d.subscriptions->repository, d.payments->service, *d.mail.mailer,
                                        clock, d.catalog->repository, d.identity->users, tenants.by_id,
                                        &d.notifications->service});
  d.cart = cart::make_cart({database, d.vouchers->service, tenants.by_id, clock});
  if (demo) seed_demo_codes(database, *d.vouchers, *d.subscriptions, demo_tenants, dev);
  d.parental_control = parental_control::make_parental_control({database, *d.mail.mailer, d.identity->users, clock});
  d.events = events::make_events({database, clock});
  d.streaming = streaming::make_streaming({database, d.purchases->service, d.catalog->service, d.events->service,
                                           clock, config.play_tickets_per_window});
  d.games = games::make_games(
      {database, d.purchases->service, d.catalog->service, d.events->service, clock, data_dir / "games"});
  d.engagement = engagement::make_engagement({database, d.catalog->service, clock});
  d.challenges = challenges::make_challenges(
      {database, d.catalog->service, &d.notifications->service, d.events->service, clock});
  d.apps = apps::make_apps({database, clock});
  d.staff = staff::make_staff({database, *d.mail.mailer, *d.i18n, clock, staff_secret_key(config)});
  d.media_store = make_media_store(config);
  d.media = media::make_media({database, *d.media_store, media_work_root(config),
                               static_cast<std::int64_t>(config.body_limit), config.media_size_limits, clock,
                               config.media_upload_expiry, config.media_removal_grace,
                               media::Workers{config.media_workers > 0 ? config.media_workers
                                                                       : media::default_media_workers(),
                                              config.media_jobs_per_tenant},
                               std::chrono::seconds(std::max(config.media_job_interval, 1))});
  d.customers = customers::make_customers({database, d.identity->users, clock});
  d.console_search = console_search::make_console_search({database, d.customers->service, d.catalog->service});
  d.privacy = privacy::make_privacy({database, clock, *d.i18n, tenants.by_id, d.mail.runner != nullptr,
                                     [runner = d.mail.runner.get()] {
                                       if (runner) runner->wake();
                                     }});
  d.reports = reports::make_reports({database, clock, reads});
  webhooks::DeliveryPolicy webhook_policy;
  webhook_policy.first_retry = std::chrono::seconds(config.webhook_first_retry);
  if (dev) webhook_policy.test_delay = std::chrono::milliseconds(config.test_work_delay_ms);
  d.webhooks = webhooks::make_webhooks(
      {database, clock, staff_secret_key(config), dev, webhook_policy,
       // A disabled endpoint's owners hear of it by mail, each in their language (app/domains.cpp).
       [&d, by_id = tenants.by_id](std::int64_t tenant_id, const std::string&, const std::string& url) {
         const auto t = by_id(tenant_id);
         if (!t) return;
         const std::string link = t->public_origin.empty() ? std::string("/admin/webhooks")
                                                           : t->public_origin + "/admin/webhooks";
         for (const auto& a : d.staff->repository.of_tenant(tenant_id))
           if (a.role == staff::Role::owner && a.status == "active")
             d.billing_mail->webhook_disabled(*t, a.email, a.language, url, link);
       }});
  bulk::RunnerPolicy bulk_policy;
  if (dev) bulk_policy.test_delay = std::chrono::milliseconds(config.test_work_delay_ms);
  d.bulk = bulk::make_bulk({database, clock, d.catalog->admin, bulk_policy});
  d.bulk->service.add_kind(bulk::kPlans, bulk::plans_kind(d.subscriptions->plans_admin));
  d.bulk->service.add_kind(bulk::kCustomers, bulk::customers_kind(d.identity->service));
  d.bulk->service.add_kind(bulk::kVouchers, bulk::vouchers_kind(d.vouchers->service));
  connect_domains(d, tenants);
}

}  // namespace portal::app
