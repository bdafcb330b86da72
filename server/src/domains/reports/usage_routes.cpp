#include "domains/reports/usage_routes.hpp"

#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/reports/report_calls.hpp"
#include "domains/reports/usage_dto.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::reports {
namespace asio = boost::asio;
namespace json = boost::json;
using field = boost::beast::http::field;

namespace {

using Awaitable = asio::awaitable<http::Response>;

ConsumptionReportDto consumption_dto(const Consumption& c) {
  ConsumptionReportDto out;
  out.from = c.range.from;
  out.to = c.range.to;
  out.granularity = c.range.granularity;
  out.refreshedAt = c.refreshed_at;
  for (const auto& p : c.series) out.series.push_back({p.period, p.plays, p.ms, p.games_started});
  for (const auto& s : c.by_section) out.bySection.push_back({s.key, s.plays, s.ms});
  for (const auto& s : c.by_content_type) out.byContentType.push_back({s.key, s.plays, s.ms});
  for (const auto& s : c.by_language) out.byLanguage.push_back({s.key, s.plays, s.ms});
  for (const auto& a : c.top_articles)
    out.topArticles.push_back({std::to_string(a.article_id), a.title, a.content_type, a.plays, a.ms});
  out.funnel = {c.funnel.visits, c.funnel.sign_ups, c.funnel.first_subscriptions};
  for (const auto& p : c.funnel_series)
    out.funnelSeries.push_back({p.period, p.visits, p.sign_ups, p.first_subscriptions});
  return out;
}

RoyaltiesDto royalties_dto(const RoyaltyMonth& m) {
  RoyaltiesDto out;
  out.month = m.month;
  out.status = m.issued ? "issued" : "open";
  out.issuedAt = m.issued_at;
  out.issuedBy = m.issued_by;
  out.canIssue = m.can_issue;
  out.cannotIssueBecause = m.issue_refusal;
  out.openMonth = m.open_month;
  out.refreshedAt = m.refreshed_at;
  for (const auto& l : m.licensors)
    out.licensors.push_back({l.licensor, l.articles, l.plays, l.counted_ms, l.claimed_ms});
  for (const auto& x : m.months) out.months.push_back({x.month, x.issued ? "issued" : "open"});
  return out;
}

RoyaltyLinesDto lines_dto(const RoyaltyLines& l) {
  RoyaltyLinesDto out;
  out.month = l.month;
  out.licensor = l.licensor;
  out.status = l.issued ? "issued" : "open";
  for (const auto& x : l.lines)
    out.lines.push_back({std::to_string(x.article_id), x.title, x.content_type, x.plays, x.counted_ms, x.claimed_ms});
  return out;
}

audit::Entry issue_entry(const http::RequestContext& ctx, std::int64_t tenant_id, const RoyaltyMonth& m,
                         const std::vector<RoyaltyLine>& lines) {
  auto e = audit::staff_entry(ctx, tenant_id, "royalties.issue", "royalty_statement", m.month);
  std::int64_t plays = 0, counted = 0, claimed = 0;
  for (const auto& l : lines) {
    plays += l.plays;
    counted += l.counted_ms;
    claimed += l.claimed_ms;
  }
  e.before = json::object{{"month", m.month}, {"status", "open"}};
  e.after = json::object{{"month", m.month},           {"status", "issued"},      {"lines", lines.size()},
                         {"licensors", m.licensors.size()}, {"plays", plays}, {"countedMs", counted},
                         {"claimedMs", claimed}};
  return e;
}

}  // namespace

