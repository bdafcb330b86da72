#include "app/app.hpp"

#include <cstring>

#include <fstream>
#include <iostream>

#include "app/health_routes.hpp"
#include "app/idempotency_store.hpp"
#include "app/page_data.hpp"
#include "app/refund_policy.hpp"
#include "app/scheduler_runner.hpp"
#include "app/serve.hpp"
#include "app/portal_face.hpp"
#include "app/web_app_routes.hpp"
#include "core/clock.hpp"
#include "core/log.hpp"
#include "db/blocking.hpp"
#include "db/database.hpp"
#include "db/idempotency_repository.hpp"
#include "db/migrations.hpp"
#include "db/secrets.hpp"
#include "domains/hosted/hosted_frame.hpp"
#include "domains/apps/apps_repository.hpp"
#include "domains/apps/apps_routes.hpp"
#include "domains/apps/apps_service.hpp"
#include "domains/cart/cart_repository.hpp"
#include "domains/cart/cart_routes.hpp"
#include "domains/cart/cart_service.hpp"
#include "domains/catalog/catalog_admin_routes.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/catalog/catalog_routes.hpp"
#include "domains/challenges/challenges_repository.hpp"
#include "domains/challenges/challenges_routes.hpp"
#include "domains/challenges/challenges_service.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/catalog/catalog_seed.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/events/events_repository.hpp"
#include "domains/engagement/engagement_repository.hpp"
#include "domains/engagement/engagement_routes.hpp"
#include "domains/engagement/engagement_service.hpp"
#include "domains/events/events_routes.hpp"
#include "domains/i18n/i18n_routes.hpp"
#include "domains/info_services/info_services_repository.hpp"
#include "domains/info_services/info_services_routes.hpp"
#include "domains/info_services/info_services_seed.hpp"
#include "domains/info_services/info_services_service.hpp"
#include "domains/identity/devices_repository.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/identity/identity_seed.hpp"
#include "domains/identity/mail_delivery.hpp"
#include "domains/identity/smtp_transport.hpp"
#include "domains/identity/throttle_repository.hpp"
#include "domains/identity/tokens_repository.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/parental_control/parental_control_repository.hpp"
#include "domains/parental_control/parental_control_routes.hpp"
#include "domains/parental_control/parental_control_service.hpp"
#include "domains/payments/payment_provider.hpp"
#include "domains/payments/payments_routes.hpp"
#include "domains/billing_mail/billing_mail.hpp"
#include "domains/payments/payments_service.hpp"
#include "domains/payments/refunds_admin_routes.hpp"
#include "domains/notifications/notifications_repository.hpp"
#include "domains/notifications/notifications_routes.hpp"
#include "domains/notifications/notifications_service.hpp"
#include "domains/privacy/privacy_routes.hpp"  // task "privacy" (issue 34 item 5)
#include "domains/purchases/purchases_repository.hpp"
#include "domains/purchases/purchases_routes.hpp"
#include "domains/purchases/purchases_service.hpp"
#include "domains/streaming/streaming_repository.hpp"
#include "domains/streaming/streaming_routes.hpp"
#include "domains/streaming/streaming_service.hpp"
#include "domains/games/games_routes.hpp"
#include "domains/games/games_service.hpp"
#include "domains/subscriptions/plans_admin_routes.hpp"
#include "domains/customers/customer_actions_routes.hpp"  // task "actions"
#include "domains/subscriptions/subscriptions_credits.hpp"
#include "domains/wallet/wallet_repository.hpp"
#include "domains/wallet/wallet_routes.hpp"
#include "domains/wallet/wallet_service.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"
#include "domains/subscriptions/subscriptions_routes.hpp"
#include "domains/subscriptions/subscriptions_seed.hpp"
#include "domains/subscriptions/subscriptions_service.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/audit_service.hpp"
#include "domains/staff/staff_routes.hpp"
#include "domains/tenants/settings_routes.hpp"
#include "domains/customers/customers_routes.hpp"  // issue 34 "customers"
#include "domains/reports/reports_routes.hpp"  // issue 35 "money"
#include "domains/reports/usage_routes.hpp"  // issue 35 "usage"
#include "domains/reports/usage_source.hpp"  // issue 35 "usage"
#include "domains/media/media_routes.hpp"
#include "domains/staff/staff_seed.hpp"
#include "domains/staff/staff_service.hpp"
#include "domains/structure/structure_admin_routes.hpp"
#include "domains/structure/structure_repository.hpp"
#include "domains/structure/structure_routes.hpp"
#include "domains/structure/structure_seed.hpp"
#include "domains/structure/structure_service.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "domains/tenants/tenants_seed.hpp"
#include "domains/tenants/tenants_service.hpp"
#include "domains/tournaments/bracket_repository.hpp"
#include "domains/tournaments/bracket_routes.hpp"
#include "domains/tournaments/bracket_service.hpp"
#include "domains/tournaments/tournament_article.hpp"
#include "domains/tournaments/tournaments_repository.hpp"
#include "domains/tournaments/tournaments_routes.hpp"
#include "domains/tournaments/tournaments_seed.hpp"
#include "domains/tournaments/tournaments_service.hpp"
#include "domains/vouchers/vouchers_repository.hpp"
#include "db/timestamp.hpp"
#include "domains/vouchers/voucher_batches_dto.hpp"
#include "domains/vouchers/voucher_batches_routes.hpp"
#include "domains/vouchers/vouchers_routes.hpp"
#include "domains/vouchers/vouchers_seed.hpp"
#include "domains/vouchers/vouchers_service.hpp"
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

