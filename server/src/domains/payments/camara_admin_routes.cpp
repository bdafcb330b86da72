#include "domains/payments/camara_admin_routes.hpp"

#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/payments/payments_answers.hpp"
#include "domains/payments/payments_dto.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/on_pool.hpp"
#include "http/openapi.hpp"
#include "http/origin.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::payments {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

CamaraAccountDto camara_dto_of(const std::optional<CamaraAccountView>& v, std::optional<std::string> sink, std::string redirect_uri) {
  CamaraAccountDto d;
  d.sinkUrl = std::move(sink);
  d.redirectUri = std::move(redirect_uri);
  if (!v) return d;
  d.configured = true;
  d.operatorName = v->operator_name;
  d.apiRoot = v->api_root;
  d.issuer = v->issuer;
  d.clientId = v->client_id;
  d.clientSecretHint = v->client_secret_hint;
  d.authMethod = v->auth_method;
  d.merchantIdentifier = v->merchant_identifier;
  d.currency = v->currency;
  d.steps = v->steps;
  d.numberVerification = v->number_verification;
  d.version = v->version;
  d.updatedAt = v->updated_at;
  return d;
}

// Where the operator sends the subscriber back after its network sign-in (identity/camara_login_routes).
std::string camara_redirect_uri(const http::RequestContext& ctx) {
  return http::mail_origin(*ctx.tenant) + "/backend/login/" + ctx.tenant->name + "/network/callback";
}

json::value camara_audited(const std::optional<CamaraAccountView>& v) {
  if (!v) return nullptr;
  return json::object{{"operatorName", v->operator_name}, {"apiRoot", v->api_root},
                      {"issuer", v->issuer ? json::value(*v->issuer) : nullptr}, {"clientId", v->client_id},
                      {"clientSecretHint", v->client_secret_hint}, {"authMethod", v->auth_method},
                      {"merchantIdentifier", v->merchant_identifier}, {"currency", v->currency}, {"steps", v->steps},
                      {"numberVerification", v->number_verification}, {"version", v->version}};
}

}  // namespace

std::vector<http::Route> camara_admin_routes(const CamaraAdminRouteDeps& deps) {
  auto sink = [deps](std::int64_t tenant_id) { return deps.sink_url ? deps.sink_url(tenant_id) : std::nullopt; };
  auto get = [deps, sink](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto view = co_await db::offload(deps.db_pool, [&] { return deps.accounts.view(tenant_id); });
    co_return http::no_store(http::data_response(ctx, json::value_from(camara_dto_of(view, sink(tenant_id), camara_redirect_uri(ctx)))));
  };
  auto put = [deps, sink](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto body = http::read_body<CamaraAccountBody>(ctx);
    CamaraSettings settings{body.operatorName, body.apiRoot, body.issuer, body.clientId, body.clientSecret,
                            body.merchantIdentifier, body.currency, static_cast<int>(body.steps), body.numberVerification,
                            body.version};
    if (body.steps != 1 && body.steps != 2) settings.steps = 0;  // refused by the check of its shape
    co_return co_await http::on_pool(ctx, deps.db_pool, [&] {
      auto saved = deps.accounts.save(
          tenant_id, settings, ctx.staff->id,
          [&](db::Session& s, const std::optional<CamaraAccountView>& before, const CamaraAccountView& after) {
            auto e = audit::staff_entry(ctx, tenant_id, "payments.camara", "payment_provider", "camara");
            e.before = camara_audited(before);
            e.after = camara_audited(after);
            audit::AuditRepository::append(s, e);
          },
          // Credentials the operator refuses are said here, not later as a subscriber's failed payment.
          [&](const CamaraAccount& candidate) { return deps.client.check(candidate); });
      if (!saved) return http::error_response(ctx.req, http_error(saved.error()), ctx.request_id);
      return http::no_store(http::data_response(ctx, json::value_from(camara_dto_of(*saved, sink(tenant_id), camara_redirect_uri(ctx)))));
    });
  };
  auto remove = [deps, sink](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    co_return co_await http::on_pool(ctx, deps.db_pool, [&] {
      auto removed = deps.accounts.remove(
          tenant_id, [&](db::Session&) { return deps.in_use && deps.in_use(tenant_id); },
          [&](db::Session& s, const CamaraAccountView& before) {
            auto e = audit::staff_entry(ctx, tenant_id, "payments.camara.remove", "payment_provider", "camara");
            e.before = camara_audited(before);
            audit::AuditRepository::append(s, e);
          });
      if (!removed) return http::error_response(ctx.req, http_error(removed.error()), ctx.request_id);
      return http::no_store(http::data_response(ctx, json::value_from(camara_dto_of(std::nullopt, sink(tenant_id), camara_redirect_uri(ctx)))));
    });
  };

  using http::StaffRole;
  using http::Verb;
  const std::string path = "/backend/admin/payment-providers/camara";
  return http::with_docs(
      {http::staff_route(Verb::get, path, get, StaffRole::admin), http::staff_route(Verb::put, path, put, StaffRole::admin),
       http::staff_route(Verb::delete_, path, remove, StaffRole::admin)},
      {{"GET " + path,
        {"The tenant's CAMARA operator (admin, owner): its API root, issuer, client id and the last four characters of "
         "the client secret (never the secret), merchant identifier, currency, one or two steps, whether its network "
         "signs subscribers in (Number Verification), where its notifications go and the redirect URI to register",
         "payments", {}, http::schema_of<CamaraAccountDto>, {}}},
       {"PUT " + path,
        {"Saves the tenant's CAMARA operator (admin, owner): the client secret only when it changes (the first save "
         "needs it): a PEM private key (private_key_jwt, the CAMARA profile's) or a shared secret (client_secret_jwt), "
         "sealed at rest and never shown again; new credentials are checked with the operator first (400 naming "
         "clientSecret when it refuses them); audited without the secret",
         "payments", http::schema_of<CamaraAccountBody>, http::schema_of<CamaraAccountDto>,
         {"400 VALIDATION_ERROR", "409 PAYMENT_ACCOUNT_VERSION_CONFLICT", "502 PAYMENT_PROVIDER_UNAVAILABLE"}}},
       {"DELETE " + path,
        {"Removes the tenant's CAMARA operator (admin, owner); refused while a payment option bills through it; audited",
         "payments", {}, http::schema_of<CamaraAccountDto>, {"409 PAYMENT_PROVIDER_IN_USE"}}}});
}

}  // namespace portal::payments
