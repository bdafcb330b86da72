#include "app/app.hpp"

#include <cstring>

#include <fstream>
#include <iterator>
#include <iostream>

#include "app/backlog_gauges.hpp"
#include "app/demo_seed_guard.hpp"
#include "app/demo_tenants.hpp"
#include "app/health_routes.hpp"
#include "app/idempotency_store.hpp"
#include "app/mail_system.hpp"
#include "app/page_data.hpp"
#include "app/portal_face.hpp"
#include "app/refund_policy.hpp"
#include "app/scheduler_runner.hpp"
#include "app/media_store_config.hpp"
#include "app/serve.hpp"
#include "app/web_app_routes.hpp"
#include "core/clock.hpp"
#include "core/lease.hpp"
#include "core/log.hpp"
#include "db/database.hpp"
#include "db/idempotency_repository.hpp"
#include "db/migrations.hpp"
#include "db/pool_stats.hpp"
#include "db/secrets.hpp"
#include "domains/apps/apps_module.hpp"
#include "domains/apps/apps_routes.hpp"
#include "domains/billing_mail/billing_mail.hpp"
#include "domains/cart/cart_module.hpp"
#include "domains/cart/cart_routes.hpp"
#include "domains/catalog/catalog_admin_routes.hpp"
#include "domains/catalog/catalog_module.hpp"
#include "domains/catalog/catalog_routes.hpp"
#include "domains/challenges/challenges_module.hpp"
#include "domains/challenges/challenges_routes.hpp"
#include "domains/customers/customer_actions_routes.hpp"
#include "domains/customers/customers_module.hpp"
#include "domains/customers/customers_routes.hpp"
#include "domains/engagement/engagement_module.hpp"
#include "domains/engagement/engagement_routes.hpp"
#include "domains/events/events_module.hpp"
#include "domains/events/events_routes.hpp"
#include "domains/games/games_module.hpp"
#include "domains/games/games_routes.hpp"
#include "domains/hosted/hosted_frame.hpp"
#include "domains/i18n/i18n_routes.hpp"
#include "domains/identity/identity_module.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/identity/identity_seed.hpp"
#include "domains/info_services/info_services_module.hpp"
#include "domains/info_services/info_services_routes.hpp"
#include "domains/media/media_module.hpp"
#include "domains/media/media_routes.hpp"
#include "domains/notifications/notifications_module.hpp"
#include "domains/notifications/notifications_routes.hpp"
#include "domains/parental_control/parental_control_module.hpp"
#include "domains/parental_control/parental_control_routes.hpp"
#include "domains/payments/payments_module.hpp"
#include "domains/payments/payments_routes.hpp"
#include "domains/payments/refunds_admin_routes.hpp"
#include "domains/payments/stripe_admin_routes.hpp"
#include "domains/payments/stripe_webhook.hpp"
#include "domains/privacy/privacy_module.hpp"
#include "domains/privacy/privacy_routes.hpp"
#include "domains/purchases/purchases_module.hpp"
#include "domains/purchases/purchases_routes.hpp"
#include "domains/reports/reports_module.hpp"
#include "domains/reports/reports_routes.hpp"
#include "domains/reports/usage_routes.hpp"
#include "domains/staff/staff_module.hpp"
#include "domains/staff/staff_routes.hpp"
#include "domains/staff/staff_seed.hpp"
#include "domains/streaming/streaming_module.hpp"
#include "domains/streaming/streaming_routes.hpp"
#include "domains/structure/structure_admin_routes.hpp"
#include "domains/structure/structure_module.hpp"
#include "domains/structure/structure_routes.hpp"
#include "domains/subscriptions/plans_admin_routes.hpp"
#include "domains/subscriptions/subscriptions_module.hpp"
#include "domains/subscriptions/subscriptions_routes.hpp"
#include "domains/tenants/settings_routes.hpp"
#include "domains/tenants/tenants_module.hpp"
#include "domains/tournaments/bracket_routes.hpp"
#include "domains/tournaments/tournaments_module.hpp"
#include "domains/tournaments/tournaments_routes.hpp"
#include "domains/vouchers/voucher_batches_routes.hpp"
#include "domains/vouchers/vouchers_module.hpp"
#include "domains/vouchers/vouchers_routes.hpp"
#include "domains/vouchers/vouchers_seed.hpp"
#include "domains/wallet/wallet_module.hpp"
#include "domains/wallet/wallet_routes.hpp"
#include "http/openapi.hpp"
#include "http/pipeline.hpp"

