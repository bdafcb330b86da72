#pragma once
// The reports' refresh job (issue 35): per tenant, the report_refresh_state row is claimed with a
// conditional UPDATE taking a lease (any number of instances may run the job; one does the work), the
// dirty days of every source since the last run's start minus kRefreshMargin are refreshed, one
// transaction per day, then `since` advances to this run's start. Blocking: call on the database pool.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/reports/report_refresh.hpp"

namespace portal::reports {

// Transactions that began before a run and committed after it: their rows are taken by the next run.
inline constexpr std::chrono::minutes kRefreshMargin{5};
// How long a claim holds when its holder dies mid-run.
inline constexpr std::chrono::minutes kRefreshLease{10};

struct RefreshState {
  std::int64_t tenant_id = 0;
  std::string since;                         // the last finished run's start ("" = never)
  std::optional<std::string> refreshed_at;   // the same, null when never
  std::optional<std::string> leased_until;   // a run holds the claim until then
  std::int64_t days_refreshed = 0;           // by the last finished run
};

struct RefreshOutcome {
  bool ran = false;  // false: another run held the claim
  std::int64_t days = 0;
  RefreshState state;
};

class ReportsRefresher {
 public:
  ReportsRefresher(db::Database& db, const core::Clock& clock) : db_(db), clock_(clock) {}
  void add(RefreshSource source) { sources_.push_back(std::move(source)); }
  const std::vector<RefreshSource>& sources() const { return sources_; }

  // Runs the job for one tenant when its claim is free (or its lease ran out).
  RefreshOutcome refresh(std::int64_t tenant_id);
  // Every tenant (the scheduler's run); returns the number of days refreshed.
  std::int64_t refresh_all();

  // The claim, public for the tests: a token is the run's own; true when this run holds it.
  bool claim(std::int64_t tenant_id, const std::string& token, const std::string& now);
  void finish(std::int64_t tenant_id, const std::string& token, const std::string& started, std::int64_t days);
  void release(std::int64_t tenant_id, const std::string& token);
  RefreshState state(std::int64_t tenant_id);

 private:
  db::Database& db_;
  const core::Clock& clock_;
  std::vector<RefreshSource> sources_;
};

}  // namespace portal::reports
