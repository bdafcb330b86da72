#include "domains/customers/customers_routes.hpp"

#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/customers/customers_answers.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::customers {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

Caller caller_of(const http::RequestContext& ctx) {
  return {ctx.require_tenant().id, !ctx.staff->tenant_id.has_value()};
}

// Looking at a person's data is recorded (docs/decisions.md "Customers: viewing a customer is audited"):
// who looked, at whom; no before or after (nothing changed).
audit::Entry view_entry(const http::RequestContext& ctx, const Customer& c) {
  return audit::staff_entry(ctx, c.profile.tenant_id, "customers.view", "customer", c.profile.uuid);
}

}  // namespace

std::vector<http::Route> customers_routes(const CustomersRouteDeps& deps) {
  auto search = [deps](http::RequestContext& ctx) -> Awaitable {
    const Caller caller = caller_of(ctx);
    const auto q = ctx.query("q").value_or("");
    const auto tenant = ctx.query("tenant");
    auto matches = co_await db::offload(deps.db_pool, [&] {
      const auto scope = value_or_throw(deps.service.scope(caller, tenant));
      return value_or_throw(deps.service.search(scope, q));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(search_dto(matches))));
  };
  auto page = [deps](http::RequestContext& ctx) -> Awaitable {
    const Caller caller = caller_of(ctx);
    const std::string uuid(ctx.param("userId"));
    auto customer = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.customer(caller, uuid, [&](db::Session& s, const Customer& c) {
        audit::AuditRepository::append(s, view_entry(ctx, c));
      }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(customer_dto(customer))));
  };

  using http::StaffRole;
  using http::Verb;
  const std::vector<http::ApiQuery> search_query{
      {"q",
       "An e-mail (exact, or its beginning: 3 characters or more), an MSISDN, a user id or uuid, a payment id or "
       "reference, or a voucher code (at most 200 characters)",
       "string", true},
      {"tenant", "Platform administrators: another tenant's name, or all (default: the request's tenant)"}};
  return http::with_docs(
      {http::staff_route(Verb::get, "/backend/admin/customers", search, StaffRole::care),
       http::staff_route(Verb::get, "/backend/admin/customers/{userId}", page, StaffRole::care)},
      {{"GET /backend/admin/customers",
        {"Find customers of the tenant by e-mail, MSISDN, user id, payment or voucher code: at most 20, each with the "
         "key that matched",
         "customers", {}, http::schema_of<CustomerSearchDto>, {"400 VALIDATION_ERROR", "404 TENANT_NOT_FOUND"},
         search_query}},
       {"GET /backend/admin/customers/{userId}",
        {"A customer's account (userId: the user's uuid): profile, sessions, sign-in lock, subscriptions with their "
         "events, payments, purchases, wallet, voucher orders, parental control on or off, notifications, likes, "
         "ratings, tickets and teams. Viewing is recorded in the audit log (customers.view)",
         "customers", {}, http::schema_of<CustomerDto>, {"404 CUSTOMER_NOT_FOUND"}}}});
}

}  // namespace portal::customers