namespace portal::app {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

// How often an instance reads the tenants' configuration versions: a change through any
// instance shows on every other within this (plus a reload), under the 2 s the operators are promised.
constexpr std::chrono::seconds kConfigurationPoll{1};

// The key that signs a tenant's operator auto-login assertions: configured
// (config file or --operator-secret), else PORTAL_OPERATOR_SECRET_<TENANT>,
// else in the dev stage a known dev key (the dev operator page signs with
// it), else none: no auto-login.
std::string operator_secret(const Config& config, std::string_view tenant) {
  if (auto it = config.operator_secrets.find(std::string(tenant)); it != config.operator_secrets.end()) return it->second;
  std::string env = "PORTAL_OPERATOR_SECRET_";
  for (char c : tenant) env += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : (c == '-' ? '_' : c);
  if (const char* value = std::getenv(env.c_str()); value && std::strlen(value) >= 16) return value;
  return config.stage == "dev" ? "dev-operator-secret-not-for-production" : "";
}

// --dev-clock: POST /backend/dev/clock moves the one offset clock forward (empty without it).
std::function<std::string(std::int64_t)> clock_advancer(OffsetClock* dev_clock) {
  if (!dev_clock) return {};
  return [dev_clock](std::int64_t seconds) {
    // The moved clock stays below the year 2200 (far from the overflow of 2262).
    if (dev_clock->now() + std::chrono::seconds(seconds) > std::chrono::sys_days(std::chrono::year(2200) / 1 / 1))
      throw http::ErrorException(http::Error::invalid_field("advanceSeconds", "would move the clock past the year 2200"));
    dev_clock->advance(std::chrono::seconds(seconds));
    return subscriptions::format_time(dev_clock->now());
  };
}

std::filesystem::path catalog_seed_file(const Config& config) {
  if (!config.catalog_seed.empty()) return config.catalog_seed;
  return std::filesystem::path(config.data_dir) / "catalog" / "demo-catalog.json";
}

// Opens and migrates the database, and seeds it when asked.
std::unique_ptr<db::Database> prepare_database(const Config& config, const core::Clock& clock) {
  auto database =
      db::open(config.database, config.db_pool, std::chrono::milliseconds(config.db_checkout_timeout_ms));
  const auto migrations = db::load_migrations(config.migrations_dir, database->dialect());
  const int applied = db::migrate(*database, migrations);
  core::log_json(spdlog::level::info, "database ready",
                 {{"dialect", database->dialect()}, {"applied", applied}, {"version", db::current_version(*database)}});
  if (config.seed == "demo") {
    DemoSeedGuard guard(*database, clock);  // never undoes an operator's settings (core/seed_guard.hpp)
    seed_demo_tenants(*database, config.data_dir, &guard);
    identity::seed_demo_users(*database, config.data_dir, clock);
  }
  return database;
}

// A start-up step that failed: logged and told, and run() answers 1.
int start_up_failed(const std::exception& e, bool log = true) {
  if (log) core::log_json(spdlog::level::critical, "start-up failed", {{"error", e.what()}});
  std::cerr << "portal: " << e.what() << "\n";
  return 1;
}

// The demo staff, printed for the person who ran `make run` (dev stage) to enrol an authenticator.
void seed_demo_staff(const Config& config, db::Database& database, tenants::Tenants& tenants, const core::Clock& clock) {
  const auto accounts =
      staff::seed_demo_staff(database, tenants.repository.load_all(), clock, staff::TotpSeal(staff_secret_key(config)));
  if (config.stage != "dev") return;
  std::cout << "Demo staff (password " << staff::kDemoStaffPassword
            << "; sign in at /admin/login; a code: oathtool --totp -b SECRET):\n";
  for (const auto& a : accounts)
    std::cout << "  " << a.email << "  " << a.role << "  " << (a.tenant.empty() ? "(platform)" : a.tenant) << "  "
              << a.secret << "\n";
  std::cout << std::flush;
}

// The demo voucher codes, printed for the person who ran `make run` (the codes are stored hashed only). A code is
// as good as money, so only the dev stage prints them, as it alone prints the demo staff's secrets: another stage
// seeds them unprinted (an operator mints and sees codes with `portal issue-vouchers`).
void seed_demo_codes(db::Database& database, vouchers::Vouchers& vouchers, subscriptions::Subscriptions& subscriptions,
                     bool print) {
  const auto codes = vouchers::seed_demo_codes(database, vouchers.service, subscriptions.repository);
  if (codes.empty() || !print) return;
  std::cout << "Demo voucher codes (each redeems once; sign in, then \"Redeem a code\"):\n";
  for (const auto& c : codes)
    std::cout << "  " << c.tenant << "  " << c.code << "  " << c.type_name << " (type " << c.type_id << ")\n";
  std::cout << "More: build/portal issue-vouchers --tenant NAME --type TYPE_ID --count N\n" << std::flush;
}

// Every domain, made in order (each by the make_<domain> beside it), each after the domains it takes; destroyed in
// the reverse order. Demo data is seeded as each domain is made.
struct Domains {
  std::unique_ptr<catalog::Catalog> catalog;
  std::unique_ptr<notifications::Notifications> notifications;
  std::unique_ptr<tournaments::Tournaments> tournaments;
  std::unique_ptr<info_services::InfoServices> info_services;
  std::unique_ptr<i18n::I18nService> i18n;
  std::unique_ptr<structure::Structure> structure;
  std::unique_ptr<identity::OutboxRepository> outbox;
  MailSystem mail;
  std::unique_ptr<identity::Identity> identity;
  std::unique_ptr<payments::Payments> payments;
  std::unique_ptr<identity::OutboxMailer> sms;  // SMS are never sent over SMTP
  std::unique_ptr<billing_mail::BillingMail> billing_mail;
  std::unique_ptr<subscriptions::Subscriptions> subscriptions;
  std::unique_ptr<wallet::Wallet> wallet;
  std::unique_ptr<purchases::Purchases> purchases;
  std::unique_ptr<vouchers::Vouchers> vouchers;
  std::unique_ptr<cart::Cart> cart;
  std::unique_ptr<parental_control::ParentalControl> parental_control;
  std::unique_ptr<events::Events> events;
  std::unique_ptr<streaming::Streaming> streaming;
  std::unique_ptr<games::Games> games;
  std::unique_ptr<engagement::Engagement> engagement;
  std::unique_ptr<challenges::Challenges> challenges;
  std::unique_ptr<apps::Apps> apps;
  std::unique_ptr<staff::Staff> staff;
  std::unique_ptr<store::MediaStore> media_store;  // where uploads' chunks and jobs' results live
  std::unique_ptr<media::Media> media;
  std::unique_ptr<customers::Customers> customers;
  std::unique_ptr<privacy::Privacy> privacy;
  std::unique_ptr<reports::Reports> reports;
};

// Throws when a domain cannot start (a broken demo file, an SMTP setting that cannot be used).
void make_domains(Domains& d, const Config& config, db::Database& database, const core::Clock& clock,
                  tenants::Tenants& tenants) {
  const bool demo = config.seed == "demo", dev = config.stage == "dev";
  const std::filesystem::path data_dir(config.data_dir);
  d.catalog = catalog::make_catalog({database, clock, std::chrono::seconds(config.media_url_ttl),
                                     static_cast<std::size_t>(config.search_index_mb) << 20});
  DemoSeedGuard seed_guard(database, clock);  // the demo seed never undoes an operator's work
  if (demo) d.catalog->seed_demo(database, catalog_seed_file(config), &seed_guard);
  d.notifications = notifications::make_notifications({database, clock});
  d.tournaments = tournaments::make_tournaments({database, d.catalog->repository, clock, &d.notifications->service,
                                                 data_dir / "tournaments" / "media.json"});
  if (demo) d.tournaments->seed_demo(database);
  if (demo) info_services::seed_info_services(database, data_dir / "info-services" / "demo.json");
  d.info_services = info_services::make_info_services({database, clock});
  d.i18n = std::make_unique<i18n::I18nService>(config.locales_dir);
  d.structure = structure::make_structure({database, clock, tenants.refresh, data_dir / "templates" / "structures"});
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
  d.payments = payments::make_payments(payments_deps(database, clock, config));
  d.sms = std::make_unique<identity::OutboxMailer>(*d.outbox, clock);
  // Mail the customer can keep (issue 34): receipts, refund receipts, price and trial notices, dunning.
  d.billing_mail = std::make_unique<billing_mail::BillingMail>(
      billing_mail::BillingMailDeps{d.identity->users, *d.mail.mailer, database, tenants.by_id,
                                    [&payments = d.payments->service](std::string_view provider) {
                                      const auto* p = payments.provider(provider);
                                      return p && p->needs_pin();
                                    }});
  d.subscriptions = subscriptions::make_subscriptions(
      {database, d.payments->service, d.identity->users, *d.sms, *d.i18n, clock, tenants.by_id, dev,
       &d.notifications->service, *d.billing_mail, tenants.refresh});
  if (demo) d.subscriptions->seed_demo(database, data_dir, clock, &seed_guard);
  d.wallet = wallet::make_wallet({database, d.catalog->service});
  d.purchases = purchases::make_purchases({database, d.wallet->repository, d.subscriptions->credits,
                                           d.payments->service, *d.sms, *d.i18n, clock, d.catalog->service,
                                           d.subscriptions->service, d.identity->devices, tenants.by_id, dev,
                                           &d.notifications->service});
  // A single purchase's receipt names its article, in the customer's language (issue 47 item 5).
  d.billing_mail->name_items(std::string(purchases::kPaymentPurpose), [&d](const payments::Payment& p) -> billing_mail::NameIn {
    auto purchase = d.purchases->repository.purchase(p.reference);
    if (!purchase) return {};
    return [&d, tenant_id = purchase->tenant_id, article_id = purchase->article_id](const std::string& lang) {
      auto article = d.catalog->service.article_answer(tenant_id, article_id, lang);
      return article ? article->title : std::string();
    };
  });
  d.vouchers = vouchers::make_vouchers({database, d.subscriptions->repository, d.payments->service, *d.mail.mailer,
                                        clock, d.catalog->repository, d.identity->users, tenants.by_id,
                                        &d.notifications->service});
  d.cart = cart::make_cart({database, d.vouchers->service, tenants.by_id, clock});
  if (demo) seed_demo_codes(database, *d.vouchers, *d.subscriptions, dev);
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
                               config.media_upload_expiry});
  d.customers = customers::make_customers({database, d.identity->users, clock});
  d.privacy = privacy::make_privacy({database, clock, *d.i18n, tenants.by_id, d.mail.runner != nullptr,
                                     [runner = d.mail.runner.get()] {
                                       if (runner) runner->wake();
                                     }});
  d.reports = reports::make_reports({database, clock});
  // Refunds (issue 34): the one refund policy (app/refund_policy.cpp), and the receipt a succeeded refund sends.
  d.payments->service.set_refund_policy(
      refund_policy(d.subscriptions->service, d.purchases->service, d.vouchers->service));
  d.payments->service.set_refund_vet(refund_vet(d.vouchers->service));
  d.payments->service.set_refund_preview(refund_preview(d.vouchers->service));
  // One currency per tenant (issue 45 item 15): a settings change of the currency names what is still priced in the old.
  tenants.settings.set_priced_in([&d](std::int64_t tenant_id, const std::string& currency) {
    tenants::SettingsService::Priced out;
    for (const auto& t : d.subscriptions->repository.load_plans(tenant_id).types)
      if (t.price.currency == currency || (t.promotion_price && t.promotion_price->currency == currency))
        out.plans.push_back(t.id);
    out.articles = d.catalog->repository.priced_in(tenant_id, currency);
    return out;
  });
  d.payments->service.set_on_refunded([&d](const payments::Refund& r) {
    if (auto p = d.payments->service.payment(r.payment_id))
      d.billing_mail->refund_receipt(r.tenant_id, p->user_uuid, *p, r.amount);
  });
}

