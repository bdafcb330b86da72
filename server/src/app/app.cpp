#include "app/app.hpp"

#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/url/parse.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "app/health_routes.hpp"
#include "app/portal_face.hpp"
#include "core/clock.hpp"
#include "core/log.hpp"
#include "db/blocking.hpp"
#include "db/database.hpp"
#include "db/migrations.hpp"
#include "domains/events/events_repository.hpp"
#include "domains/events/events_routes.hpp"
#include "domains/i18n/i18n_routes.hpp"
#include "domains/identity/devices_repository.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/identity/identity_seed.hpp"
#include "domains/identity/throttle_repository.hpp"
#include "domains/identity/tokens_repository.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/structure/structure_repository.hpp"
#include "domains/structure/structure_routes.hpp"
#include "domains/structure/structure_service.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "domains/tenants/tenants_seed.hpp"
#include "domains/tenants/tenants_service.hpp"
#include "http/pipeline.hpp"
#include "http/server.hpp"

namespace portal::app {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

// A browser origin may call the backend when its host belongs to a tenant or
// is listed in a tenant's backend.allowedOrigins.
bool origin_allowed(const tenants::TenantRegistry& registry, std::string_view origin) {
  auto url = boost::urls::parse_absolute_uri(origin);
  if (!url) return false;
  const std::string host = tenants::normalize_host(url->host());
  for (const auto& t : registry.all()) {
    for (const auto& h : t->hosts)
      if (h == host) return true;
    if (auto* list = t->backend.if_contains("allowedOrigins"); list && list->is_array())
      for (const auto& o : list->as_array())
        if (o.is_string() && o.as_string() == origin) return true;
  }
  return false;
}

// A structure as the page payload wants it (the ConfigNode), or null.
asio::awaitable<json::value> structure_node(structure::StructureService& structures, asio::thread_pool& db_pool,
                                            const tenants::Tenant& tenant, std::string name, std::string lang) {
  // The same defaults as GET /backend/structure (tenant language and maxRating),
  // so the page payload and the backend call share cache entries.
  auto parsed = structure::parse_structure_query([](std::string_view) { return std::optional<std::string>{}; }, tenant);
  if (!parsed) co_return nullptr;
  structure::StructureQuery query = *parsed;
  query.lang = lang;
  if (auto hit = structures.cached(tenant, name, "", query)) co_return hit->entry->node;
  auto answer = co_await db::offload(db_pool, [&] { return structures.get(tenant, name, "", query); });
  if (!answer) co_return nullptr;
  co_return answer->entry->node;
}

// Mail goes to the outbox; with PORTAL_SMTP=host[:port] (and PORTAL_MAIL_FROM)
// it is also delivered over plain SMTP.
std::unique_ptr<identity::Mailer> make_mailer(identity::OutboxRepository& outbox, const core::Clock& clock) {
  const char* smtp = std::getenv("PORTAL_SMTP");
  const char* from = std::getenv("PORTAL_MAIL_FROM");
  if (auto settings = identity::parse_smtp(smtp ? smtp : "", from ? from : "")) {
    core::log_json(spdlog::level::info, "mail via SMTP", {{"host", settings->host}, {"port", settings->port}});
    return std::make_unique<identity::SmtpMailer>(outbox, clock, std::move(*settings));
  }
  return std::make_unique<identity::OutboxMailer>(outbox, clock);
}

void print_banner(const Config& config, unsigned short port, const tenants::TenantRegistry& registry) {
  std::cout << "\n  Portal is running on http://localhost:" << port << "/\n\n  Tenants (open the host in Chromium):\n";
  for (const auto& t : registry.all()) {
    std::cout << "    " << t->name << " (" << t->display_name << ", " << t->default_locale << ", " << t->default_theme
              << "):";
    for (const auto& h : t->hosts)
      if (h.find('.') != std::string::npos || h == "localhost") std::cout << " http://" << h << ":" << port << "/";
    std::cout << "\n";
  }
  if (const auto accounts = identity::demo_accounts(config.data_dir); !accounts.empty()) {
    std::cout << "\n  Demo accounts (every tenant):";
    for (const auto& a : accounts) std::cout << "\n    " << a.email << " / " << a.password;
    std::cout << "\n";
  }
  if (config.stage == "dev")
    std::cout << "\n  Dev pages: mail outbox http://localhost:" << port << "/backend/dev/outbox/<tenant>,"
              << " operator network http://127.0.0.1:" << port << "/backend/operator/noor\n";
  std::cout << "\n  Database: " << config.database << "\n  Stop with Ctrl+C.\n" << std::endl;
}

}  // namespace

