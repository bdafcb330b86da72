#pragma once
// The reports (issue 35, task "money"): revenue and subscribers from the daily aggregates only, and
// the refresh of the caller's tenant. Returns domain types and reports::Error (invalid_field naming the field).
// Blocking: call on the database pool.
#include <functional>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "domains/reports/reports_errors.hpp"
#include "domains/reports/reports_refresher.hpp"
#include "domains/reports/report_days.hpp"
#include "domains/reports/reports_repository.hpp"
#include "domains/reports/reports_types.hpp"

namespace portal::reports {

// The query's text values as sent (nullopt: absent).
struct RangeQuery {
  std::optional<std::string> from, to, granularity;
};
struct RevenueQuery {
  RangeQuery range;
  std::optional<std::string> currency, method, plan;
  std::string lang = "en";  // the reader's: plans are named as their cards name them in it (subscriptions::plan_title)
};

// Parses and checks a range (defaults: the 30 days ending `today`); invalid_field naming from, to or granularity.
Result<Range> parse_range(const RangeQuery& q, const std::string& today);
// The period (its first day) a day belongs to.
std::string period_of(const std::string& day, Granularity g);
std::string_view granularity_name(Granularity g);
// A plan's price per month in minor units (docs/reports.md "MRR"), rounded half up; 0 when unknown.
std::int64_t monthly_price(std::int64_t price, const std::string& cycle);

class ReportsService {
 public:
  ReportsService(ReportsRepository& repository, ReportsRefresher& refresher, const core::Clock& clock)
      : repository_(repository), refresher_(refresher), clock_(clock) {}

  Result<RevenueReport> revenue(std::int64_t tenant_id, const RevenueQuery& q);
  Result<SubscribersReport> subscribers(std::int64_t tenant_id, const RangeQuery& q);
  // Failed media jobs and mail given up in the last 24 hours, and mail waiting (the console's home).
  struct Operations {
    std::string since;  // ISO-8601 UTC
    OperationsCounts counts;
  };
  Operations operations(std::int64_t tenant_id);
  // Runs the claimed job for the tenant now; `audit` runs in a transaction after it.
  RefreshAnswer refresh(std::int64_t tenant_id, const std::function<void(db::Session&, const RefreshAnswer&)>& audit);

 private:
  std::string today() const;
  ReportsRepository& repository_;
  ReportsRefresher& refresher_;
  const core::Clock& clock_;
};

}  // namespace portal::reports