std::vector<http::Route> usage_routes(const UsageRouteDeps& deps) {
  auto consumption = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const RangeQuery range = range_query(ctx);
    const ConsumptionFilter filter{ctx.query("section").value_or(""), ctx.query("contentType").value_or(""),
                                   ctx.query("language").value_or("")};
    const std::string lang = reader_language(ctx);
    auto report = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.usage.consumption(tenant_id, range.from, range.to, range.granularity, filter, lang));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(consumption_dto(report))));
  };
  auto royalties = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto month = ctx.query("month");
    auto answer = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.royalties.month(tenant_id, month));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(royalties_dto(answer))));
  };
  auto lines = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string month(ctx.param("month"));
    const auto licensor = ctx.query("licensor");
    const std::string lang = reader_language(ctx);
    auto answer = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.royalties.lines(tenant_id, month, licensor, lang));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(lines_dto(answer))));
  };
  auto statement = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string month(ctx.param("month"));
    const auto licensor = ctx.query("licensor");
    const std::string lang = reader_language(ctx);
    auto answer = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.royalties.lines(tenant_id, month, licensor, lang));
    });
    http::Response res{http::Status::ok, ctx.req.version()};
    res.set(field::content_type, "text/csv; charset=utf-8");
    res.set(field::content_disposition, "attachment; filename=\"royalties-" + answer.month + ".csv\"");
    res.set(field::cache_control, "no-store");
    res.body() = RoyaltiesService::csv(answer);
    res.prepare_payload();
    co_return res;
  };
  auto issue = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string month(ctx.param("month"));
    const std::string actor = ctx.staff->email.empty() ? ctx.staff->id : ctx.staff->email;
    auto answer = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.royalties.issue(
          tenant_id, month, actor, [&](db::Session& s, const RoyaltyMonth& m, const std::vector<RoyaltyLine>& l) {
            audit::AuditRepository::append(s, issue_entry(ctx, tenant_id, m, l));
          }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(royalties_dto(answer))));
  };

  using http::StaffRole;
  using http::Verb;
  const std::vector<http::ApiQuery> range_query{
      {"from", "The first day, YYYY-MM-DD (UTC; default: 29 days before to)"},
      {"to", "The last day, YYYY-MM-DD (UTC, inclusive; default: today). At most 1100 days"},
      {"granularity", "day (default), week (ISO weeks, named by their Monday) or month"},
      {"section", "Only this section"},
      {"contentType", "Only this content type"},
      {"language", "Only listeners of this saved language"},
      {"lang", "The reader's language (one of the six, else en): the top articles' titles in it, else English"}};
  const std::vector<http::ApiQuery> licensor_query{
      {"licensor", "Only this licensor (empty: articles without one)"},
      {"lang", "The reader's language (one of the six, else en): each article's title in it as the catalog names it "
               "now, else English; an article the catalog no longer has keeps the statement's title"}};
  // Reads that may be a moment old: a streaming replica may answer them (docs/operations.md "Read replicas").
  return http::replica_reads(http::with_docs(
      {http::staff_route(Verb::get, "/backend/admin/reports/consumption", consumption, StaffRole::finance),
       http::staff_route(Verb::get, "/backend/admin/reports/royalties", royalties, StaffRole::finance),
       http::staff_route(Verb::get, "/backend/admin/reports/royalties/{month}/lines", lines, StaffRole::finance),
       http::staff_route(Verb::get, "/backend/admin/reports/royalties/{month}/statement.csv", statement,
                         StaffRole::finance),
       http::staff_route(Verb::post, "/backend/admin/reports/royalties/{month}/issue", issue, StaffRole::finance)},
      {{"GET /backend/admin/reports/consumption",
        {"Plays, counted listening or watching time (ms) and games started by period, section, content type and "
         "listener's language, the 20 most played articles, and the funnel of visits (page views, sent only with "
         "analytics consent), sign-ups and first subscriptions; from the daily aggregates (refreshedAt)",
         "reports", {}, http::schema_of<ConsumptionReportDto>, {"400 VALIDATION_ERROR"}, range_query}},
       {"GET /backend/admin/reports/royalties",
        {"A month's royalty statement per licensor (plays, counted and claimed ms of the reports received in the "
         "month, plus what arrived late for issued months), whether it is issued or can be, and the months",
         "reports", {}, http::schema_of<RoyaltiesDto>, {"400 VALIDATION_ERROR"},
         {{"month", "YYYY-MM (default: last month)"}}}},
       {"GET /backend/admin/reports/royalties/{month}/lines",
        {"The lines of a month's statement (one per article), of one licensor or of all",
         "reports", {}, http::schema_of<RoyaltyLinesDto>, {"400 VALIDATION_ERROR"}, licensor_query}},
       {"GET /backend/admin/reports/royalties/{month}/statement.csv",
        {"The month's statement as CSV (month, licensor, articleId, title, contentType, plays, countedMs, "
         "claimedMs, countedSeconds, claimedSeconds), a download",
         "reports", {}, {}, {"400 VALIDATION_ERROR"}, licensor_query, false, false, "text/csv"}},
       {"POST /backend/admin/reports/royalties/{month}/issue",
        {"Issue a month's statement: its lines are frozen; what arrives later goes to the next open statement. "
         "In the audit log (royalties.issue)",
         "reports", {}, http::schema_of<RoyaltiesDto>,
         {"400 VALIDATION_ERROR", "409 MONTH_NOT_ENDED", "409 EARLIER_MONTH_OPEN", "409 ALREADY_ISSUED"}, {}, true}}}));
}

}  // namespace portal::reports
