#include "domains/reports/usage_service.hpp"

#include <chrono>
#include <cstdio>

#include "db/timestamp.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/reports/report_days.hpp"

namespace portal::reports {
namespace {

using namespace std::chrono;

constexpr std::size_t kTopArticles = 20;

}  // namespace

bool usage_valid_day(const std::string& day) { return core::parse_day(day).has_value(); }

std::string title_in(const ArticleTitles& titles, std::int64_t article_id, const std::string& lang) {
  const auto it = titles.find(article_id);
  return it == titles.end() ? std::string() : catalog::localized(it->second, lang);
}

Result<UsageRange> usage_range(const std::optional<std::string>& from, const std::optional<std::string>& to,
                               const std::optional<std::string>& granularity, const std::string& today) {
  UsageRange r;
  r.granularity = granularity.value_or("day");
  if (r.granularity != "day" && r.granularity != "week" && r.granularity != "month")
    return Error::invalid("granularity", "must be day, week or month");
  const auto t = to ? core::parse_day(*to) : core::parse_day(today);
  if (!t) return Error::invalid("to", "must be a day YYYY-MM-DD");
  const auto f = from ? core::parse_day(*from) : std::optional<sys_days>(*t - days{29});
  if (!f) return Error::invalid("from", "must be a day YYYY-MM-DD");
  if (*f > *t) return Error::invalid("from", "must not be after to");
  if ((*t - *f).count() + 1 > kMaxDays) return Error::invalid("from", "the range spans more than 1100 days");
  r.from = core::day_text(*f);
  r.to = core::day_text(*t);
  return r;
}

std::string usage_period_of(const std::string& day, const std::string& granularity) {
  if (granularity == "month") return day.substr(0, 8) + "01";
  if (granularity == "week") {
    const auto d = core::parse_day(day);
    if (!d) return day;
    const weekday wd{*d};
    const auto since_monday = (wd.c_encoding() + 6) % 7;  // Monday 0 .. Sunday 6
    return core::day_text(*d - days{since_monday});
  }
  return day;
}

UsageSpans usage_spans(const UsageRange& range, const std::string& today) {
  UsageSpans out;
  const auto f = core::parse_day(range.from), t = core::parse_day(range.to);
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
    out.head_to = core::day_text(first_day(first_whole) - days{1});
  }
  if (*t > last_day(last_whole)) {
    out.tail_from = core::day_text(last_day(last_whole) + days{1});
    out.tail_to = range.to;
  }
  return out;
}

std::vector<std::string> usage_periods(const UsageRange& range) {
  std::vector<std::string> out;
  const auto f = core::parse_day(range.from), t = core::parse_day(range.to);
  if (!f || !t) return out;
  for (auto d = *f; d <= *t; d += days{1}) {
    auto p = usage_period_of(core::day_text(d), range.granularity);
    if (out.empty() || out.back() != p) out.push_back(std::move(p));
  }
  return out;
}

Result<Consumption> UsageService::consumption(std::int64_t tenant_id, const std::optional<std::string>& from,
                                              const std::optional<std::string>& to,
                                              const std::optional<std::string>& granularity,
                                              const ConsumptionFilter& filter, const std::string& lang) {
  const auto today = db::utc_timestamp(d_.clock.now()).substr(0, 10);
  auto range = usage_range(from, to, granularity, today);
  if (!range) return range.error();
  Consumption out;
  out.range = *range;
  out.refreshed_at = d_.refreshed_at ? d_.refreshed_at(tenant_id) : std::nullopt;

  std::map<std::string, UsagePoint> series;
  for (const auto& p : usage_periods(*range)) series[p].period = p;
  for (const auto& d : repository_.days(tenant_id, *range, filter)) {
    auto& p = series[usage_period_of(d.period, range->granularity)];
    p.plays += d.plays;
    p.ms += d.ms;
    p.games_started += d.games_started;
  }
  for (auto& [_, p] : series) out.series.push_back(p);

  using By = UsageRepository::SliceBy;
  out.by_section = repository_.slices(tenant_id, *range, filter, By::section);
  out.by_content_type = repository_.slices(tenant_id, *range, filter, By::content_type);
  out.by_language = repository_.slices(tenant_id, *range, filter, By::language);

  // The top articles: whole months from the monthly roll-up, the partial months' days from the days.
  out.top_articles = repository_.top_articles(tenant_id, usage_spans(*range, today), filter, kTopArticles);
  std::vector<std::int64_t> ids;
  for (const auto& a : out.top_articles) ids.push_back(a.article_id);
  const auto titles = repository_.titles(tenant_id, ids);
  for (auto& a : out.top_articles) a.title = title_in(titles, a.article_id, lang);

  std::map<std::string, FunnelPoint> funnel;
  for (const auto& p : usage_periods(*range)) funnel[p].period = p;
  for (const auto& d : repository_.funnel_days(tenant_id, *range)) {
    auto& p = funnel[usage_period_of(d.period, range->granularity)];
    p.visits += d.visits;
    p.sign_ups += d.sign_ups;
    p.first_subscriptions += d.first_subscriptions;
    out.funnel.visits += d.visits;
    out.funnel.sign_ups += d.sign_ups;
    out.funnel.first_subscriptions += d.first_subscriptions;
  }
  for (auto& [_, p] : funnel) out.funnel_series.push_back(p);
  return out;
}

}  // namespace portal::reports
