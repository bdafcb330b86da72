#include "domains/reports/reports_service.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "core/money.hpp"
#include "db/timestamp.hpp"
#include "domains/reports/report_days.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/subscriptions/subscription_rules.hpp"

namespace portal::reports {
namespace chr = std::chrono;

namespace {

// Every day of the range, in order.
std::vector<std::string> days_of(const Range& r) {
  std::vector<std::string> out;
  for (auto d = *core::parse_day(r.from), end = *core::parse_day(r.to); d <= end; d += chr::days{1})
    out.push_back(core::day_text(d));
  return out;
}

// The periods of the range, in order, each with the last day of it inside the range.
std::vector<std::pair<std::string, std::string>> periods_of(const Range& r) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& day : days_of(r)) {
    const auto p = period_of(day, r.granularity);
    if (out.empty() || out.back().first != p)
      out.push_back({p, day});
    else
      out.back().second = day;
  }
  return out;
}

}  // namespace

std::string_view granularity_name(Granularity g) {
  switch (g) {
    case Granularity::day: return "day";
    case Granularity::week: return "week";
    case Granularity::month: return "month";
  }
  return "day";
}

std::string period_of(const std::string& day, Granularity g) {
  if (g == Granularity::day) return day;
  if (g == Granularity::month) return day.substr(0, 8) + "01";
  const auto d = *core::parse_day(day);
  const chr::weekday wd{d};
  return core::day_text(d - chr::days{wd.iso_encoding() - 1});
}

Result<Range> parse_range(const RangeQuery& q, const std::string& today) {
  Range r;
  r.to = q.to.value_or(today);
  const auto to = core::parse_day(r.to);
  if (!to) return Error::invalid("to", "a UTC day YYYY-MM-DD");
  if (q.from) {
    r.from = *q.from;
    if (!core::parse_day(r.from)) return Error::invalid("from", "a UTC day YYYY-MM-DD");
  } else {
    r.from = core::day_text(*to - chr::days{29});
  }
  const auto from = *core::parse_day(r.from);
  if (from > *to) return Error::invalid("from", "on or before to");
  if ((*to - from).count() + 1 > kMaxDays)
    return Error::invalid("from", "at most " + std::to_string(kMaxDays) + " days before to");
  const std::string g = q.granularity.value_or("day");
  if (g == "day")
    r.granularity = Granularity::day;
  else if (g == "week")
    r.granularity = Granularity::week;
  else if (g == "month")
    r.granularity = Granularity::month;
  else
    return Error::invalid("granularity", "day, week or month");
  return r;
}

std::int64_t monthly_price(std::int64_t price, const std::string& cycle) {
  const auto c = subscriptions::parse_cycle(cycle);
  if (!c || c->count <= 0 || price <= 0) return 0;
  // price × num / den, rounded half up
  std::int64_t num = 1, den = 1;
  switch (c->unit) {
    case 'D': num = 365, den = 12 * c->count; break;
    case 'W': num = 52, den = 12 * c->count; break;
    case 'M': num = 1, den = c->count; break;
    case 'Y': num = 1, den = 12 * c->count; break;
    default: return 0;
  }
  // In 128 bits, clamped: a price stored before the console's bound cannot wrap the MRR.
  const __int128 monthly = (static_cast<__int128>(2) * price * num + den) / (2 * den);
  return monthly > std::numeric_limits<std::int64_t>::max() ? std::numeric_limits<std::int64_t>::max()
                                                           : static_cast<std::int64_t>(monthly);
}

std::string ReportsService::today() const { return db::utc_timestamp(clock_.now()).substr(0, 10); }

