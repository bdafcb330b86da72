#include "domains/reports/reports_answers.hpp"

#include <boost/json.hpp>

#include "domains/reports/reports_service.hpp"

namespace portal::reports {
namespace json = boost::json;

RevenueReportDto revenue_dto(const RevenueReport& r) {
  RevenueReportDto d;
  d.from = r.range.from;
  d.to = r.range.to;
  d.granularity = std::string(granularity_name(r.range.granularity));
  d.refreshedAt = r.refreshed_at;
  d.currencies = r.currencies;
  for (const auto& p : r.series)
    d.series.push_back({p.period, p.currency, p.m.gross, p.m.refunds, p.m.net(), p.m.payments, p.m.refund_count});
  for (const auto& p : r.totals)
    d.totals.push_back({p.currency, p.m.gross, p.m.refunds, p.m.net(), p.m.payments, p.m.refund_count});
  for (const auto& p : r.by_plan)
    d.byPlan.push_back({p.plan_id, p.plan_name, p.currency, p.m.gross, p.m.refunds, p.m.net(), p.m.payments});
  for (const auto& p : r.by_method)
    d.byMethod.push_back({p.key, p.currency, p.m.gross, p.m.refunds, p.m.net(), p.m.payments});
  for (const auto& p : r.by_provider)
    d.byProvider.push_back({p.key, p.currency, p.m.gross, p.m.refunds, p.m.net(), p.m.payments});
  for (const auto& p : r.by_section)
    d.bySection.push_back({p.key, p.currency, p.m.gross, p.m.refunds, p.m.net(), p.m.payments});
  for (const auto& m : r.mrr) d.mrr.push_back({m.currency, m.amount, m.subscriptions});
  return d;
}

SubscribersReportDto subscribers_dto(const SubscribersReport& r) {
  SubscribersReportDto d;
  d.from = r.range.from;
  d.to = r.range.to;
  d.granularity = std::string(granularity_name(r.range.granularity));
  d.refreshedAt = r.refreshed_at;
  for (const auto& p : r.series)
    d.series.push_back({p.period, p.active, p.started, p.new_subs, p.cancelled, p.ended, p.trials_started,
                        p.trials_converted});
  const auto& t = r.totals;
  d.totals = {t.active_at_start, t.active_at_end, t.started,         t.new_subs,        t.cancelled,   t.ended,
              t.trials_started,  t.trials_ended,  t.trials_converted, t.conversion_rate, t.churn_rate};
  for (const auto& a : r.arpu) d.arpu.push_back({a.currency, a.amount});
  for (const auto& c : r.cohorts) d.cohorts.push_back({c.month, c.customers, c.active});
  return d;
}

RefreshDto refresh_dto(const RefreshAnswer& a) { return {a.ran, a.days, a.refreshed_at}; }

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field:
      return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::month_not_ended:
      return http::Error::conflict("MONTH_NOT_ENDED", e.message);
    case ErrorCode::earlier_month_open:
      return http::Error::conflict("EARLIER_MONTH_OPEN", e.message);
    case ErrorCode::already_issued:
      break;
  }
  return http::Error::conflict("ALREADY_ISSUED", e.message);
}

void rename_keyword_members(json::value& v) {
  if (auto* o = v.if_object()) {
    if (auto it = o->find("new_"); it != o->end()) {
      json::value moved = std::move(it->value());
      o->erase(it);
      (*o)["new"] = std::move(moved);
    }
    for (auto& [k, child] : *o) rename_keyword_members(child);
  } else if (auto* a = v.if_array()) {
    for (auto& child : *a) {
      if (child.is_string() && child.as_string() == "new_") child = "new";
      rename_keyword_members(child);
    }
  }
}

}  // namespace portal::reports
