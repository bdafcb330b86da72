#include "app/web_app_routes.hpp"

#include <boost/json/serialize.hpp>
#include <boost/json/value_from.hpp>

#include "domains/tenants/tenants_app.hpp"
#include "http/origin.hpp"

namespace portal::app {

std::vector<http::Route> web_app_routes() {
  auto manifest = [](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    const auto& tenant = *ctx.tenant;
    // Icon URLs on the tenant's configured origin (http/origin.hpp), never an arbitrary Host.
    const auto body = tenants::web_manifest(tenant, http::tenant_origin(tenant, ctx));
    http::Response res{http::Status::ok, ctx.req.version()};
    res.set(http::bhttp::field::content_type, "application/manifest+json");
    // One answer per host (tenant); re-read within the hour after a configuration change.
    res.set(http::bhttp::field::cache_control, "public, max-age=3600");
    res.set(http::bhttp::field::vary, "Host");
    res.body() = boost::json::serialize(boost::json::value_from(body));
    res.prepare_payload();
    co_return res;
  };
  return {{http::Verb::get, "/manifest.webmanifest", manifest}};
}

}  // namespace portal::app
