#include "app/health_routes.hpp"

#include "db/blocking.hpp"
#include "http/json.hpp"

namespace portal::app {

std::vector<http::Route> health_routes(db::Database& db, boost::asio::thread_pool& db_pool,
                                       const http::Metrics& metrics) {
  auto healthz = [](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    co_return http::json_response(ctx, http::Status::ok, boost::json::object{{"status", "ok"}});
  };
  auto readyz = [&db, &db_pool](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    const bool ok = co_await db::offload(db_pool, [&db] { return db.ping(); });
    auto res = http::json_response(ctx, ok ? http::Status::ok : http::Status::service_unavailable,
                                   boost::json::object{{"status", ok ? "ready" : "database unavailable"},
                                                       {"database", db.dialect()}});
    if (!ok) res.set(http::bhttp::field::retry_after, "5");  // as every call answers while the database is away
    co_return res;
  };
  auto metrics_text = [&metrics](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    http::Response res{http::Status::ok, ctx.req.version()};
    res.set(http::bhttp::field::content_type, "text/plain; version=0.0.4; charset=utf-8");
    res.set(http::bhttp::field::cache_control, "no-store");
    res.body() = metrics.render();
    res.prepare_payload();
    co_return res;
  };
  return {{http::Verb::get, "/healthz", healthz},
          {http::Verb::get, "/readyz", readyz},
          {http::Verb::get, "/metrics", metrics_text}};
}

}  // namespace portal::app
