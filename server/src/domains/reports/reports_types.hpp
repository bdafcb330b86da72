#pragma once
// The reports' domain types (issue 35, task "money"): a report's range and the revenue and
// subscribers reports as the service computes them from the daily aggregates. Money in minor units.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/money.hpp"

namespace portal::reports {

enum class Granularity { day, week, month };

// UTC days, inclusive, YYYY-MM-DD.
struct Range {
  std::string from, to;
  Granularity granularity = Granularity::day;
};

struct RevenueFilter {
  std::optional<std::string> currency, method;
  std::optional<std::int64_t> plan_id;
};

struct Money4 {
  std::int64_t gross = 0, refunds = 0, payments = 0, refund_count = 0;
  std::int64_t net() const { return core::add_saturating(gross, -refunds); }
  // Saturating: amounts stored before the console's bound cannot wrap a total (core/money.hpp).
  void add(const Money4& o) {
    gross = core::add_saturating(gross, o.gross);
    refunds = core::add_saturating(refunds, o.refunds);
    payments = core::add_saturating(payments, o.payments);
    refund_count = core::add_saturating(refund_count, o.refund_count);
  }
};

struct RevenuePoint {
  std::string period, currency;
  Money4 m;
};
struct RevenueByPlan {
  std::int64_t plan_id = 0;
  std::string plan_name, currency;
  Money4 m;
};
struct RevenueByKey {  // method or section
  std::string key, currency;
  Money4 m;
};
struct Mrr {
  std::string currency;
  std::int64_t amount = 0, subscriptions = 0;
};

struct RevenueReport {
  Range range;
  std::optional<std::string> refreshed_at;
  std::vector<std::string> currencies;
  std::vector<RevenuePoint> series;
  std::vector<RevenuePoint> totals;  // period ""
  std::vector<RevenueByPlan> by_plan;
  std::vector<RevenueByKey> by_method, by_provider, by_section;
  std::vector<Mrr> mrr;
};

struct SubscriberPoint {
  std::string period;
  std::int64_t active = 0, started = 0, new_subs = 0, cancelled = 0, ended = 0, trials_started = 0,
               trials_converted = 0;
};
struct SubscriberTotals {
  std::int64_t active_at_start = 0, active_at_end = 0, started = 0, new_subs = 0, cancelled = 0, ended = 0,
               trials_started = 0, trials_ended = 0, trials_converted = 0;
  std::optional<double> conversion_rate, churn_rate;
};
struct Arpu {
  std::string currency;
  std::int64_t amount = 0;
};
struct Cohort {
  std::string month;
  std::int64_t customers = 0;
  std::vector<std::int64_t> active;
};
struct SubscribersReport {
  Range range;
  std::optional<std::string> refreshed_at;
  std::vector<SubscriberPoint> series;
  SubscriberTotals totals;
  std::vector<Arpu> arpu;
  std::vector<Cohort> cohorts;
};

struct RefreshAnswer {
  bool ran = false;
  std::int64_t days = 0;
  std::optional<std::string> refreshed_at;
};

}  // namespace portal::reports
