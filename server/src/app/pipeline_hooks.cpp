#include "app/pipeline_hooks.hpp"

#include <algorithm>

#include "app/no_tenant_page.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/staff/staff_routes.hpp"

namespace portal::app {

http::PipelineHooks pipeline_hooks(const Config& config, tenants::TenantRegistry& registry, Domains& d,
                                   boost::asio::thread_pool& db_pool, PortalFace& portal_face,
                                   ParentalLimit parental_limit, std::shared_ptr<http::IdempotencyStore> idempotency) {
  http::PipelineHooks hooks;
  hooks.idempotency = std::move(idempotency);
  hooks.tenant_by_name = [&registry](std::string_view name) { return registry.by_name(name); };
  hooks.tenant_by_host = [&registry](std::string_view host) { return registry.by_host_or_default(host); };
  hooks.origin_allowed = [&registry](std::string_view origin, const tenants::Tenant* tenant, const tenants::Reached& reached) {
    if (tenant) return tenants::origin_belongs_to(*tenant, origin, reached);
    const auto all = registry.all();  // a preflight: any tenant's own origin
    return std::any_of(all.begin(), all.end(), [&](const auto& t) { return tenants::origin_belongs_to(*t, origin, reached); });
  };
  hooks.authenticate = [&d, &db_pool, parental_limit](http::RequestContext& ctx) {
    // The parental limit rides with the user (parental_control_rules.hpp), read in the token's database trip.
    return identity::authenticate_request(d.identity->service, db_pool, ctx, parental_limit);
  };
  hooks.authenticate_staff = [&d, &db_pool](http::RequestContext& ctx) {
    return staff::authenticate_staff(d.staff->service, db_pool, ctx);
  };
  hooks.portal_fallback = [&portal_face](http::RequestContext& ctx) { return portal_face.fallback(ctx); };
  // A fresh install: ready, and every page says how to create the first tenant (issue 74 item 1).
  hooks.portal_without_tenant = [&i18n = *d.i18n](http::RequestContext& ctx) { return no_tenant_page(ctx, i18n); };
  hooks.trusted_proxy = [&config](std::string_view peer) {
    return std::find(config.trusted_proxies.begin(), config.trusted_proxies.end(), peer) != config.trusted_proxies.end();
  };
  return hooks;
}

}  // namespace portal::app