int run(const Config& config) {
  core::init_logging(config.log_level);
  core::SystemClock clock;

  std::unique_ptr<db::Database> database;
  try {
    database = db::open(config.database, config.db_pool);
    const auto migrations = db::load_migrations(config.migrations_dir, database->dialect());
    const int applied = db::migrate(*database, migrations);
    core::log_json(spdlog::level::info, "database ready",
                   {{"dialect", database->dialect()}, {"applied", applied}, {"version", db::current_version(*database)}});
    if (config.seed == "demo") {
      tenants::seed_demo(*database, config.data_dir);
      identity::seed_demo_users(*database, config.data_dir, clock);
    }
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
  if (registry->all().empty()) {
    std::cerr << "portal: the database has no tenants; start once with --seed demo or import tenants\n";
    return 1;
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
  auto mailer = make_mailer(outbox_repository, clock);
  identity::IdentityService identity_service(
      {users_repository, tokens_repository, throttle_repository, devices_repository}, *mailer, clock);

  PageDataSource source;
  source.user = [&](std::shared_ptr<const tenants::Tenant> t, std::string token) {
    return identity::payload_user(identity_service, db_pool, std::move(t), std::move(token));
  };
  source.global_settings = [&](const tenants::Tenant& t, const std::string& lang) -> asio::awaitable<json::value> {
    json::value node = co_await structure_node(structures_service, db_pool, t, std::string(structure::kConfigurations), lang);
    if (auto* o = node.if_object())
      if (auto* data = o->if_contains("data"); data && data->is_object())
        if (auto* props = data->as_object().if_contains("customProperties")) co_return *props;
    co_return json::object{};
  };
  // Every page gets the header and footer structures, the home page its own
  // too, so the first paint needs no request: {"structures": {name: node}}.
  source.page_data = [&](const tenants::Tenant& t, const http::PageRoute& route,
                         const std::string& lang) -> asio::awaitable<json::value> {
    std::vector<std::string> names{"header", "footer"};
    if (route.path == "/") names.push_back("home");
    json::object structures;
    for (const auto& name : names) {
      json::value node = co_await structure_node(structures_service, db_pool, t, name, lang);
      if (!node.is_null()) structures[name] = std::move(node);
    }
    co_return json::object{{"structures", std::move(structures)}};
  };
  events::EventsRepository events_repository(*database);
  events::EventsService events(events_repository, clock);
  PortalFace portal_face(config, i18n, std::move(source));
  http::Metrics metrics;

  http::Router backend;
  backend.add(i18n::i18n_routes(i18n));
  backend.add(structure::structure_routes(structures_service, db_pool));
  backend.add(events::events_routes(events, db_pool));
  const identity::RouteDeps identity_deps{identity_service, outbox_repository, i18n, db_pool,
                                          [&](std::string_view name) { return registry->by_name(name); },
                                          config.stage == "dev"};
  backend.add(identity::identity_routes(identity_deps));
  backend.add(identity::hosted_routes(identity_deps));

  http::Router portal;
  portal.add(portal_face.routes());
  portal.add(health_routes(*database, db_pool, metrics));

  http::PipelineHooks hooks;
  hooks.tenant_by_name = [&](std::string_view name) { return registry->by_name(name); };
  hooks.tenant_by_host = [&](std::string_view host) { return registry->by_host_or_default(host); };
  hooks.origin_allowed = [&](std::string_view origin) { return origin_allowed(*registry, origin); };
  hooks.authenticate = [&](http::RequestContext& ctx) {
    return identity::authenticate_request(identity_service, db_pool, ctx);
  };
  hooks.portal_fallback = [&](http::RequestContext& ctx) { return portal_face.fallback(ctx); };
  http::Pipeline pipeline(backend, portal, metrics, std::move(hooks));

  const int threads = config.threads > 0 ? config.threads : std::max(1u, std::thread::hardware_concurrency());
  asio::io_context ioc(threads);
  http::ServerOptions options;
  options.address = config.address;
  options.port = config.port;
  options.body_limit = config.body_limit;
  http::Server server(
      ioc, options, [&](const http::Request& req, std::string client) { return pipeline.handle(req, std::move(client)); },
      metrics);
  try {
    server.start();
  } catch (const std::exception& e) {
    std::cerr << "portal: cannot listen on " << config.address << ":" << config.port << ": " << e.what() << "\n";
    return 1;
  }
  if (!config.port_file.empty()) {
    // Written whole then renamed: a reader never sees an empty file.
    const std::string partial = config.port_file + ".partial";
    std::ofstream(partial) << server.port() << "\n";
    std::filesystem::rename(partial, config.port_file);
  }
  core::log_json(spdlog::level::info, "listening", {{"port", server.port()}, {"threads", threads}});
  print_banner(config, server.port(), *registry);

  // SIGINT/SIGTERM: stop accepting, let in-flight requests finish, give up
  // after a grace period.
  asio::signal_set signals(ioc, SIGINT, SIGTERM);
  asio::steady_timer grace(ioc);
  signals.async_wait([&](const boost::system::error_code& ec, int signal) {
    if (ec) return;
    core::log_json(spdlog::level::info, "shutting down", {{"signal", signal}});
    server.stop();
    grace.expires_after(std::chrono::seconds(10));
    grace.async_wait([&](const boost::system::error_code& ec) {
      if (!ec) ioc.stop();
    });
  });
  server.on_drained([&] { grace.cancel(); });

  std::vector<std::thread> workers;
  for (int i = 1; i < threads; ++i) workers.emplace_back([&ioc] { ioc.run(); });
  ioc.run();
  for (auto& w : workers) w.join();
  db_pool.join();
  core::log_json(spdlog::level::info, "stopped");
  spdlog::default_logger()->flush();
  return 0;
}

}  // namespace portal::app
