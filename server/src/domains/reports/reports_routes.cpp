#include "domains/reports/reports_routes.hpp"

#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/reports/report_calls.hpp"
#include "domains/reports/reports_answers.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::reports {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

audit::Entry refresh_entry(const http::RequestContext& ctx, std::int64_t tenant_id, const RefreshAnswer& a) {
  auto e = audit::staff_entry(ctx, tenant_id, "reports.refresh", "reports", std::to_string(tenant_id));
  e.after = json::value_from(refresh_dto(a));
  return e;
}

}  // namespace

std::vector<http::Route> reports_routes(const ReportsRouteDeps& deps) {
  auto revenue = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const RevenueQuery q{range_query(ctx), ctx.query("currency"), ctx.query("method"), ctx.query("plan"),
                         reader_language(ctx)};
    auto report = co_await db::offload(deps.db_pool, [&] { return value_or_throw(deps.service.revenue(tenant_id, q)); });
    co_return http::no_store(http::data_response(ctx, json::value_from(revenue_dto(report))));
  };
  auto subscribers = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const RangeQuery q = range_query(ctx);
    auto report =
        co_await db::offload(deps.db_pool, [&] { return value_or_throw(deps.service.subscribers(tenant_id, q)); });
    json::value v = json::value_from(subscribers_dto(report));
    rename_keyword_members(v);
    co_return http::no_store(http::data_response(ctx, std::move(v)));
  };
  auto refresh = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto answer = co_await db::offload(deps.db_pool, [&] {
      return deps.service.refresh(tenant_id, [&](db::Session& s, const RefreshAnswer& a) {
        audit::AuditRepository::append(s, refresh_entry(ctx, tenant_id, a));
      });
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(refresh_dto(answer))));
  };

  auto operations = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto found = co_await db::offload(deps.db_pool, [&] { return deps.service.operations(tenant_id); });
    const OperationsDto out{found.since, found.counts.failed_media_jobs, found.counts.failed_mail, found.counts.waiting_mail};
    co_return http::no_store(http::data_response(ctx, json::value_from(out)));
  };

  using http::StaffRole;
  using http::Verb;
  const std::vector<http::ApiQuery> range{
      {"from", "The first UTC day, YYYY-MM-DD (default: 29 days before to)"},
      {"to", "The last UTC day, YYYY-MM-DD, inclusive (default: today); at most 1,100 days after from"},
      {"granularity", "day (default), week (ISO weeks from Monday) or month; a period is named by its first day"}};
  auto revenue_query = range;
  revenue_query.push_back({"currency", "Only this currency (ISO 4217 code)"});
  revenue_query.push_back({"method", "Only this method: card, mobile_bill or voucher"});
  revenue_query.push_back({"plan", "Only this plan (subscription type id)", "integer"});
  revenue_query.push_back({"lang", "The reader's language (one of the six, else en): planName is the plan card's name "
                                   "in it (DISPLAY_SERVICE_NAME_TEXT, else DISPLAY_SERVICE_TITLE_TEXT, in lang, else "
                                   "English, else the internal name)"});
  // Reads that may be a moment old: a streaming replica may answer them (docs/operations.md "Read replicas").
  return http::replica_reads(http::with_docs(
      {http::staff_route(Verb::get, "/backend/admin/reports/revenue", revenue, StaffRole::finance),
       http::staff_route(Verb::get, "/backend/admin/reports/subscribers", subscribers, StaffRole::finance),
       http::staff_route(Verb::post, "/backend/admin/reports/refresh", refresh, StaffRole::admin),
       http::staff_route(Verb::get, "/backend/admin/reports/operations", operations, StaffRole::admin)},
      {{"GET /backend/admin/reports/revenue",
        {"Revenue of the tenant by period, plan, method and section, per currency (never summed across currencies): "
         "gross (succeeded payments by the day made), refunds (succeeded refunds by the day made), net; MRR at the "
         "end of `to`. Read from the daily aggregates (docs/reports.md)",
         "reports", {}, http::schema_of<RevenueReportDto>, {"400 VALIDATION_ERROR", "404 TENANT_NOT_FOUND"},
         revenue_query}},
       {"GET /backend/admin/reports/subscribers",
        {"Subscribers of the tenant by period: active, started, new, cancelled, ended, trials; churn, trial "
         "conversion, ARPU per currency and cohorts by month of first subscription (docs/reports.md)",
         "reports", {}, http::schema_of<SubscribersReportDto>, {"400 VALIDATION_ERROR", "404 TENANT_NOT_FOUND"},
         range}},
       {"POST /backend/admin/reports/refresh",
        {"Runs the reports' refresh job for the tenant now (claimed: when another run holds it, ran is false). "
         "Recorded in the audit log (reports.refresh)",
         "reports", {}, http::schema_of<RefreshDto>, {"404 TENANT_NOT_FOUND"}, {}, true}},
       {"GET /backend/admin/reports/operations",
        {"What went wrong for the tenant in the last 24 hours, counted live: failed media jobs, mail given up after "
         "every attempt, and mail still waiting to be sent (the console's home)",
         "reports", {}, http::schema_of<OperationsDto>, {}}}}));
}

}  // namespace portal::reports