// The tenant's plans as the entitlement decision sees them, in one language.
std::vector<purchases::OfferedPlan> offered_plans(subscriptions::SubscriptionsService& subscriptions,
                                                  std::int64_t tenant_id, const std::string& lang) {
  std::vector<purchases::OfferedPlan> out;
  const auto plans = subscriptions.plans(tenant_id);
  for (const auto& t : plans->types) {
    purchases::OfferedPlan p;
    p.type_id = t.id;
    p.name = t.attribute("DISPLAY_SERVICE_NAME_TEXT_" + lang, t.name);
    p.billing_cycle = t.billing_cycle;
    p.price = t.current_price();
    p.contingents = t.contingents;
    p.group_id = t.group_id;
    if (t.group_id)
      if (const auto* g = plans->group(*t.group_id))
        p.level = subscriptions::level_of(g->levels, t.id).value_or(-1);
    try {
      p.sort = std::stoi(t.attribute("ment_sort", "0"));
    } catch (const std::exception&) {
      p.sort = 0;
    }
    out.push_back(std::move(p));
  }
  return out;
}

// Mail: every mail is written to the outbox. With SMTP configured (--smtp or
// PORTAL_SMTP, docs/operations.md "Mail") the outbox is the delivery queue
// too: a thread of its own (never an I/O thread or the database pool) sends
// what is due, woken by each new mail and every --mail-interval seconds for
// retries. Any number of instances may run it: each mail is claimed once.
struct MailSystem {
  std::unique_ptr<identity::SmtpTransport> transport;
  std::unique_ptr<identity::MailDelivery> delivery;
  std::unique_ptr<SchedulerRunner> runner;
  std::unique_ptr<identity::OutboxMailer> mailer;
};

MailSystem make_mail(const Config& config, identity::OutboxRepository& outbox, const core::Clock& clock) {
  MailSystem m;
  auto settings = identity::parse_smtp(config.smtp, config.mail_from);
  if (!settings) {
    m.mailer = std::make_unique<identity::OutboxMailer>(outbox, clock);
    return m;
  }
  settings->user = config.smtp_user;
  settings->password = config.smtp_password;
  settings->tls = identity::parse_smtp_tls(config.smtp_tls).value_or(identity::SmtpTls::none);
  settings->ca_file = config.smtp_ca_file;
  core::log_json(spdlog::level::info, "mail via SMTP",
                 {{"host", settings->host}, {"port", settings->port}, {"tls", config.smtp_tls},
                  {"auth", !settings->user.empty()}});
  if (!settings->user.empty() && settings->tls == identity::SmtpTls::none)
    core::log_json(spdlog::level::warn, "SMTP AUTH without TLS: the password crosses the network in clear",
                   {{"host", settings->host}});
  m.transport = std::make_unique<identity::SmtpTransport>(std::move(*settings), clock);
  m.delivery = std::make_unique<identity::MailDelivery>(outbox, *m.transport, clock);
  m.runner = std::make_unique<SchedulerRunner>(std::chrono::seconds(config.mail_interval),
                                               [d = m.delivery.get()] { d->run_once(); });
  m.mailer = std::make_unique<identity::OutboxMailer>(outbox, clock, true, [r = m.runner.get()] { r->wake(); });
  return m;
}

// The sandbox webhook key: the configured one, else a fixed dev key in the dev
// stage; other stages without a key refuse every webhook call.
std::string webhook_secret(const Config& config) {
  if (!config.payments_webhook_secret.empty()) return config.payments_webhook_secret;
  return config.stage == "dev" ? "sandbox-webhook-secret" : "";
}

std::unique_ptr<payments::PaymentsService> make_payments(payments::PaymentsRepository& repository,
                                                         const core::Clock& clock, const Config& config) {
  auto service = std::make_unique<payments::PaymentsService>(repository, clock, webhook_secret(config));
  service->add_provider(std::make_unique<payments::SandboxCardProvider>());
  service->add_provider(std::make_unique<payments::SandboxOperatorProvider>());
  return service;
}

std::filesystem::path catalog_seed_file(const Config& config) {
  if (!config.catalog_seed.empty()) return config.catalog_seed;
  return std::filesystem::path(config.data_dir) / "catalog" / "demo-catalog.json";
}

// The demo tenants, then their page structures: structures belong to tenants,
// tenants know nothing of structures.
void seed_demo_tenants(db::Database& database, const std::filesystem::path& data_dir) {
  tenants::seed_tenants(database, data_dir);
  structure::seed_structures(database, data_dir, tenants::TenantsRepository(database).load_all());
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
    seed_demo_tenants(*database, config.data_dir);
    identity::seed_demo_users(*database, config.data_dir, clock);
  }
  return database;
}

// The voucher service's dependencies: catalog articles, tenants and where a
// user's mail goes reach it through these lookups.
vouchers::VouchersService::Deps voucher_deps(db::Database& database, vouchers::VouchersRepository& repository,
                                             subscriptions::SubscriptionsRepository& subscriptions,
                                             payments::PaymentsService& payments, identity::Mailer& mailer,
                                             const core::Clock& clock, catalog::CatalogRepository& catalog,
                                             identity::UsersRepository& users,
                                             vouchers::VouchersService::TenantLookup tenants) {
  return {repository,
          subscriptions,
          payments,
          mailer,
          clock,
          db::shared_secret(database, "vouchers"),
          [&catalog](std::int64_t tenant_id, std::int64_t id) -> std::optional<vouchers::Article> {
            auto a = catalog.find(tenant_id, id);
            if (!a) return std::nullopt;
            return vouchers::Article{a->id, a->content_type, a->doc};
          },
          std::move(tenants),
          [&users](std::int64_t tenant_id, const std::string& uuid) -> std::optional<std::string> {
            auto u = users.by_uuid(tenant_id, uuid);
            if (!u) return std::nullopt;
            if (!u->email.empty()) return u->email;
            if (!u->msisdn.empty()) return "sms:+" + u->msisdn;
            return std::nullopt;
          },
          [&users](std::int64_t tenant_id, const std::string& uuid, const std::vector<std::string>& required) {
            std::vector<std::string> missing;
            const auto u = users.by_uuid(tenant_id, uuid);
            for (const auto& f : required) {
              const std::string value = !u ? "" : f == "name" ? u->name : f == "lastName" ? u->last_name : u->email;
              if (value.empty()) missing.push_back(f);
            }
            return missing;
          }};
}

