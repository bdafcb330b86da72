#include "domains/subscriptions/plans_admin_routes.hpp"

#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/subscriptions/plans_admin_answers.hpp"
#include "domains/tenants/tenant_currency.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/params.hpp"
#include "http/schema.hpp"

namespace portal::subscriptions {
namespace asio = boost::asio;
namespace json = boost::json;
using http::bhttp::field;

namespace {

using Awaitable = asio::awaitable<http::Response>;

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

PlanTenant plan_tenant(const tenants::Tenant& t) {
  PlanTenant out;
  out.id = t.id;
  out.currency = tenants::currency_setting(t);
  out.default_locale = t.default_locale;
  return out;
}

std::int64_t id_param(const http::RequestContext& ctx) {
  auto id = http::parse_id(ctx.param("id"));
  if (!id) throw http::ErrorException(http::Error::not_found("SUBSCRIPTION_TYPE_NOT_FOUND", "No such subscription type"));
  return *id;
}

// The audit entry of a plan write: who, the call, and the plan before and after.
audit::Entry audit_entry(const http::RequestContext& ctx, std::int64_t tenant_id, const PlanChange& change) {
  auto e = audit::staff_entry(ctx, tenant_id, change.action, "subscription_type", std::to_string(change.after.type.id));
  e.before = change.before ? json::value_from(admin_plan_dto(*change.before)) : json::value(nullptr);
  e.after = json::value_from(admin_plan_dto(change.after));
  return e;
}

// The audit entry of a payment option's write: the option before and after (null when none).
audit::Entry option_entry(const http::RequestContext& ctx, std::int64_t tenant_id, std::string action, const std::string& code,
                          const PaymentOptionChange& change) {
  auto e = audit::staff_entry(ctx, tenant_id, std::move(action), "payment_option", code);
  e.before = change.before ? json::value_from(payment_option_dto(*change.before)) : json::value(nullptr);
  e.after = change.after ? json::value_from(payment_option_dto(*change.after)) : json::value(nullptr);
  return e;
}

std::string option_code(const http::RequestContext& ctx) {
  std::string code(ctx.param("code"));
  if (code.empty() || code.size() > 64) throw http::ErrorException(http::Error::not_found("PAYMENT_OPTION_NOT_FOUND", "No such payment option"));
  return code;
}

}  // namespace

std::vector<http::Route> plans_admin_routes(const PlansAdminRouteDeps& deps) {
  auto list = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant = plan_tenant(ctx.require_tenant());
    auto overview = co_await db::offload(deps.db_pool, [&] { return deps.service.list(tenant.id); });
    auto dto = admin_plans_dto(overview);
    dto.currency = tenant.currency;
    co_return http::no_store(http::data_response(ctx, json::value_from(dto)));
  };
  auto read = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto id = id_param(ctx);
    auto plan = co_await db::offload(deps.db_pool, [&] { return value_or_throw(deps.service.read(tenant_id, id)); });
    co_return http::no_store(http::data_response(ctx, json::value_from(admin_plan_dto(plan))));
  };
  // The four writes share their shape: the tenant, the audit record, the change's plan answered.
  auto record_for = [](http::RequestContext& ctx, std::int64_t tenant_id) {
    return [&ctx, tenant_id](db::Session& s, const PlanChange& c) {
      audit::AuditRepository::append(s, audit_entry(ctx, tenant_id, c));
    };
  };
  auto update = [deps, record_for](http::RequestContext& ctx) -> Awaitable {
    const auto t = plan_tenant(ctx.require_tenant());
    const auto id = id_param(ctx);
    const json::value document = http::parse_json_value(ctx.req);
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.update(t, id, document, record_for(ctx, t.id)));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(admin_plan_dto(change.after))));
  };
  auto create = [deps, record_for](http::RequestContext& ctx) -> Awaitable {
    const auto t = plan_tenant(ctx.require_tenant());
    const json::value document = http::parse_json_value(ctx.req);
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.create(t, document, record_for(ctx, t.id)));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(admin_plan_dto(change.after)), http::Status::created));
  };
  auto duplicate = [deps, record_for](http::RequestContext& ctx) -> Awaitable {
    const auto t = plan_tenant(ctx.require_tenant());
    const auto id = id_param(ctx);
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.duplicate(t, id, record_for(ctx, t.id)));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(admin_plan_dto(change.after)), http::Status::created));
  };
  auto price = [deps, record_for](http::RequestContext& ctx) -> Awaitable {
    const auto t = plan_tenant(ctx.require_tenant());
    const auto id = id_param(ctx);
    const auto body = http::read_body<PlanPriceBody>(ctx);
    const PlansAdmin::PriceChange asked{body.version, {body.price.amount, body.price.currency}, body.effectiveFrom};
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.change_price(t, id, asked, record_for(ctx, t.id)));
    });
    co_return http::no_store(
        http::data_response(ctx, json::value_from(PlanPriceChangedDto{admin_plan_dto(change.after), change.notices})));
  };
  auto retire = [deps, record_for](http::RequestContext& ctx) -> Awaitable {
    const auto t = plan_tenant(ctx.require_tenant());
    const auto id = id_param(ctx);
    const auto body = http::read_body<PlanRetireBody>(ctx);
    const PlansAdmin::Retirement asked{body.version, body.successorId};
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.retire(t, id, asked, record_for(ctx, t.id)));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(admin_plan_dto(change.after))));
  };

  auto options = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto list = co_await db::offload(deps.db_pool, [&] { return deps.service.payment_options(tenant_id); });
    co_return http::no_store(http::data_response(ctx, json::value_from(payment_options_dto(list, deps.service.providers(tenant_id)))));
  };
  auto save_option = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string code = option_code(ctx);
    const auto body = http::read_body<AdminPaymentOptionBody>(ctx);
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.save_payment_option(tenant_id, payment_option_from(code, body),
                                                             [&](db::Session& s, const PaymentOptionChange& c) {
                                                               audit::AuditRepository::append(s, option_entry(ctx, tenant_id, "plans.paymentOption.save", code, c));
                                                             }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(payment_option_dto(*change.after))));
  };
  auto remove_option = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string code = option_code(ctx);
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.remove_payment_option(tenant_id, code, [&](db::Session& s, const PaymentOptionChange& c) {
        audit::AuditRepository::append(s, option_entry(ctx, tenant_id, "plans.paymentOption.delete", code, c));
      }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(payment_option_dto(*change.before))));
  };

  using http::Access;
  using http::StaffRole;
  using http::TenantFrom;
  using http::Verb;
  auto staff = [](Verb verb, std::string pattern, http::Handler handler) {
    return http::staff_route(verb, std::move(pattern), std::move(handler), StaffRole::editor);
  };
  auto reader = [](Verb verb, std::string pattern, http::Handler handler) {
    return http::staff_route(verb, std::move(pattern), std::move(handler), StaffRole::plans);
  };
  auto money = [](Verb verb, std::string pattern, http::Handler handler) {
    return http::staff_route(verb, std::move(pattern), std::move(handler), StaffRole::finance);
  };
  const std::vector<std::string> write_errors{"400 VALIDATION_ERROR", "404 SUBSCRIPTION_TYPE_NOT_FOUND",
                                              "409 PLAN_VERSION_CONFLICT"};
  return http::with_docs(
      // Plans are content (texts: editors) and money (prices and retirement: finance); both read them; an admin and
      // an owner do everything (issue 73 item 4).
      {reader(Verb::get, "/backend/admin/plans", list), staff(Verb::post, "/backend/admin/plans", create),
       reader(Verb::get, "/backend/admin/plans/{id}", read), staff(Verb::put, "/backend/admin/plans/{id}", update),
       staff(Verb::post, "/backend/admin/plans/{id}/duplicate", duplicate),
       money(Verb::post, "/backend/admin/plans/{id}/price", price),
       money(Verb::post, "/backend/admin/plans/{id}/retire", retire),
       reader(Verb::get, "/backend/admin/payment-options", options),
       http::staff_route(Verb::put, "/backend/admin/payment-options/{code}", save_option, StaffRole::admin),
       http::staff_route(Verb::delete_, "/backend/admin/payment-options/{code}", remove_option, StaffRole::admin)},
      {{"GET /backend/admin/payment-options",
        {"The tenant's payment options (the ways a plan is paid: a provider under a code the plans name) and the "
         "providers this portal has",
         "plans", {}, http::schema_of<AdminPaymentOptionsDto>, {}}},
       {"PUT /backend/admin/payment-options/{code}",
        {"Add or change a payment option (admins and owners): a provider this portal has (its flow follows) and the "
         "name buyers see, by language with en. Every instance serves it within two seconds; audited",
         "plans", http::schema_of<AdminPaymentOptionBody>, http::schema_of<AdminPaymentOptionDto>, {"400 VALIDATION_ERROR"}}},
       {"DELETE /backend/admin/payment-options/{code}",
        {"Delete a payment option no plan offers (admins and owners); audited", "plans", {},
         http::schema_of<AdminPaymentOptionDto>, {"404 PAYMENT_OPTION_NOT_FOUND", "409 PAYMENT_OPTION_IN_USE"}}},
       {"GET /backend/admin/plans",
        {"The tenant's subscription types with group, level, price, state and subscribers, its plan groups and "
         "payment option codes",
         "plans", {}, http::schema_of<AdminPlansDto>, {}}},
       {"POST /backend/admin/plans",
        {"Create a subscription type (validated as `portal import-subscriptions` validates a plans file); audited",
         "plans", http::schema_of<AdminPlanWriteDto>, http::schema_of<AdminPlanDto>,
         {"400 VALIDATION_ERROR", "409 PLAN_ID_TAKEN"}}},
       {"GET /backend/admin/plans/{id}",
        {"One subscription type with everything the console edits: texts (attributes), prices, cycle, trial, "
         "contingents, group and level, state",
         "plans", {}, http::schema_of<AdminPlanDto>, {"404 SUBSCRIPTION_TYPE_NOT_FOUND"}}},
       {"PUT /backend/admin/plans/{id}",
        {"Edit a subscription type based on the version read (the price changes through /price). Every instance "
         "serves the change within two seconds; audited with the plan before and after",
         "plans", http::schema_of<AdminPlanWriteDto>, http::schema_of<AdminPlanDto>, write_errors}},
       {"POST /backend/admin/plans/{id}/duplicate",
        {"A copy of the type under the next free id, sold beside it; audited", "plans", {},
         http::schema_of<AdminPlanDto>, {"404 SUBSCRIPTION_TYPE_NOT_FOUND"}}},
       {"POST /backend/admin/plans/{id}/price",
        {"A new price: new checkouts pay it at once, renewals from effectiveFrom (in the future); every current "
         "subscriber gets a notice mail; audited",
         "plans", http::schema_of<PlanPriceBody>, http::schema_of<PlanPriceChangedDto>, write_errors}},
       {"POST /backend/admin/plans/{id}/retire",
        {"Retire the type: sold no more; its subscribers renew onto the named successor (or on it when none); "
         "audited",
         "plans", http::schema_of<PlanRetireBody>, http::schema_of<AdminPlanDto>, write_errors}}});
}

}  // namespace portal::subscriptions