Result<RevenueReport> ReportsService::revenue(std::int64_t tenant_id, const RevenueQuery& q) {
  auto range = parse_range(q.range, today());
  if (!range) return range.error();
  RevenueFilter f;
  f.currency = q.currency;
  if (q.method) {
    if (*q.method != "card" && *q.method != "mobile_bill" && *q.method != "voucher")
      return Error::invalid("method", "card, mobile_bill or voucher");
    f.method = q.method;
  }
  if (q.plan) {
    try {
      std::size_t used = 0;
      f.plan_id = std::stoll(*q.plan, &used);
      if (used != q.plan->size()) throw std::invalid_argument("plan");
    } catch (const std::exception&) {
      return Error::invalid("plan", "a plan id (an integer)");
    }
  }
  RevenueReport rep;
  rep.range = *range;
  rep.refreshed_at = repository_.refreshed_at(tenant_id);
  const auto plans = repository_.plans(tenant_id);
  std::map<std::int64_t, const PlanInfo*> plan_by_id;
  for (const auto& p : plans) plan_by_id[p.id] = &p;

  std::map<std::pair<std::string, std::string>, Money4> series;  // (period, currency)
  std::map<std::string, Money4> totals;
  std::map<std::pair<std::int64_t, std::string>, Money4> by_plan;
  std::map<std::pair<std::string, std::string>, Money4> by_method, by_provider, by_section;
  std::set<std::string> currencies;
  for (const auto& row : repository_.revenue(tenant_id, range->from, range->to)) {
    if (f.currency && row.currency != *f.currency) continue;
    if (f.method && row.method != *f.method) continue;
    if (f.plan_id && row.plan_id != *f.plan_id) continue;
    const Money4 m{row.gross, row.refunds, row.payments, row.refund_count};
    currencies.insert(row.currency);
    series[{period_of(row.day, range->granularity), row.currency}].add(m);
    totals[row.currency].add(m);
    if (row.plan_id != 0) by_plan[{row.plan_id, row.currency}].add(m);
    by_method[{row.method, row.currency}].add(m);
    by_provider[{row.provider, row.currency}].add(m);
    if (row.purpose == "article")
      by_section[{std::string(catalog::section_of(row.content_type)), row.currency}].add(m);
  }
  rep.currencies.assign(currencies.begin(), currencies.end());
  // Every period of every currency, zeros included (a chart's axis).
  for (const auto& currency : rep.currencies)
    for (const auto& [period, last] : periods_of(*range)) {
      auto it = series.find({period, currency});
      rep.series.push_back({period, currency, it == series.end() ? Money4{} : it->second});
    }
  std::sort(rep.series.begin(), rep.series.end(),
            [](const auto& a, const auto& b) { return std::tie(a.period, a.currency) < std::tie(b.period, b.currency); });
  for (const auto& [currency, m] : totals) rep.totals.push_back({"", currency, m});
  for (const auto& [key, m] : by_plan) {
    const auto it = plan_by_id.find(key.first);
    const std::string name = it == plan_by_id.end() ? "" : subscriptions::plan_title(it->second->attributes, it->second->name, q.lang);
    rep.by_plan.push_back({key.first, name, key.second, m});
  }
  for (const auto& [key, m] : by_method) rep.by_method.push_back({key.first, key.second, m});
  for (const auto& [key, m] : by_provider) rep.by_provider.push_back({key.first, key.second, m});
  for (const auto& [key, m] : by_section) rep.by_section.push_back({key.first, key.second, m});

  // MRR at the end of `to`: paid subscriptions active then, each at its plan's monthly price.
  std::map<std::int64_t, std::int64_t> active_paid;
  for (const auto& row : repository_.subscribers(tenant_id, range->to))
    active_paid[row.plan_id] += row.paid_started - row.paid_ended;
  std::map<std::string, Mrr> mrr;
  for (const auto& [plan_id, n] : active_paid) {
    const auto it = plan_by_id.find(plan_id);
    if (it == plan_by_id.end() || it->second->currency.empty() || n <= 0) continue;
    if (f.currency && it->second->currency != *f.currency) continue;
    if (f.plan_id && plan_id != *f.plan_id) continue;
    auto& m = mrr[it->second->currency];
    m.currency = it->second->currency;
    m.amount = core::add_saturating(m.amount, core::mul_saturating(n, monthly_price(it->second->price, it->second->cycle)));
    m.subscriptions += n;
  }
  for (auto& [currency, m] : mrr) rep.mrr.push_back(m);
  return rep;
}

