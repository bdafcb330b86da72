#include "app/health_routes.hpp"

#include <sodium.h>

#include "core/build_info.hpp"
#include "db/blocking.hpp"
#include "http/json.hpp"

namespace portal::app {

namespace {

// What /readyz says of a database without a tenant: ready (the portal serves the page that says how to make one),
// and how.
constexpr std::string_view kNoTenantNotice =
    "no tenant: create the first with `portal tenant create NAME --host HOST` (docs/operations.md \"Installing\")";

bool bearer_matches(const http::Request& req, const std::string& token) {
  const auto header = req.find(http::bhttp::field::authorization);
  if (header == req.end()) return false;
  const std::string_view value = header->value();
  constexpr std::string_view kScheme = "Bearer ";
  if (!value.starts_with(kScheme)) return false;
  const std::string_view given = value.substr(kScheme.size());
  return given.size() == token.size() && sodium_memcmp(given.data(), token.data(), token.size()) == 0;
}

}  // namespace

MetricsAccess public_metrics_access(const Config& config) {
  if (!config.metrics_token.empty()) return {false, config.metrics_token};
  return {config.metrics_listen.empty() && config.stage == "dev", {}};
}

std::vector<http::Route> health_routes(db::Database& db, boost::asio::thread_pool& db_pool,
                                       const http::Metrics& metrics, const tenants::TenantRegistry& registry,
                                       MetricsAccess access, const db::ReplicaSet* replicas,
                                       std::function<std::size_t()> search_warming) {
  auto healthz = [](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    co_return http::json_response(ctx, http::Status::ok,
                                  boost::json::object{{"status", "ok"},
                                                      {"version", core::build_version()},
                                                      {"commit", core::build_commit()}});
  };
  auto readyz = [&db, &db_pool, &registry, replicas,
                 search_warming](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    const bool database_ok = co_await db::offload(db_pool, [&db] { return db.ping(); });
    // A cold instance builds its tenants' search indexes first: until then a load balancer sends it nothing.
    const std::size_t warming = search_warming ? search_warming() : 0;
    const bool ok = database_ok && warming == 0;
    boost::json::object body{{"status", !database_ok ? "database unavailable" : warming > 0 ? "warming" : "ready"},
                             {"database", db.dialect()}};
    if (warming > 0) body["searchIndexesWarming"] = warming;
    const auto tenants = registry.all().size();
    body["tenants"] = tenants;
    if (tenants == 0) body["notice"] = kNoTenantNotice;
    if (replicas) {
      boost::json::array list;
      for (const auto& r : replicas->views())
        list.push_back({{"replica", r.name}, {"state", r.state}, {"lagSeconds", r.lag_seconds},
                        {"replayed", db::format_lsn(r.replayed)}});
      body["replicas"] = std::move(list);
    }
    auto res = http::json_response(ctx, ok ? http::Status::ok : http::Status::service_unavailable, body);
    if (!ok) res.set(http::bhttp::field::retry_after, "5");  // as every call answers while the database is away
    co_return res;
  };
  auto metrics_text = [&metrics, access](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    if (!access.open && access.token.empty())  // served elsewhere (--metrics-listen), or not at all
      throw http::ErrorException(http::Error::not_found("ROUTE_NOT_FOUND", "No route at /metrics"));
    if (!access.open && !bearer_matches(ctx.req, access.token))
      throw http::ErrorException(http::Error::unauthorized("The metrics need Authorization: Bearer TOKEN"));
    http::Response res{http::Status::ok, ctx.req.version()};
    res.set(http::bhttp::field::content_type, "text/plain; version=0.0.4; charset=utf-8");
    res.set(http::bhttp::field::cache_control, "no-store");
    res.body() = metrics.render();
    res.prepare_payload();
    co_return res;
  };
  const auto route = [](http::Verb verb, std::string pattern, http::Handler handler) {
    return http::Route{.verb = verb, .pattern = std::move(pattern), .handler = std::move(handler),
                       .tenant = http::TenantFrom::none};
  };
  return {route(http::Verb::get, "/healthz", healthz), route(http::Verb::get, "/readyz", readyz),
          route(http::Verb::get, "/metrics", metrics_text)};
}

}  // namespace portal::app
