#include "domains/privacy/privacy_routes.hpp"

#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/identity/identity_answers.hpp"
#include "domains/privacy/privacy_answers.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::privacy {
namespace asio = boost::asio;
namespace json = boost::json;
using http::bhttp::field;

namespace {

using Awaitable = asio::awaitable<http::Response>;

// The document as a file to keep: the whole body (not {data}), never cached.
http::Response download(const http::RequestContext& ctx, const DataExport& d) {
  auto res = http::no_store(http::json_response(ctx, http::Status::ok, json::value_from(d)));
  res.set(field::content_disposition, "attachment; filename=\"my-data-" + d.tenant + ".json\"");
  return res;
}

DeletedDto deleted_dto(const Deleted& d) { return {d.deleted_at, d.pseudonym, d.plans_cancelled}; }

// A staff call's audit entry about customer `uuid`. No personal data in it:
// the log is append-only and outlives an erasure.
audit::Entry audit_entry(const http::RequestContext& ctx, std::int64_t tenant_id, std::string action,
                         const std::string& uuid, json::value after) {
  auto e = audit::staff_entry(ctx, tenant_id, std::move(action), "customer", uuid);
  e.after = std::move(after);
  return e;
}

}  // namespace

std::vector<http::Route> privacy_routes(const RouteDeps& deps) {
  // Access::user: the pipeline answered a guest 401, so ctx.user is set.
  auto my_data = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    const auto tenant_id = tenant.id;
    const std::string name = tenant.name;
    const std::string uuid = ctx.user->uuid;
    auto d = co_await db::offload(deps.db_pool, [&] { return deps.service.export_data(tenant_id, name, uuid); });
    co_return download(ctx, value_or_throw(std::move(d)));
  };
  auto delete_me = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto body = http::read_body<DeleteAccountBody>(ctx);
    const auto tenant_id = ctx.require_tenant().id;
    const std::string uuid = ctx.user->uuid;
    const std::string session_id = ctx.user->session_id;
    const std::string password = body.currentPassword.value_or("");
    const std::string lang = http::api_language(ctx);
    const std::string address = ctx.client_address;
    auto done = co_await db::offload(deps.db_pool, [&]() -> Result<Deleted> {
      // The password proves the owner; an account without one (an operator
      // sign-in) proves it by a sign-in of the last few minutes.
      auto has_password = deps.identity.check_current_password(tenant_id, uuid, password, address);
      if (!has_password) throw http::ErrorException(identity::http_error(has_password.error()));
      if (!*has_password)
        if (auto fresh = deps.service.check_fresh_session(tenant_id, uuid, session_id); !fresh) return fresh.error();
      return deps.service.delete_account(tenant_id, uuid, Deletion{"user", "by the customer"}, lang);
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(deleted_dto(value_or_throw(std::move(done))))));
  };
  auto staff_export = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    const auto tenant_id = tenant.id;
    const std::string name = tenant.name;
    const std::string uuid = std::string(ctx.param("userId"));
    auto d = co_await db::offload(deps.db_pool, [&] {
      // Handing out personal data is in the log.
      return deps.service.export_data(tenant_id, name, uuid, [&](db::Session& s) {
        audit::AuditRepository::append(s, audit_entry(ctx, tenant_id, "customers.export", uuid, nullptr));
      });
    });
    co_return download(ctx, value_or_throw(std::move(d)));
  };
  auto staff_delete = [deps](http::RequestContext& ctx) -> Awaitable {
    auto body = http::read_body<StaffDeleteBody>(ctx);
    const auto tenant_id = ctx.require_tenant().id;
    const std::string uuid = std::string(ctx.param("userId"));
    const std::string lang = http::api_language(ctx);
    const std::string actor = "staff:" + ctx.staff->email;
    auto done = co_await db::offload(deps.db_pool, [&]() -> Result<Deleted> {
      if (body.reason.find_first_not_of(" \t\r\n") == std::string::npos)
        return Error::invalid("reason", "is required");
      if (body.reason.size() > 500) return Error::invalid("reason", "is longer than 500 characters");
      return deps.service.delete_account(
          tenant_id, uuid, Deletion{actor, body.reason}, lang, [&](db::Session& s, const Account&, const Deleted& d) {
            audit::AuditRepository::append(
                s, audit_entry(ctx, tenant_id, "customers.delete", uuid,
                               json::object{{"pseudonym", d.pseudonym}, {"plansCancelled", d.plans_cancelled},
                                            {"mailed", !d.mailed_to.empty()}, {"reason", body.reason}}));
          });
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(deleted_dto(value_or_throw(std::move(done))))));
  };

  using http::Access;
  using http::schema_of;
  using http::StaffRole;
  using http::TenantFrom;
  using http::Verb;
  auto staff = [](Verb verb, std::string pattern, http::Handler handler) {
    return http::staff_route(verb, std::move(pattern), std::move(handler), StaffRole::support);
  };
  auto download_doc = [](std::string summary, std::vector<std::string> errors) {
    http::ApiDoc doc{std::move(summary), "privacy", {}, schema_of<DataExportDto>, std::move(errors)};
    doc.raw_answer = true;
    return doc;
  };
  return http::with_docs(
      {{Verb::get, "/backend/user/data", my_data, TenantFrom::header, Access::user},
       {Verb::post, "/backend/user/data/delete", delete_me, TenantFrom::header, Access::user},
       staff(Verb::get, "/backend/admin/customers/{userId}/export", staff_export),
       staff(Verb::post, "/backend/admin/customers/{userId}/delete", staff_delete)},
      {{"GET /backend/user/data",
        download_doc("The signed-in customer's data as a JSON file (Content-Disposition: attachment): profile, "
                     "subscriptions with their events, payments, purchases, voucher orders, wallet, play history, "
                     "likes, ratings, notifications, challenge tickets, tournament teams, consents, parental "
                     "control, devices, sessions. Never a password hash, PIN, token or session id",
                     {"401 UNAUTHORIZED"})},
       {"POST /backend/user/data/delete",
        {"Delete the signed-in customer's account: every session ends, personal data is erased, payments and "
         "purchases are kept without the person's identity, active plans are cancelled, a confirmation mail goes "
         "to the address. Needs currentPassword (an account without a password: a sign-in of the last 10 minutes)",
         "privacy", schema_of<DeleteAccountBody>, schema_of<DeletedDto>,
         {"400 VALIDATION_ERROR", "401 UNAUTHORIZED", "403 CURRENT_PASSWORD_WRONG", "403 FRESH_SIGN_IN_REQUIRED",
          "429 TOO_MANY_ATTEMPTS"}}},
       {"GET /backend/admin/customers/{userId}/export",
        download_doc("A customer's data as a JSON file, for the customer's request (support; in the audit log "
                     "as customers.export). userId is the customer's uuid",
                     {"404 CUSTOMER_NOT_FOUND"})},
       {"POST /backend/admin/customers/{userId}/delete",
        {"Delete a customer's account on their request (support; with a reason; in the audit log as "
         "customers.delete). The same erasure as the customer's own call",
         "privacy", schema_of<StaffDeleteBody>, schema_of<DeletedDto>,
         {"400 VALIDATION_ERROR", "404 CUSTOMER_NOT_FOUND"}}}});
}

}  // namespace portal::privacy