Result<SubscribersReport> ReportsService::subscribers(std::int64_t tenant_id, const RangeQuery& q) {
  auto range = parse_range(q, today());
  if (!range) return range.error();
  SubscribersReport rep;
  rep.range = *range;
  rep.refreshed_at = repository_.refreshed_at(tenant_id);
  const auto rows = repository_.subscribers(tenant_id, range->to);

  // Active at each day's end; flows per period.
  std::map<std::string, std::int64_t> delta;  // day -> started - ended
  std::int64_t before = 0;
  std::map<std::string, SubscriberPoint> flows;
  auto& t = rep.totals;
  for (const auto& r : rows) {
    if (r.day < range->from) {
      before += r.started - r.ended;
      continue;
    }
    delta[r.day] += r.started - r.ended;
    auto& p = flows[period_of(r.day, range->granularity)];
    p.started += r.started;
    p.new_subs += r.new_subs;
    p.cancelled += r.cancelled;
    p.ended += r.ended;
    p.trials_started += r.trials_started;
    p.trials_converted += r.trials_converted;
    t.started += r.started;
    t.new_subs += r.new_subs;
    t.cancelled += r.cancelled;
    t.ended += r.ended;
    t.trials_started += r.trials_started;
    t.trials_ended += r.trials_ended;
    t.trials_converted += r.trials_converted;
  }
  t.active_at_start = before;
  std::map<std::string, std::int64_t> active_at;  // day -> active at its end
  std::int64_t active = before, active_days_sum = 0;
  const auto days = days_of(*range);
  for (const auto& day : days) {
    if (auto it = delta.find(day); it != delta.end()) active += it->second;
    active_at[day] = active;
    active_days_sum += active;
  }
  t.active_at_end = active;
  if (t.trials_started > 0) t.conversion_rate = double(t.trials_converted) / double(t.trials_started);
  // Churn per 30 days: the plans that ended over the average of the days' active plans, scaled to 30 days
  // (ended / (Σ active / days) × 30 / days), so ranges of any length compare.
  if (active_days_sum > 0) t.churn_rate = 30.0 * double(t.ended) / double(active_days_sum);
  for (const auto& [period, last] : periods_of(*range)) {
    SubscriberPoint p;
    if (auto it = flows.find(period); it != flows.end()) p = it->second;
    p.period = period;
    p.active = active_at[last];
    rep.series.push_back(p);
  }
  // ARPU: the range's net revenue per currency over the average of the days' active subscribers; only once that
  // average is one subscriber or more: a first €7.99 payment on the last of 30 days is no "€239.70 per subscriber"
  // (issue 73 item 7; the console says what the figure means and why it is missing).
  if (active_days_sum > 0 && active_days_sum >= static_cast<std::int64_t>(days.size())) {
    std::map<std::string, std::int64_t> net;
    for (const auto& row : repository_.revenue(tenant_id, range->from, range->to))
      net[row.currency] = core::add_saturating(net[row.currency], core::add_saturating(row.gross, -row.refunds));
    for (const auto& [currency, n] : net)
      rep.arpu.push_back({currency, std::llround(std::clamp(double(n) * double(days.size()) / double(active_days_sum),
                                                            -9.2e18, 9.2e18))});
  }
  // Cohorts of the range's months: active[k] = of the cohort, customers with a plan active in month + k.
  const std::string from_month = range->from.substr(0, 7), to_month = range->to.substr(0, 7);
  for (const auto& row : repository_.cohorts(tenant_id, from_month, to_month)) {
    if (rep.cohorts.empty() || rep.cohorts.back().month != row.cohort_month) rep.cohorts.push_back({row.cohort_month, 0, {}});
    auto& c = rep.cohorts.back();
    // months without a row (no customer of the cohort active) are zeros
    const auto index = [](const std::string& m) { return std::stoi(m.substr(0, 4)) * 12 + std::stoi(m.substr(5, 2)) - 1; };
    const auto k = static_cast<std::size_t>(index(row.month) - index(row.cohort_month));
    if (c.active.size() < k + 1) c.active.resize(k + 1, 0);
    c.active[k] = row.customers;
    if (k == 0) c.customers = row.customers;
  }
  for (auto& c : rep.cohorts) {
    const auto index = [](const std::string& m) { return std::stoi(m.substr(0, 4)) * 12 + std::stoi(m.substr(5, 2)) - 1; };
    c.active.resize(static_cast<std::size_t>(index(to_month) - index(c.month) + 1), 0);
  }
  return rep;
}

RefreshAnswer ReportsService::refresh(std::int64_t tenant_id,
                                      const std::function<void(db::Session&, const RefreshAnswer&)>& audit) {
  const auto out = refresher_.refresh(tenant_id);
  RefreshAnswer a{out.ran, out.days, out.state.refreshed_at};
  if (audit) repository_.database().transaction([&](db::Session& s) { audit(s, a); });
  return a;
}

ReportsService::Operations ReportsService::operations(std::int64_t tenant_id) {
  const std::string since = db::utc_timestamp(clock_.now() - std::chrono::hours(24));
  return {since, repository_.operations(tenant_id, since)};
}

}  // namespace portal::reports