// The deps the identity, subscriptions and staff routes keep by reference: they live as long as the routers.
struct KeptRouteDeps {
  identity::RouteDeps identity;
  subscriptions::RouteDeps subscriptions;
  staff::RouteDeps staff;
};

KeptRouteDeps kept_route_deps(Domains& d, const Config& config, tenants::Tenants& tenants, asio::thread_pool& db_pool,
                              OffsetClock* dev_clock) {
  const bool dev = config.stage == "dev";
  const auto by_name = [&tenants](std::string_view name) { return tenants.registry->by_name(name); };
  return {{d.identity->service, *d.outbox, *d.i18n, db_pool, by_name, dev,
           [&config](std::string_view name) { return operator_secret(config, name); }},
          {d.subscriptions->service, *d.i18n, db_pool, dev, clock_advancer(dev_clock)},
          {d.staff->service, d.staff->audit, *d.i18n, db_pool, by_name, [&tenants] { return tenants.registry->all(); }}};
}

// The backend's route table, in the order the OpenAPI document lists it.
void add_backend_routes(http::Router& backend, Domains& d, const KeptRouteDeps& kept, tenants::Tenants& tenants,
                        asio::thread_pool& db_pool) {
  backend.add(i18n::i18n_routes(*d.i18n));
  backend.add(structure::structure_routes(d.structure->service, db_pool));
  backend.add(events::events_routes(d.events->service, db_pool));
  backend.add(catalog::catalog_routes(d.catalog->service, db_pool, [&d](std::int64_t tenant_id, const std::string& uuid) {
    return d.wallet->repository.owned_ids(tenant_id, uuid);
  }));
  backend.add(catalog::catalog_admin_routes({d.catalog->admin, db_pool}));
  backend.add(tournaments::tournaments_routes(d.tournaments->service, db_pool));
  backend.add(tournaments::bracket_routes(d.tournaments->brackets, d.tournaments->media, db_pool));
  backend.add(notifications::notifications_routes(d.notifications->service, db_pool));
  backend.add(info_services::info_services_routes(d.info_services->service, db_pool));
  backend.add(identity::identity_routes(kept.identity));
  backend.add(identity::hosted_routes(kept.identity));
  backend.add(subscriptions::subscriptions_routes(kept.subscriptions));
  backend.add(subscriptions::checkout_routes(kept.subscriptions));
  backend.add(subscriptions::pay_again_routes(kept.subscriptions));
  const payments::PaymentsService::Then settled = [&d](db::Session& s, const payments::Payment& p) {
    d.subscriptions->service.on_payment_settled(s, p);
  };
  backend.add(payments::payments_routes(d.payments->service, settled, db_pool));
  backend.add(payments::stripe_webhook_routes({d.payments->service, d.payments->repository, d.payments->stripe_accounts,
                                               d.payments->stripe_client, d.payments->service.clock(), settled, db_pool}));
  backend.add(wallet::wallet_routes(d.wallet->service, db_pool));
  backend.add(purchases::purchases_routes({d.purchases->service, d.catalog->service, *d.i18n, db_pool}));
  backend.add(streaming::streaming_routes(d.streaming->service, db_pool));
  backend.add(games::games_routes(d.games->service, db_pool));
  backend.add(engagement::engagement_routes(d.engagement->service, db_pool));
  backend.add(challenges::challenges_routes(d.challenges->service, db_pool));
  backend.add(apps::apps_routes(d.apps->service, db_pool));
  backend.add(vouchers::vouchers_routes(d.vouchers->service, db_pool));
  backend.add(parental_control::parental_control_routes(d.parental_control->service, *d.i18n, db_pool));
  backend.add(cart::cart_routes(d.cart->service, *d.i18n, db_pool));
  backend.add(staff::staff_routes(kept.staff));
  backend.add(tenants::settings_routes({tenants.settings, db_pool}));
  backend.add(vouchers::voucher_batch_routes({d.vouchers->service, db_pool}));  // the console's vouchers page
  backend.add(media::media_routes({d.media->service, db_pool}));
  backend.add(structure::structure_admin_routes({d.structure->admin, db_pool}));
  backend.add(subscriptions::plans_admin_routes({d.subscriptions->plans_admin, db_pool}));
  backend.add(customers::customers_routes({d.customers->service, db_pool}));
  backend.add(payments::refunds_admin_routes({d.payments->service, db_pool}));
  backend.add(payments::stripe_admin_routes(
      {d.payments->stripe_accounts, d.payments->stripe_client,
       [&plans = d.subscriptions->plans_admin](std::int64_t tenant_id) {
         for (const auto& o : plans.payment_options(tenant_id))
           if (o.provider == "stripe") return true;
         return false;
       },
       db_pool}));
  backend.add(customers::customer_actions_routes({d.customers->actions, d.subscriptions->service,
                                                  d.purchases->service, d.vouchers->service, d.identity->service,
                                                  d.parental_control->service, *d.i18n, db_pool}));
  backend.add(privacy::privacy_routes({d.privacy->service, d.identity->service, db_pool}));
  backend.add(reports::reports_routes({d.reports->service, db_pool}));
  backend.add(reports::usage_routes({d.reports->usage, d.reports->royalties, db_pool}));
}

