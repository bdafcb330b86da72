#pragma once
// The reports' aggregates (issue 35, task "money"): the refresh sources of the revenue and subscriber
// families (report_refresh.hpp) and the reads of their daily rows. Blocking: call on the database pool.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/reports/report_refresh.hpp"

namespace portal::reports {

struct RevenueRow {
  std::string day, currency, method, provider, purpose, content_type;
  std::int64_t plan_id = 0, gross = 0, payments = 0, refunds = 0, refund_count = 0;
};
struct SubscriberRow {
  std::string day;
  std::int64_t plan_id = 0, started = 0, new_subs = 0, cancelled = 0, ended = 0, paid_started = 0, paid_ended = 0,
               trials_started = 0, trials_ended = 0, trials_converted = 0;
};
struct PlanInfo {
  std::int64_t id = 0;
  std::string name, currency, cycle;
  std::int64_t price = 0;
  std::vector<std::pair<std::string, std::string>> attributes;  // the plan's texts (its card's name per language)
};

// The next UTC day of a YYYY-MM-DD day.
std::string next_day(const std::string& day);

RefreshSource revenue_source(std::string dialect);
RefreshSource subscribers_source();
// Cohorts: its "days" are months' first days, from the earliest changed month to the clock's month.
RefreshSource cohorts_source(const core::Clock& clock);

struct CohortRow {
  std::string cohort_month, month;
  std::int64_t customers = 0;
};

// What went wrong lately for a tenant (the console's home): failed media jobs and mail given up since a
// time, and mail still waiting to be sent.
struct OperationsCounts {
  std::int64_t failed_media_jobs = 0;
  std::int64_t failed_mail = 0;
  std::int64_t waiting_mail = 0;
};

class ReportsRepository {
 public:
  explicit ReportsRepository(db::Database& db) : db_(db) {}
  db::Database& database() { return db_; }
  std::vector<RevenueRow> revenue(std::int64_t tenant_id, const std::string& from, const std::string& to);
  std::vector<SubscriberRow> subscribers(std::int64_t tenant_id, const std::string& to);
  std::vector<CohortRow> cohorts(std::int64_t tenant_id, const std::string& from_month, const std::string& to_month);
  std::vector<PlanInfo> plans(std::int64_t tenant_id);
  std::optional<std::string> refreshed_at(std::int64_t tenant_id);
  // Forgets what the refresh computed: the next one recomputes every day of the tenant (rows written with
  // past times, the synthetic activity).
  void forget_refreshes(std::int64_t tenant_id);
  OperationsCounts operations(std::int64_t tenant_id, const std::string& since);

 private:
  db::Database& db_;
};

}  // namespace portal::reports
