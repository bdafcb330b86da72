#pragma once
// The reports' refresh job (issue 35): per tenant, the report_refresh_state row is claimed with a
// conditional UPDATE taking a lease that a heartbeat renews while the run lasts (core/lease.hpp: any number
// of instances may run the job; one does the work; a dead holder's claim is taken over within 30 s), the
// dirty days of every source since the last run's start minus kRefreshMargin are refreshed, one
// transaction per day, then `since` advances to this run's start. Blocking: call on the database pool.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/lease.hpp"
#include "db/database.hpp"
#include "domains/reports/report_refresh.hpp"

namespace portal::reports {

// Transactions that began before a run and committed after it: their rows are taken by the next run.
inline constexpr std::chrono::minutes kRefreshMargin{5};
// How long a claim holds when its holder dies mid-run (its heartbeat moves it on while it lives).
inline constexpr std::chrono::seconds kRefreshLease = core::kLeaseLength;

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
  // beat: how often a run's heartbeat renews its claim (the tests' is short).
  ReportsRefresher(db::Database& db, const core::Clock& clock, std::chrono::milliseconds beat = core::kLeaseBeat)
      : db_(db), clock_(clock), beat_(beat) {}
  void add(RefreshSource source) { sources_.push_back(std::move(source)); }
  const std::vector<RefreshSource>& sources() const { return sources_; }

  // Runs the job for one tenant when its claim is free (or its lease ran out).
  RefreshOutcome refresh(std::int64_t tenant_id);
  // Every tenant (the scheduler's run); returns the number of days refreshed.
  std::int64_t refresh_all();
  // The tenants whose run's claim lapsed before it finished (its instance died): run every kLeaseLook,
  // so the refresh resumes within 30 seconds. Returns the number of days refreshed.
  std::int64_t resume_lapsed();
  // A run under way stops after its current day and hands its claim back (SIGTERM); no run starts after.
  void stop() { stopping_ = true; }
  // The tests' window for stopping an instance mid-run: each day waits this long before its transaction.
  void set_test_delay(std::chrono::milliseconds delay) { test_delay_ = delay; }

  // The claim, public for the tests: a token is the run's own; true when this run holds it.
  bool claim(std::int64_t tenant_id, const std::string& token, const std::string& now);
  void finish(std::int64_t tenant_id, const std::string& token, const std::string& started, std::int64_t days);
  void release(std::int64_t tenant_id, const std::string& token);
  RefreshState state(std::int64_t tenant_id);

 private:
  db::Database& db_;
  const core::Clock& clock_;
  std::chrono::milliseconds beat_;
  std::vector<RefreshSource> sources_;
  std::atomic<bool> stopping_{false};
  std::chrono::milliseconds test_delay_{0};
};

}  // namespace portal::reports