// --write-openapi FILE: the document the build commits as docs/openapi.json.
int write_openapi(const http::Router& backend, const std::string& file) {
  const std::string text = http::pretty_json(http::openapi_document(backend));
  std::ofstream out(file, std::ios::binary);
  out << text;
  if (!out.flush()) {
    std::cerr << "portal: cannot write " << file << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int run(const Config& config) {
  core::init_logging(config.log_level);
  core::SystemClock system_clock;
  // --dev-clock: one offset clock for the whole server, so moved time is seen
  // by renewals, trials, PINs and tokens alike.
  std::unique_ptr<OffsetClock> dev_clock;
  if (config.dev_clock) dev_clock = std::make_unique<OffsetClock>(system_clock);
  const core::Clock& clock = dev_clock ? static_cast<const core::Clock&>(*dev_clock) : system_clock;

  std::unique_ptr<db::Database> database;
  try {
    database = prepare_database(config, clock);
  } catch (const std::exception& e) {
    core::log_json(spdlog::level::critical, "start-up failed", {{"error", e.what()}});
    std::cerr << "portal: " << e.what() << "\n";
    return 1;
  }

  tenants::TenantsRepository tenants_repository(*database);
  std::unique_ptr<tenants::TenantRegistry> registry;
  try {
    registry = std::make_unique<tenants::TenantRegistry>(tenants_repository);
  } catch (const std::exception& e) {
    std::cerr << "portal: " << e.what() << "\n";
    return 1;
  }
  if (registry->all().empty() && config.write_openapi.empty()) {
    std::cerr << "portal: the database has no tenants. Create one with\n"
                 "  portal tenant create NAME --host HOST [--language LANG]\n"
                 "or import a tenant file (docs/tenants.md) with\n"
                 "  portal tenant import FILE\n"
                 "then invite its owner with\n"
                 "  portal staff invite --tenant NAME --email E --role owner\n"
                 "(or start with --seed demo for the demo tenants and accounts).\n";
    return 1;
  }

  if (config.seed == "demo") {
    try {
      const auto accounts = staff::seed_demo_staff(*database, tenants_repository.load_all(), clock);
      if (config.stage == "dev") {  // for the person who ran `make run`: enrol an authenticator with these
        std::cout << "Demo staff (password " << staff::kDemoStaffPassword
                  << "; sign in at /admin/login; a code: oathtool --totp -b SECRET):\n";
        for (const auto& a : accounts)
          std::cout << "  " << a.email << "  " << a.role << "  " << (a.tenant.empty() ? "(platform)" : a.tenant) << "  "
                    << a.secret << "\n";
        std::cout << std::flush;
      }
    } catch (const std::exception& e) {
      core::log_json(spdlog::level::critical, "start-up failed", {{"error", e.what()}});
      std::cerr << "portal: " << e.what() << "\n";
      return 1;
    }
  }

  // Hosted form tokens are signed with one key for every instance.
  hosted::set_form_key(db::shared_secret(*database, "forms"));

  catalog::CatalogRepository catalog_repository(*database);
  std::unique_ptr<catalog::CatalogService> catalog_service;
  try {
    catalog_service = std::make_unique<catalog::CatalogService>(catalog_repository, clock,
                                                                std::chrono::seconds(config.media_url_ttl));
    if (config.seed == "demo")
      if (int n = catalog::seed_catalog(*database, *catalog_service, catalog_seed_file(config)))
        core::log_json(spdlog::level::info, "demo catalog loaded", {{"tenants", n}});
  } catch (const std::exception& e) {
    core::log_json(spdlog::level::critical, "start-up failed", {{"error", e.what()}});
    std::cerr << "portal: " << e.what() << "\n";
    return 1;
  }

  // Notifications: tournaments, purchases and renewals tell users through it.
  notifications::NotificationsRepository notifications_repository(*database);
  notifications::NotificationsService notifications_service(notifications_repository, clock);

  // Teams belong to tournament articles of the catalog; the service asks for
  // them through this lookup rather than reading catalog tables.
  tournaments::TournamentsRepository tournaments_repository(*database);
  tournaments::TournamentsService tournaments_service(
      tournaments_repository,
      [&](std::int64_t tenant_id, std::int64_t id) -> std::optional<tournaments::TournamentInfo> {
        auto a = catalog_repository.find(tenant_id, id);
        if (!a) return std::nullopt;
        return tournaments::tournament_info(a->id, a->content_type, a->doc);
      },
      clock, &notifications_service);
  // Brackets of those tournaments; their news and videos from data/tournaments.
  tournaments::BracketRepository bracket_repository(*database);
  tournaments::BracketService bracket_service(
      bracket_repository, tournaments_repository,
      [&](std::int64_t tenant_id, std::int64_t id) -> std::optional<tournaments::TournamentInfo> {
        auto a = catalog_repository.find(tenant_id, id);
        if (!a) return std::nullopt;
        return tournaments::tournament_info(a->id, a->content_type, a->doc);
      },
      clock);
  tournaments::TournamentMediaService tournament_media(
      tournaments::load_tournament_media(
          (std::filesystem::path(config.data_dir) / "tournaments" / "media.json").string()),
      [&](std::int64_t tenant_id, std::int64_t id) -> std::optional<tournaments::TournamentInfo> {
        auto a = catalog_repository.find(tenant_id, id);
        if (!a) return std::nullopt;
        return tournaments::tournament_info(a->id, a->content_type, a->doc);
      });
  if (config.seed == "demo") {
    try {
      if (int n = tournaments::seed_demo_teams(*database, tournaments_service))
        core::log_json(spdlog::level::info, "demo teams created", {{"tenants", n}});
      if (int n = tournaments::seed_demo_brackets(*database, bracket_repository, bracket_service, tournaments_service))
        core::log_json(spdlog::level::info, "demo brackets drawn", {{"brackets", n}});
      info_services::seed_info_services(*database,
                                        std::filesystem::path(config.data_dir) / "info-services" / "demo.json");
    } catch (const std::exception& e) {
      core::log_json(spdlog::level::critical, "start-up failed", {{"error", e.what()}});
      std::cerr << "portal: " << e.what() << "\n";
      return 1;
    }
  }

  asio::thread_pool db_pool(static_cast<std::size_t>(config.db_pool));
  i18n::I18nService i18n(config.locales_dir);
  structure::StructureRepository structure_repository(*database);
  structure::StructureService structures_service(structure_repository, clock);

  identity::UsersRepository users_repository(*database);
  identity::TokensRepository tokens_repository(*database);
  identity::ThrottleRepository throttle_repository(*database);
  identity::DevicesRepository devices_repository(*database);
  identity::OutboxRepository outbox_repository(*database);
  MailSystem mail;
  try {
    mail = make_mail(config, outbox_repository, clock);
  } catch (const std::exception& e) {  // a TLS context that cannot be made (an unreadable CA file)
    core::log_json(spdlog::level::critical, "start-up failed", {{"error", e.what()}});
    std::cerr << "portal: mail: " << e.what() << "\n";
    return 1;
  }
  auto& mailer = mail.mailer;
  identity::IdentityService identity_service(
      {users_repository, tokens_repository, throttle_repository, devices_repository}, *mailer, clock, identity::Lifetimes{},
      [&] {
        identity::ThrottleLimits limits;
        limits.registrations_per_address = config.registrations_per_hour;
        return limits;
      }());
  identity_service.set_device_key(db::shared_secret(*database, "device-cookies"));

  payments::PaymentsRepository payments_repository(*database);
  auto payments_service = make_payments(payments_repository, clock, config);
  subscriptions::SubscriptionsRepository subscriptions_repository(*database);
  identity::OutboxMailer sms_outbox(outbox_repository, clock);  // SMS are never sent over SMTP
  // Mail the customer can keep (issue 34, task "mail"): receipts, refund receipts, price and trial
  // notices, dunning, from the templates in server/mail, through the outbox.
  billing_mail::BillingMail billing_mail({users_repository, *mailer, *database,
                                          [&](std::int64_t id) -> std::shared_ptr<const tenants::Tenant> {
                                            for (const auto& t : registry->all())
                                              if (t->id == id) return t;
                                            return nullptr;
                                          }});
  subscriptions::SubscriptionsService subscriptions_service({subscriptions_repository, *payments_service,
                                                            users_repository, sms_outbox, i18n, clock,
                                                            [&](std::int64_t id) -> std::shared_ptr<const tenants::Tenant> {
                                                              for (const auto& t : registry->all())
                                                                if (t->id == id) return t;
                                                              return nullptr;
                                                            },
                                                            config.stage == "dev", &notifications_service,
                                                            &billing_mail});
  payments_service->on_paid([&](const payments::Payment& p) {
    // What was bought: the plan of a checkout or a renewal ("<subscription>@<period>").
    std::optional<std::int64_t> type_id;
    if (p.purpose == subscriptions::kCheckoutPurpose) {
      if (auto c = subscriptions_repository.checkout(p.tenant_id, p.reference)) type_id = c->type_id;
    } else if (p.purpose == subscriptions::kRenewalPurpose) {
      if (auto sub = subscriptions_repository.subscription(p.tenant_id, p.reference.substr(0, p.reference.find('@'))))
        type_id = sub->type_id;
    }
    billing_mail::NameIn what;
    if (type_id)
      if (auto plans = subscriptions_service.plans(p.tenant_id))
        if (const auto* t = plans->type(*type_id))
          what = [t = *t](const std::string& lang) {
            const std::string n = t.attribute("DISPLAY_SERVICE_NAME_TEXT_" + lang);
            return n.empty() ? t.name : n;
          };
    billing_mail.receipt(p, what);
  });
  if (config.seed == "demo") {
    try {
      if (int n = subscriptions::seed_plans(*database, subscriptions_service,
                                            std::filesystem::path(config.data_dir) / "subscriptions"))
        core::log_json(spdlog::level::info, "demo plans loaded", {{"tenants", n}});
      if (int n = subscriptions::seed_demo_subscriptions(*database, subscriptions_repository,
                                                         std::filesystem::path(config.data_dir) / "users" / "demo.json",
                                                         clock))
        core::log_json(spdlog::level::info, "demo subscriptions created", {{"subscriptions", n}});
    } catch (const std::exception& e) {
      core::log_json(spdlog::level::critical, "start-up failed", {{"error", e.what()}});
      std::cerr << "portal: " << e.what() << "\n";
      return 1;
    }
  }

  // Commerce: the wallet, and purchases with the one entitlement decision.
  // Plans, devices and articles reach them through these lookups.
  wallet::WalletRepository wallet_repository(*database);
  wallet::WalletService wallet_service(wallet_repository,
                                       [&](std::int64_t tenant_id, std::int64_t id, const std::string& lang) {
                                         return catalog_service->article_answer(tenant_id, id, lang);
                                       });
  subscriptions::CreditsRepository credits_repository(*database);
  purchases::PurchasesRepository purchases_repository(*database, wallet_repository, credits_repository);
  purchases::PurchasesService purchases_service({
      purchases_repository, credits_repository, *payments_service, sms_outbox, i18n, clock,
      [&](std::int64_t tenant_id, std::int64_t id, catalog::RatingRange rating) {
        return catalog_service->article_record(tenant_id, id, rating);
      },
      [&](std::int64_t tenant_id, const std::string& lang) { return offered_plans(subscriptions_service, tenant_id, lang); },
      [&](std::int64_t tenant_id, const std::string& lang) {
        std::vector<purchases::PayOption> out;
        for (const auto& o : subscriptions_service.plans(tenant_id)->options) {
          const boost::json::value names = o.name;
          out.push_back({o.code, o.provider, o.flow, catalog::localized(&names, lang)});
        }
        return out;
      },
      [&](std::int64_t tenant_id, const std::string& device_id) {
        return devices_repository.operating_system(tenant_id, device_id);
      },
      [&](std::int64_t id) -> std::shared_ptr<const tenants::Tenant> {
        for (const auto& t : registry->all())
          if (t->id == id) return t;
        return nullptr;
      },
      config.stage == "dev", &notifications_service});
  payments_service->on_settled(std::string(purchases::kPaymentPurpose),
                               [&](db::Session& s, const payments::Payment& p) { purchases_service.on_payment_settled(s, p); });

  // Vouchers: codes that grant plans, the catalog's voucher products and their orders.
  vouchers::VouchersRepository vouchers_repository(*database);
  auto voucher_service_deps = voucher_deps(
      *database, vouchers_repository, subscriptions_repository, *payments_service, *mailer, clock, catalog_repository,
      users_repository, [&](std::int64_t id) -> std::shared_ptr<const tenants::Tenant> {
        for (const auto& t : registry->all())
          if (t->id == id) return t;
        return nullptr;
      });
  voucher_service_deps.notifier = &notifications_service;
  voucher_service_deps.voucher_products = [&catalog_repository](std::int64_t tenant_id) {
    std::vector<std::int64_t> ids;  // the console's product picker: the tenant's voucher articles
    catalog::ListQuery q;
    q.content_type = "voucher";
    q.limit = catalog::kMaxLimit;
    for (q.offset = 0; q.offset < 1000; q.offset += q.limit) {
      const auto page = catalog_repository.list(tenant_id, q);
      for (const auto& a : page.entries) ids.push_back(a.id);
      if (static_cast<std::int64_t>(page.entries.size()) < q.limit) break;
    }
    return ids;
  };
  vouchers::VouchersService vouchers_service(std::move(voucher_service_deps));
  payments_service->on_settled(std::string(vouchers::kPaymentPurpose),
                               [&](db::Session& s, const payments::Payment& p) { vouchers_service.on_payment_settled(s, p); });
  cart::CartRepository cart_repository(*database);
  cart::CartService cart_service(cart_repository, vouchers_service,
                                 [&](std::int64_t id) -> std::shared_ptr<const tenants::Tenant> {
                                   for (const auto& t : registry->all())
                                     if (t->id == id) return t;
                                   return nullptr;
                                 },
                                 clock);
  if (config.seed == "demo") {
    try {
      // Printed for the person who ran `make run` (the codes are stored hashed only).
      const auto codes = vouchers::seed_demo_codes(*database, vouchers_service, subscriptions_repository);
      if (!codes.empty()) {
        std::cout << "Demo voucher codes (each redeems once; sign in, then \"Redeem a code\"):\n";
        for (const auto& c : codes)
          std::cout << "  " << c.tenant << "  " << c.code << "  " << c.type_name << " (type " << c.type_id << ")\n";
        std::cout << "More: build/portal issue-vouchers --tenant NAME --type TYPE_ID --count N\n" << std::flush;
      }
    } catch (const std::exception& e) {
      core::log_json(spdlog::level::critical, "start-up failed", {{"error", e.what()}});
      std::cerr << "portal: " << e.what() << "\n";
      return 1;
    }
  }

  // Parental control: the account, and the limit every article call of its user takes.
  parental_control::ParentalControlRepository parental_control_repository(*database);
  parental_control::ParentalControlService parental_control_service(
      parental_control_repository, *mailer,
      [&](std::int64_t tenant_id, const std::string& uuid) -> std::optional<std::string> {
        auto u = users_repository.by_uuid(tenant_id, uuid);
        if (!u || u->email.empty()) return std::nullopt;
        return u->email;
      },
      clock);

  // A user's active parental limit (blocking): the page shell and every signed-in call ask it.
  const auto parental_limit = [&](std::int64_t tenant_id, const std::string& uuid) {
    return parental_control_service.active_limit(tenant_id, uuid);
  };
  PageDataSource source = make_page_data(structures_service, identity_service, *catalog_service, db_pool, parental_limit);
  events::EventsRepository events_repository(*database);
  events::EventsService events(events_repository, clock);
  PortalFace portal_face(config, i18n, std::move(source));
  http::Metrics metrics;

  http::Router backend;
  backend.add(i18n::i18n_routes(i18n));
  backend.add(structure::structure_routes(structures_service, db_pool));
  backend.add(events::events_routes(events, db_pool));
  backend.add(catalog::catalog_routes(*catalog_service, db_pool, [&](std::int64_t tenant_id, const std::string& uuid) {
    return wallet_repository.owned_ids(tenant_id, uuid);
  }));
  // The catalog from the console (issue 33): editors list, edit, publish, import and export articles.
  catalog::admin::AdminService catalog_admin(catalog_repository, *database, clock);
  backend.add(catalog::catalog_admin_routes({catalog_admin, db_pool}));
  backend.add(tournaments::tournaments_routes(tournaments_service, db_pool));
  backend.add(tournaments::bracket_routes(bracket_service, tournament_media, db_pool));
  backend.add(notifications::notifications_routes(notifications_service, db_pool));
  info_services::InfoServicesRepository info_services_repository(*database);
  info_services::InfoServicesService info_services_service(info_services_repository, clock);
  backend.add(info_services::info_services_routes(info_services_service, db_pool));
  const identity::RouteDeps identity_deps{identity_service, outbox_repository, i18n, db_pool,
                                          [&](std::string_view name) { return registry->by_name(name); },
                                          config.stage == "dev",
                                          [&](std::string_view name) { return operator_secret(config, name); }};
  backend.add(identity::identity_routes(identity_deps));
  backend.add(identity::hosted_routes(identity_deps));
  const subscriptions::RouteDeps subscription_deps{
      subscriptions_service, i18n, db_pool, config.stage == "dev",
      dev_clock ? std::function<std::string(std::int64_t)>([&](std::int64_t seconds) {
        // The moved clock stays below the year 2200 (far from the overflow of 2262).
        if (dev_clock->now() + std::chrono::seconds(seconds) > std::chrono::sys_days(std::chrono::year(2200) / 1 / 1))
          throw core::ErrorException(core::Error::invalid_field("advanceSeconds", "would move the clock past the year 2200"));
        dev_clock->advance(std::chrono::seconds(seconds));
        return subscriptions::format_time(dev_clock->now());
      })
                : std::function<std::string(std::int64_t)>()};
  backend.add(subscriptions::subscriptions_routes(subscription_deps));
  backend.add(subscriptions::checkout_routes(subscription_deps));
  backend.add(payments::payments_routes(
      *payments_service,
      [&](db::Session& s, const payments::Payment& p) { subscriptions_service.on_payment_settled(s, p); }, db_pool));
  backend.add(wallet::wallet_routes(wallet_service, db_pool));
  backend.add(purchases::purchases_routes({purchases_service, *catalog_service, i18n, db_pool}));
  // Streaming: the players' URLs (through the entitlement decision), tickets, usage reports, play history.
  streaming::StreamingRepository streaming_repository(*database);
  streaming::TicketLimits ticket_limits;
  ticket_limits.per_window = config.play_tickets_per_window;
  streaming::StreamingService streaming_service(purchases_service, *catalog_service, streaming_repository, &events, clock,
                                                ticket_limits);
  backend.add(streaming::streaming_routes(streaming_service, db_pool));
  // Games: play through the entitlement decision, score sessions, leaderboards.
  games::GamesRepository games_repository(*database);
  games::GamesService games_service({games_repository, purchases_service, *catalog_service, events, clock, [&] {
                                       games::Limits limits;
                                       limits.engine_max = games::engine_max_scores(
                                           (std::filesystem::path(config.data_dir) / "games").string());
                                       return limits;
                                     }()});
  backend.add(games::games_routes(games_service, db_pool));
  // Likes and ratings of the articles the request may see (the catalog's rating window).
  engagement::EngagementRepository engagement_repository(*database);
  engagement::EngagementService engagement_service(
      engagement_repository,
      [&](std::int64_t tenant_id, std::int64_t id, catalog::RatingRange rating) -> std::optional<engagement::ArticleInfo> {
        auto a = catalog_service->article_record(tenant_id, id, rating);
        if (!a) return std::nullopt;
        return engagement::ArticleInfo{a->id, a->content_type};
      },
      [&](std::int64_t tenant_id, std::int64_t id, const std::string& lang) {
        return catalog_service->article_answer(tenant_id, id, lang);
      },
      clock);
  backend.add(engagement::engagement_routes(engagement_service, db_pool));
  // Challenges: the play events of users who opted in move their steps; each step's TICKETS land once.
  challenges::ChallengesRepository challenges_repository(*database);
  challenges::ChallengesService challenges_service({challenges_repository, *catalog_service, &notifications_service, clock});
  events.listen(&challenges_service);
  backend.add(challenges::challenges_routes(challenges_service, db_pool));
  // The apps marketplace: apps an owner registers, and each user's consent to them.
  apps::AppsRepository apps_repository(*database);
  apps::AppsService apps_service(apps_repository, clock);
  apps_service.fill_name_skeletons();  // rows stored before migration 0026
  backend.add(apps::apps_routes(apps_service, db_pool));
  backend.add(vouchers::vouchers_routes(vouchers_service, db_pool));
  backend.add(parental_control::parental_control_routes(parental_control_service, i18n, db_pool));
  backend.add(cart::cart_routes(cart_service, i18n, db_pool));
  // Staff: the operators' realm (accounts, roles, two-factor sign-in) and the audit log of their writes.
  staff::StaffRepository staff_repository(*database);
  audit::AuditRepository audit_repository(*database);
  audit::AuditService audit_service(audit_repository);
  staff::StaffService staff_service(staff_repository, *mailer, clock,
                                    [&](const std::string& lang, std::string_view key, const std::string& site) {
                                      return hosted::texts_for(i18n, lang, site)("staff." + std::string(key));
                                    });
  const staff::RouteDeps staff_deps{staff_service, audit_service, i18n, db_pool,
                                    [&](std::string_view name) { return registry->by_name(name); },
                                    [&] { return registry->all(); }};
  backend.add(staff::staff_routes(staff_deps));
  // The tenant's settings (live configuration): the instance that writes a change reloads its tenants at once;
  // the others within their poll (configuration_watch below).
  tenants::SettingsService settings_service(tenants_repository, [&] {
    try {
      registry->refresh();
    } catch (const std::exception& e) {  // written and committed: the watch's next tick reloads
      core::log_json(spdlog::level::warn, "tenant configuration not refreshed", {{"error", e.what()}});
    }
  });
  backend.add(tenants::settings_routes({settings_service, db_pool}));
  backend.add(vouchers::voucher_batch_routes({vouchers_service, db_pool}));  // the console's vouchers page
  // Media ingest (issue 33 item 3): chunked uploads into the media root's staging folder, and jobs in the
  // database that the media worker below (on any instance) claims and runs one at a time.
  media::MediaRepository media_repository(*database);
  media::Limits media_limits;
  media_limits.chunk = static_cast<std::int64_t>(config.body_limit);  // a chunk is one request's whole body
  for (const auto& [kind, bytes] : config.media_size_limits)
    if (auto k = media::kind_of(kind)) (*k == media::Kind::audio     ? media_limits.audio
                                        : *k == media::Kind::video   ? media_limits.video
                                        : *k == media::Kind::artwork ? media_limits.artwork
                                                                     : media_limits.game) = bytes;
  media::MediaService media_service(media_repository, config.media_root, media_limits);
  backend.add(media::media_routes({media_service, db_pool}));
  // Page structures from the console: a publish raises the tenant's version like a settings change.
  structure::StructureAdminService structure_admin(structure_repository, structures_service, clock, [&] {
    try {
      registry->refresh();
    } catch (const std::exception& e) {  // written and committed: the watch's next tick reloads
      core::log_json(spdlog::level::warn, "tenant configuration not refreshed", {{"error", e.what()}});
    }
  });
  backend.add(structure::structure_admin_routes({structure_admin, db_pool}));
  // Plans from the console (issue 33): edits validated as an import is, audited, live on every instance.
  subscriptions::PlansAdmin plans_admin({subscriptions_repository, subscriptions_service.plans_cache(), clock,
                                         [&](std::int64_t tenant_id, const std::string& email, const std::string& lang,
                                             const subscriptions::SubscriptionType& plan, const payments::Money& price,
                                             const std::string& effective_from) {
                                           return billing_mail.price_notice(
                                               tenant_id, email, lang,
                                               [&plan](const std::string& l) {
                                                 const std::string n = plan.attribute("DISPLAY_SERVICE_NAME_TEXT_" + l);
                                                 return n.empty() ? plan.name : n;
                                               },
                                               price, effective_from);
                                         },
                                         [&] {
                                           try {
                                             registry->refresh();
                                           } catch (const std::exception& e) {
                                             core::log_json(spdlog::level::warn, "tenant configuration not refreshed",
                                                            {{"error", e.what()}});
                                           }
                                         }});
  backend.add(subscriptions::plans_admin_routes({plans_admin, db_pool}));
  // Customers (issue 34, task "customers"): staff find a customer and read their account (reads; a viewed page is audited).
  customers::CustomersRepository customers_repository(*database);
  customers::CustomersService customers_service(
      {*database, customers_repository, clock, db::shared_secret(*database, "vouchers")});
  backend.add(customers::customers_routes({customers_service, db_pool}));
  // Refunds (issue 34, task "refunds"): the one refund policy (app/refund_policy.cpp), the hook a succeeded
  // refund calls after commit (the receipt mail is wired here), and the console's refund calls.
  payments_service->set_refund_policy(refund_policy(subscriptions_service, purchases_service));
  payments_service->set_on_refunded([&](const payments::Refund& r) {  // the refund receipt mail
    if (auto p = payments_service->payment(r.payment_id)) billing_mail.refund_receipt(r.tenant_id, p->user_uuid, *p, r.amount);
  });
  backend.add(payments::refunds_admin_routes({*payments_service, db_pool}));
  // Support's actions on a customer (issue 34, task "actions"): cancel, comp, grant/revoke, resend
  // voucher codes, end sessions, lift the sign-in lock, reset mails; each audited.
  customers::CustomerActions customer_actions(*database, users_repository);
  backend.add(customers::customer_actions_routes({customer_actions, subscriptions_service, purchases_service,
                                                  vouchers_service, identity_service, parental_control_service, i18n,
                                                  db_pool}));
  // Task "privacy" (issue 34 item 5): a customer downloads or deletes their data; support does on request.
  privacy::PrivacyRepository privacy_repository(*database);
  privacy::PrivacyService privacy_service(
      {*database, privacy_repository, clock,
       [&](std::int64_t tenant_id, const std::string& lang, std::string_view key) {
         std::string site;
         for (const auto& t : registry->all())
           if (t->id == tenant_id) site = hosted::site_name(*t);
         return hosted::texts_for(i18n, lang, site)("accountDeletedMail." + std::string(key));
       },
       mail.runner != nullptr, [&] {
         if (mail.runner) mail.runner->wake();
       }});
  backend.add(privacy::privacy_routes({privacy_service, identity_service, db_pool}));
  // Reports (issue 35, task "money"): the daily aggregates kept by the claimed refresh job (its own
  // runner, --reports-interval seconds; other report families add their RefreshSource here), the
  // revenue and subscribers reports, and POST /backend/admin/reports/refresh.
  reports::ReportsRefresher reports_refresher(*database, clock);
  reports_refresher.add(reports::revenue_source(std::string(database->dialect())));
  reports_refresher.add(reports::subscribers_source());
  reports_refresher.add(reports::cohorts_source(clock));
  reports_refresher.add(reports::usage_source());  // issue 35 "usage"
  reports::ReportsRepository reports_repository(*database);
  reports::ReportsService reports_service(reports_repository, reports_refresher, clock);
  backend.add(reports::reports_routes({reports_service, db_pool}));
  // Royalties and consumption (issue 35, task "usage"): the consumption report and the royalty statements,
  // read from the "usage" aggregates (reports::usage_source(), added to the refresh job above).
  const reports::RefreshedAt usage_refreshed_at = [&reports_refresher](std::int64_t tenant_id) {
    return reports_refresher.state(tenant_id).refreshed_at;
  };
  reports::UsageService usage_service({*database, clock, usage_refreshed_at});
  reports::RoyaltiesService royalties_service({*database, clock, usage_refreshed_at});
  backend.add(reports::usage_routes({usage_service, royalties_service, db_pool}));
  SchedulerRunner reports_runner(std::chrono::seconds(config.write_openapi.empty() ? config.reports_interval : 0),
                                 [&reports_refresher] { reports_refresher.refresh_all(); });
  backend.add(http::openapi_route(backend));  // last: it describes the whole table
  if (!config.write_openapi.empty()) return write_openapi(backend, config.write_openapi);

  metrics.gauge("portal_file_cache_bytes", "Bytes of static and media files kept in memory (bounded).",
                [&portal_face] { return static_cast<double>(portal_face.file_cache_bytes()); });
  http::Router portal;
  portal.add(portal_face.routes());
  portal.add(web_app_routes());  // the tenant's web app manifest (install as an app)
  portal.add(staff::staff_pages(staff_deps));  // /admin/login
  portal.add(health_routes(*database, db_pool, metrics));

  http::PipelineHooks hooks;
  hooks.tenant_by_name = [&](std::string_view name) { return registry->by_name(name); };
  hooks.tenant_by_host = [&](std::string_view host) { return registry->by_host_or_default(host); };
  hooks.origin_allowed = [&](std::string_view origin, const tenants::Tenant* tenant, const tenants::Reached& reached) {
    if (tenant) return tenants::origin_belongs_to(*tenant, origin, reached);
    const auto all = registry->all();  // a preflight: any tenant's own origin
    return std::any_of(all.begin(), all.end(), [&](const auto& t) { return tenants::origin_belongs_to(*t, origin, reached); });
  };
  hooks.authenticate = [&](http::RequestContext& ctx) {
    // The parental limit rides with the user (parental_control_rules.hpp), read in the token's database trip.
    return identity::authenticate_request(identity_service, db_pool, ctx, parental_limit);
  };
  hooks.authenticate_staff = [&](http::RequestContext& ctx) {
    return staff::authenticate_staff(staff_service, db_pool, ctx);
  };
  hooks.portal_fallback = [&](http::RequestContext& ctx) { return portal_face.fallback(ctx); };
  db::IdempotencyRepository idempotency_repository(*database);
  hooks.idempotency = std::make_shared<DbIdempotencyStore>(idempotency_repository, db_pool, clock);
  hooks.trusted_proxy = [&](std::string_view peer) {
    return std::find(config.trusted_proxies.begin(), config.trusted_proxies.end(), peer) != config.trusted_proxies.end();
  };
  http::Pipeline pipeline(backend, portal, metrics, std::move(hooks));

  SchedulerRunner scheduler(std::chrono::seconds(config.scheduler_interval),
                            [&] {
                              subscriptions_service.run_scheduler();
                              vouchers_service.fulfil_due();  // codes of orders whose payment settled
                            });
  // Live configuration (docs/operations.md "Live configuration"): each second the tenants'
  // versions, one small query; a change made through any instance reloads them here, and every
  // per-tenant cache keyed by a tenant's version (structures, plans, page shells, lists) follows.
  SchedulerRunner configuration_watch(kConfigurationPoll, [&] {
    try {
      if (const auto moved = registry->refresh(); !moved.empty())
        core::log_json(spdlog::level::info, "tenant configuration reloaded", {{"tenants", moved.size()}});
    } catch (const std::exception& e) {  // the database away for a moment: the snapshot stays, the next tick retries
      core::log_json(spdlog::level::warn, "tenant configuration not refreshed", {{"error", e.what()}});
    }
  });
  SchedulerRunner media_worker(std::chrono::seconds(config.media_job_interval), [&] { media_service.run_due(); });
  media_service.on_queued = [&media_worker] { media_worker.wake(); };
  const int code = serve(config, pipeline, metrics, *registry);
  media_service.stop();  // a job under way ends first; a claim it leaves lapses and another instance runs it again
  media_worker.stop();
  configuration_watch.stop();
  scheduler.stop();
  if (mail.runner) mail.runner->stop();  // a delivery under way ends first; its claim lapses otherwise
  db_pool.join();
  return code;
}

int run_issue_vouchers(const Config& config, const IssueVouchers& args) {
  core::init_logging(config.log_level);
  core::SystemClock clock;
  try {
    auto database = db::open(config.database, 1);
    db::migrate(*database, db::load_migrations(config.migrations_dir, database->dialect()));
    tenants::TenantsRepository tenants_repository(*database);
    auto tenant_id = tenants_repository.id_by_name(args.tenant);
    if (!tenant_id) {
      std::cerr << "portal issue-vouchers: " << tenant_id.error().message << "\n";
      return 1;
    }
    payments::PaymentsRepository payments_repository(*database);
    auto payments_service = make_payments(payments_repository, clock, config);
    subscriptions::SubscriptionsRepository subscriptions_repository(*database);
    catalog::CatalogRepository catalog_repository(*database);
    identity::UsersRepository users(*database);
    identity::OutboxRepository outbox(*database);
    identity::OutboxMailer mailer(outbox, clock);
    vouchers::VouchersRepository repository(*database);
    const auto all = tenants_repository.load_all();
    vouchers::VouchersService service(voucher_deps(
        *database, repository, subscriptions_repository, *payments_service, mailer, clock, catalog_repository, users,
        [&](std::int64_t id) -> std::shared_ptr<const tenants::Tenant> {
          for (const auto& t : all)
            if (t.id == id) return std::make_shared<const tenants::Tenant>(t);
          return nullptr;
        }));
    // A batch of source "cli", in the audit log as the console's are (actor "cli").
    auto minted = service.issue(*tenant_id, args.type_id, args.count, args.valid_days, args.note,
                                [&](db::Session& s, const vouchers::AdminChange& c) {
                                  audit::Entry e;
                                  e.at = db::utc_timestamp();
                                  e.tenant_id = *tenant_id;
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
    if (config.seed == "demo") seed_demo_tenants(*database, config.data_dir);  // tenants and their structures
    if (config.command == "import-subscriptions") {
      payments::PaymentsRepository payments_repository(*database);
      auto payments_service = make_payments(payments_repository, clock, config);
      subscriptions::SubscriptionsRepository repository(*database);
      identity::UsersRepository users(*database);
      identity::OutboxRepository outbox(*database);
      identity::OutboxMailer sms(outbox, clock);
      i18n::I18nService i18n(config.locales_dir);
      subscriptions::SubscriptionsService service({repository, *payments_service, users, sms, i18n, clock, {}, false});
      auto result = subscriptions::import_plans_file(*database, service, file, tenant);
      if (!result) {
        std::cerr << "portal import-subscriptions: " << result.error().message << "\n";
        return 1;
      }
      std::cout << "imported " << result->at("types").to_number<std::int64_t>() << " subscription types and "
                << result->at("groups").to_number<std::int64_t>() << " groups into " << tenant << "\n";
      return 0;
    }
    catalog::CatalogRepository repository(*database);
    catalog::CatalogService service(repository, clock);
    auto result = catalog::import_catalog_file(*database, service, file, tenant, prune);
    if (!result) {
      std::cerr << "portal import-catalog: " << result.error().message << "\n";
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
