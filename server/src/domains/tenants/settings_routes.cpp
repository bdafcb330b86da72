#include "domains/tenants/settings_routes.hpp"

#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/tenants/settings_answers.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::tenants {
namespace asio = boost::asio;
namespace json = boost::json;
using http::bhttp::field;

namespace {

using Awaitable = asio::awaitable<http::Response>;

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

// The audit entry of a settings change: who, the call, and the settings before and after.
audit::Entry audit_entry(const http::RequestContext& ctx, const SettingsChange& change) {
  auto e = audit::staff_entry(ctx, change.after.id, "settings.update", "tenant", change.after.name);
  e.before = json::value_from(settings_dto(change.before));
  e.after = json::value_from(settings_dto(change.after));
  return e;
}

}  // namespace

std::vector<http::Route> settings_routes(const SettingsRouteDeps& deps) {
  auto read = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto tenant = co_await db::offload(deps.db_pool, [&] { return value_or_throw(deps.service.current(tenant_id)); });
    co_return http::no_store(http::data_response(ctx, json::value_from(settings_dto(tenant))));
  };
  auto write = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const json::value document = http::parse_json_value(ctx.req);
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.update(tenant_id, document, [&](db::Session& s, const SettingsChange& c) {
        audit::AuditRepository::append(s, audit_entry(ctx, c));
      }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(settings_dto(change.after))));
  };

  using http::Access;
  using http::StaffRole;
  using http::TenantFrom;
  using http::Verb;
  auto staff = [](Verb verb, std::string pattern, http::Handler handler) {
    return http::staff_route(verb, std::move(pattern), std::move(handler), StaffRole::admin);
  };
  return http::with_docs(
      {staff(Verb::get, "/backend/admin/settings", read), staff(Verb::put, "/backend/admin/settings", write)},
      {{"GET /backend/admin/settings",
        {"The tenant's settings with their version: name, hosts, languages and the default one, default theme, colours of both "
         "themes, stylesheet, feature flags, global-settings areas, redirect rules and allowed origins",
         "settings", {}, http::schema_of<SettingsDto>, {}}},
       {"PUT /backend/admin/settings",
        {"Replace the tenant's settings, based on the version read (name is read-only). Every instance serves the "
         "change within two seconds; the change is in the audit log with the settings before and after. "
         "settings.currency changes only while no plan or article is priced in the old currency (409 CURRENCY_IN_USE "
         "listing them)",
         "settings", http::schema_of<SettingsDto>, http::schema_of<SettingsDto>,
         {"400 VALIDATION_ERROR", "409 SETTINGS_VERSION_CONFLICT", "409 HOST_TAKEN", "409 CURRENCY_IN_USE"}}}});
}

}  // namespace portal::tenants