// --write-openapi FILE: the document the build commits as docs/openapi.json. An unchanged
// document is not written again: what is built from it (the client) stays up to date.
int write_openapi(const http::Router& backend, const std::string& file) {
  const std::string text = http::pretty_json(http::openapi_document(backend));
  if (std::ifstream in(file, std::ios::binary); in) {
    const std::string old((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (old == text) return 0;
  }
  std::ofstream out(file, std::ios::binary);
  out << text;
  if (!out.flush()) {
    std::cerr << "portal: cannot write " << file << "\n";
    return 1;
  }
  return 0;
}

constexpr std::string_view kNoTenants =
    "portal: the database has no tenants. Create one with\n"
    "  portal tenant create NAME --host HOST [--language LANG]\n"
    "or import a tenant file (docs/tenants.md) with\n"
    "  portal tenant import FILE\n"
    "then invite its owner with\n"
    "  portal staff invite --tenant NAME --email E --role owner\n"
    "(or start with --seed demo for the demo tenants and accounts).\n";

}  // namespace

int run(const Config& config) {
  core::init_logging(config.log_level);
  core::SystemClock system_clock;
  // --dev-clock: one offset clock for the whole server, so moved time is seen
  // by renewals, trials, PINs and tokens alike.
  std::unique_ptr<OffsetClock> dev_clock;
  if (config.dev_clock) dev_clock = std::make_unique<OffsetClock>(system_clock);
  const core::Clock& clock = dev_clock ? static_cast<const core::Clock&>(*dev_clock) : system_clock;

  if (config.test_cheap_password_hashes) identity::set_password_hash_cost(identity::PasswordHashCost::least);
  try {
    (void)staff_secret_key(config);  // outside the dev stage a missing key stops the start here
  } catch (const std::exception& e) {
    return start_up_failed(e);
  }
  std::unique_ptr<db::Database> database;
  try {
    database = prepare_database(config, clock);
  } catch (const std::exception& e) {
    return start_up_failed(e);
  }
  std::unique_ptr<tenants::Tenants> tenants;
  try {
    tenants = tenants::make_tenants({*database});
  } catch (const std::exception& e) {
    return start_up_failed(e, false);
  }
  if (tenants->registry->all().empty() && config.write_openapi.empty()) {
    std::cerr << kNoTenants;
    return 1;
  }
  try {
    if (config.seed == "demo") seed_demo_staff(config, *database, *tenants, clock);
  } catch (const std::exception& e) {
    return start_up_failed(e);
  }
  // Hosted form tokens are signed with one key for every instance.
  hosted::set_form_key(db::shared_secret(*database, "forms"));

  asio::thread_pool db_pool(static_cast<std::size_t>(config.db_pool));
  Domains d;
  try {
    make_domains(d, config, *database, clock, *tenants);
  } catch (const std::exception& e) {
    return start_up_failed(e);
  }
  // A user's active parental limit (blocking): the page shell and every signed-in call ask it.
  const auto parental_limit = [&d](std::int64_t tenant_id, const std::string& uuid) {
    return d.parental_control->service.active_limit(tenant_id, uuid);
  };
  PortalFace portal_face(config, *d.i18n,
                         make_page_data(d.structure->service, d.identity->service, d.catalog->service, db_pool,
                                        parental_limit));
  http::Metrics metrics;
  // An object store answers /media/generated and /media/secure itself; the folder store is the media root.
  if (!d.media_store->folder()) portal_face.set_object_store(d.media_store.get());

  const KeptRouteDeps kept = kept_route_deps(d, config, *tenants, db_pool, dev_clock.get());
  http::Router backend;
  add_backend_routes(backend, d, kept, *tenants, db_pool);
  // Reports' refresh job (claimed: one instance at a time), every --reports-interval seconds.
  const bool reports_on = config.write_openapi.empty() && config.reports_interval > 0;
  d.reports->refresher.set_test_delay(std::chrono::milliseconds(config.test_work_delay_ms));
  SchedulerRunner reports_runner(std::chrono::seconds(reports_on ? config.reports_interval : 0),
                                 [&d] { d.reports->refresher.refresh_all(); });
  // A run whose instance died mid-way (its lease lapsed, core/lease.hpp) is taken over within 30 seconds.
  SchedulerRunner reports_takeover(reports_on ? core::kLeaseLook : std::chrono::seconds(0),
                                   [&d] { d.reports->refresher.resume_lapsed(); });
  backend.add(http::openapi_route(backend));  // last: it describes the whole table
  if (!config.write_openapi.empty()) return write_openapi(backend, config.write_openapi);

  metrics.gauge("portal_file_cache_bytes", "Bytes of static and media files kept in memory (bounded).",
                [&portal_face] { return static_cast<double>(portal_face.file_cache_bytes()); });
  // The database pool (db/pool_stats.hpp): a pool that stays busy, or callers that wait, need more connections.
  metrics.gauge("portal_db_pool_size", "Connections the database pool may open (SQLite: readers and the writer).",
                [size = config.db_pool + (database->dialect() == "sqlite" ? 1 : 0)] { return static_cast<double>(size); });
  metrics.gauge("portal_db_connections_in_use", "Database connections lent out now.",
                [] { return static_cast<double>(db::pool_stats().in_use.load()); });
  metrics.gauge("portal_db_waiting", "Calls waiting now for a free database connection.",
                [] { return static_cast<double>(db::pool_stats().waiting.load()); });
  metrics.gauge("portal_db_pool_exhausted", "Calls since the start that found no free connection in time (503).",
                [] { return static_cast<double>(db::pool_stats().exhausted.load()); });
  metrics.gauge("portal_search_index_bytes", "Memory of the tenants' catalog search indexes in use.",
                [&d] { return static_cast<double>(d.catalog->service.search_index_bytes()); });
  metrics.gauge("portal_search_indexes", "Tenants whose catalog search index is kept in memory.",
                [&d] { return static_cast<double>(d.catalog->service.search_indexes_kept()); });
  metrics.gauge("portal_search_index_evictions", "Search indexes dropped since the start to keep under --search-index-mb.",
                [&d] { return static_cast<double>(d.catalog->service.search_index_evictions()); });
  // The backlogs to alert on (app/backlog_gauges.hpp), read every 15 s off the request path.
  BacklogGauges backlog;
  metrics.gauge("portal_mail_outbox_oldest_seconds", "Age of the oldest mail waiting for delivery (0: none).",
                [&backlog] { return backlog.mail_oldest_seconds(); });
  metrics.gauge("portal_media_job_queue_oldest_seconds", "Age of the oldest queued media job (0: none).",
                [&backlog] { return backlog.media_job_oldest_seconds(); });
  metrics.gauge("portal_media_jobs_failed_last_hour", "Media jobs that failed in the last hour.",
                [&backlog] { return backlog.media_jobs_failed_last_hour(); });
  backlog.refresh(*d.outbox, d.media->repository, clock);
  SchedulerRunner backlog_watch(kBacklogLook, [&] { backlog.refresh(*d.outbox, d.media->repository, clock); });
  http::Router portal;
  portal.add(portal_face.routes());
  portal.add(web_app_routes());  // the tenant's web app manifest (install as an app)
  portal.add(staff::staff_pages(kept.staff));  // /admin/login
  portal.add(health_routes(*database, db_pool, metrics));

  auto& registry = *tenants->registry;
  http::PipelineHooks hooks;
  hooks.tenant_by_name = [&](std::string_view name) { return registry.by_name(name); };
  hooks.tenant_by_host = [&](std::string_view host) { return registry.by_host_or_default(host); };
  hooks.origin_allowed = [&](std::string_view origin, const tenants::Tenant* tenant, const tenants::Reached& reached) {
    if (tenant) return tenants::origin_belongs_to(*tenant, origin, reached);
    const auto all = registry.all();  // a preflight: any tenant's own origin
    return std::any_of(all.begin(), all.end(), [&](const auto& t) { return tenants::origin_belongs_to(*t, origin, reached); });
  };
  hooks.authenticate = [&](http::RequestContext& ctx) {
    // The parental limit rides with the user (parental_control_rules.hpp), read in the token's database trip.
    return identity::authenticate_request(d.identity->service, db_pool, ctx, parental_limit);
  };
  hooks.authenticate_staff = [&](http::RequestContext& ctx) {
    return staff::authenticate_staff(d.staff->service, db_pool, ctx);
  };
  hooks.portal_fallback = [&](http::RequestContext& ctx) { return portal_face.fallback(ctx); };
  db::IdempotencyRepository idempotency_repository(*database);
  hooks.idempotency = std::make_shared<DbIdempotencyStore>(
      idempotency_repository, db_pool, clock, std::chrono::seconds(config.idempotency_stale_after),
      std::chrono::milliseconds(config.test_delay_after_commit_ms));
  hooks.trusted_proxy = [&](std::string_view peer) {
    return std::find(config.trusted_proxies.begin(), config.trusted_proxies.end(), peer) != config.trusted_proxies.end();
  };
  http::Pipeline pipeline(backend, portal, metrics, std::move(hooks));

  SchedulerRunner scheduler(std::chrono::seconds(config.scheduler_interval), [&] {
    d.subscriptions->service.run_scheduler();
    d.vouchers->service.fulfil_due();  // codes of orders whose payment settled
  });
  // A charge whose instance died between its provider's answer and its record (its lease lapsed): the
  // provider is asked what became of it and the answer recorded, within 30 seconds (core/lease.hpp).
  d.payments->service.set_test_delay(std::chrono::milliseconds(config.test_work_delay_ms));
  SchedulerRunner payments_takeover(config.scheduler_interval > 0 ? core::kLeaseLook : std::chrono::seconds(0),
                                    [&d] { d.payments->service.resume_lapsed(); });
  // Live configuration (docs/operations.md "Live configuration"): each second the tenants'
  // versions, one small query; a change made through any instance reloads them here, and every
  // per-tenant cache keyed by a tenant's version (structures, plans, page shells, lists) follows.
  SchedulerRunner configuration_watch(kConfigurationPoll, [&] {
    try {
      if (const auto moved = registry.refresh(); !moved.empty())
        core::log_json(spdlog::level::info, "tenant configuration reloaded", {{"tenants", moved.size()}});
    } catch (const std::exception& e) {  // the database away for a moment: the snapshot stays, the next tick retries
      core::log_json(spdlog::level::warn, "tenant configuration not refreshed", {{"error", e.what()}});
    }
  });
  auto& media = d.media->service;
  media.set_test_delay(std::chrono::milliseconds(config.test_work_delay_ms));
  SchedulerRunner media_worker(std::chrono::seconds(config.media_job_interval), [&] {
    media.run_due();
    media.expire_abandoned();  // unfinished uploads left alone past --media-upload-expiry, with their staged bytes
  });
  media.on_queued = [&media_worker] { media_worker.wake(); };
  const int code = serve(config, pipeline, metrics, registry);
  // SIGTERM: the work under way hands its claims back (core/lease.hpp), so another instance takes it at once.
  media.stop();  // the job under way halts its tools and goes back to the queue
  media_worker.stop();
  d.reports->refresher.stop();  // a refresh under way stops after its day and releases its claim
  reports_takeover.stop();
  reports_runner.stop();
  configuration_watch.stop();
  backlog_watch.stop();
  payments_takeover.stop();  // a takeover under way records its answer first
  scheduler.stop();  // a charge under way is recorded, never handed back: its provider may have taken the money
  if (d.mail.runner) d.mail.runner->stop();  // a delivery under way ends first; its claim lapses otherwise
  db_pool.join();
  return code;
}

}  // namespace portal::app
