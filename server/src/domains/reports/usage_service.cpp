#include "domains/reports/usage_service.hpp"

#include <chrono>
#include <cstdio>

#include "db/timestamp.hpp"
#include "domains/reports/report_days.hpp"

namespace portal::reports {
namespace {

using namespace std::chrono;

constexpr std::size_t kTopArticles = 20;

}  // namespace

bool usage_valid_day(const std::string& day) { return parse_day(day).has_value(); }

Result<UsageRange> usage_range(const std::optional<std::string>& from, const std::optional<std::string>& to,
                               const std::optional<std::string>& granularity, const std::string& today) {
  UsageRange r;
  r.granularity = granularity.value_or("day");
  if (r.granularity != "day" && r.granularity != "week" && r.granularity != "month")
    return Error::invalid("granularity", "must be day, week or month");
  const auto t = to ? parse_day(*to) : parse_day(today);
  if (!t) return Error::invalid("to", "must be a day YYYY-MM-DD");
  const auto f = from ? parse_day(*from) : std::optional<sys_days>(*t - days{29});
  if (!f) return Error::invalid("from", "must be a day YYYY-MM-DD");
  if (*f > *t) return Error::invalid("from", "must not be after to");
  if ((*t - *f).count() + 1 > kMaxDays) return Error::invalid("from", "the range spans more than 1100 days");
  r.from = format_day(*f);
  r.to = format_day(*t);
  return r;
}

std::string usage_period_of(const std::string& day, const std::string& granularity) {
  if (granularity == "month") return day.substr(0, 8) + "01";
  if (granularity == "week") {
    const auto d = parse_day(day);
    if (!d) return day;
    const weekday wd{*d};
    const auto since_monday = (wd.c_encoding() + 6) % 7;  // Monday 0 .. Sunday 6
    return format_day(*d - days{since_monday});
  }
  return day;
}

UsageSpans usage_spans(const UsageRange& range, const std::string& today) {
  UsageSpans out;
  const auto f = parse_day(range.from), t = parse_day(range.to);
  if (!f || !t || *f > *t) return out;
  const year_month_day fd{*f}, td{*t};
  const auto first_day = [](year_month m) { return sys_days{m / day{1}}; };
  const auto last_day = [](year_month m) { return sys_days{m / last}; };
  year_month first_whole{fd.year(), fd.month()}, last_whole{td.year(), td.month()};
  if (*f != first_day(first_whole)) first_whole += months{1};
  if (*t != last_day(last_whole) && range.to < today) last_whole -= months{1};
  if (first_whole > last_whole) {  // no whole month
    out.head_from = range.from;
    out.head_to = range.to;
    return out;
  }
  out.first_month = format_month(first_whole);
  out.last_month = format_month(last_whole);
  if (*f < first_day(first_whole)) {
    out.head_from = range.from;
    out.head_to = format_day(first_day(first_whole) - days{1});
  }
  if (*t > last_day(last_whole)) {
    out.tail_from = format_day(last_day(last_whole) + days{1});
    out.tail_to = range.to;
  }
  return out;
}

std::vector<std::string> usage_periods(const UsageRange& range) {
  std::vector<std::string> out;
  const auto f = parse_day(range.from), t = parse_day(range.to);
  if (!f || !t) return out;
  for (auto d = *f; d <= *t; d += days{1}) {
    auto p = usage_period_of(format_day(d), range.granularity);
    if (out.empty() || out.back() != p) out.push_back(std::move(p));
  }
  return out;
}

std::map<std::int64_t, std::string> usage_titles(db::Database& db, std::int64_t tenant_id,
                                                 const std::vector<std::int64_t>& ids) {
  std::map<std::int64_t, std::string> out;
  if (ids.empty()) return out;
  std::string list;
  for (auto id : ids) list += (list.empty() ? "" : ", ") + std::to_string(id);  // integers only
  const auto rows = db.query("SELECT article_id, lang, title FROM catalog_article_texts WHERE tenant_id = $1 "
                             "AND article_id IN (" + list + ") ORDER BY article_id, lang",
                             {tenant_id});
  for (const auto& r : rows) {
    const auto id = r.integer(0);
    if (r.text(1) == "en" || !out.contains(id)) out[id] = r.text(2);
  }
  return out;
}

Result<Consumption> UsageService::consumption(std::int64_t tenant_id, const std::optional<std::string>& from,
                                              const std::optional<std::string>& to,
                                              const std::optional<std::string>& granularity,
                                              const ConsumptionFilter& filter) {
  const auto today = db::utc_timestamp(d_.clock.now()).substr(0, 10);
  auto range = usage_range(from, to, granularity, today);
  if (!range) return range.error();
  Consumption out;
  out.range = *range;
  out.refreshed_at = d_.refreshed_at ? d_.refreshed_at(tenant_id) : std::nullopt;

  // The filter: "" matches every value ($5 = '' OR ...).
  const std::string where =
      " WHERE tenant_id = $1 AND day >= $2 AND day <= $3 AND ($4 = '' OR section = $4) "
      "AND ($5 = '' OR content_type = $5) AND ($6 = '' OR language = $6) ";
  const db::Params params{tenant_id, range->from, range->to, filter.section, filter.content_type, filter.language};

  std::map<std::string, UsagePoint> series;
  for (const auto& p : usage_periods(*range)) series[p].period = p;
  for (const auto& r : d_.db.query("SELECT day, CAST(SUM(plays) AS BIGINT), CAST(SUM(counted_ms) AS BIGINT), "
                                   "CAST(SUM(games_started) AS BIGINT) FROM usage_slice_days" + where + "GROUP BY day",
                                   params)) {
    auto& p = series[usage_period_of(r.text(0), range->granularity)];
    p.plays += r.integer(1);
    p.ms += r.integer(2);
    p.games_started += r.integer(3);
  }
  for (auto& [_, p] : series) out.series.push_back(p);

  const auto slices = [&](const std::string& column, std::vector<UsageSlice>& into) {
    for (const auto& r : d_.db.query("SELECT " + column + ", CAST(SUM(plays) AS BIGINT), CAST(SUM(counted_ms) AS BIGINT) "
                                     "FROM usage_slice_days" + where + "GROUP BY " + column +
                                     " HAVING SUM(plays) > 0 OR SUM(counted_ms) > 0 ORDER BY 2 DESC, 3 DESC, 1",
                                     params))
      into.push_back({r.text(0), r.integer(1), r.integer(2)});
  };
  slices("section", out.by_section);
  slices("content_type", out.by_content_type);
  slices("language", out.by_language);

  // The top articles: whole months from the monthly roll-up, the partial months' days from the days.
  const auto spans = usage_spans(*range, today);
  const std::string filters = " AND ($2 = '' OR section = $2) AND ($3 = '' OR content_type = $3) "
                              "AND ($4 = '' OR language = $4)";
  const std::string columns = "SELECT article_id, content_type, plays, counted_ms FROM ";
  const db::Params article_params{tenant_id,         filter.section,   filter.content_type, filter.language,
                                  spans.head_from,   spans.head_to,    spans.first_month,   spans.last_month,
                                  spans.tail_from,   spans.tail_to};
  std::vector<std::int64_t> ids;
  for (const auto& r : d_.db.query(
           "SELECT article_id, MAX(content_type), CAST(SUM(plays) AS BIGINT), CAST(SUM(counted_ms) AS BIGINT) FROM (" +
               columns + "usage_article_days WHERE tenant_id = $1 AND day >= $5 AND day <= $6" + filters +
               " UNION ALL " + columns + "usage_article_months WHERE tenant_id = $1 AND month >= $7 AND month <= $8" +
               filters + " UNION ALL " + columns +
               "usage_article_days WHERE tenant_id = $1 AND day >= $9 AND day <= $10" + filters +
               ") a GROUP BY article_id HAVING SUM(plays) > 0 OR SUM(counted_ms) > 0 "
               "ORDER BY 3 DESC, 4 DESC, 1 LIMIT " + std::to_string(kTopArticles),
           article_params)) {
    out.top_articles.push_back({r.integer(0), "", r.text(1), r.integer(2), r.integer(3)});
    ids.push_back(r.integer(0));
  }
  const auto titles = usage_titles(d_.db, tenant_id, ids);
  for (auto& a : out.top_articles)
    if (const auto it = titles.find(a.article_id); it != titles.end()) a.title = it->second;

  std::map<std::string, FunnelPoint> funnel;
  for (const auto& p : usage_periods(*range)) funnel[p].period = p;
  for (const auto& r : d_.db.query("SELECT day, visits, sign_ups, first_subscriptions FROM usage_funnel_days "
                                   "WHERE tenant_id = $1 AND day >= $2 AND day <= $3",
                                   {tenant_id, range->from, range->to})) {
    auto& p = funnel[usage_period_of(r.text(0), range->granularity)];
    p.visits += r.integer(1);
    p.sign_ups += r.integer(2);
    p.first_subscriptions += r.integer(3);
    out.funnel.visits += r.integer(1);
    out.funnel.sign_ups += r.integer(2);
    out.funnel.first_subscriptions += r.integer(3);
  }
  for (auto& [_, p] : funnel) out.funnel_series.push_back(p);
  return out;
}

}  // namespace portal::reports
