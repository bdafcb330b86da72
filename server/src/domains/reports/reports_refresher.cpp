#include "domains/reports/reports_refresher.hpp"

#include <array>
#include <boost/describe/class.hpp>
#include <set>
#include <thread>

#include "core/ids.hpp"
#include "core/log.hpp"
#include "core/utc_time.hpp"
#include "db/row_reads.hpp"
#include "db/timestamp.hpp"

namespace portal::reports {

namespace {
constexpr const char* kEnsureState =
    "INSERT INTO report_refresh_state (tenant_id) VALUES ($1) ON CONFLICT (tenant_id) DO NOTHING";
// The claim: only one run wins the row while its lease holds.
constexpr const char* kClaim =
    "UPDATE report_refresh_state SET lease_token = $2, leased_until = $3 "
    "WHERE tenant_id = $1 AND (leased_until IS NULL OR leased_until <= $4)";
constexpr const char* kFinish =
    "UPDATE report_refresh_state SET since = $3, refreshed_at = $3, days_refreshed = $4, lease_token = NULL, "
    "leased_until = NULL WHERE tenant_id = $1 AND lease_token = $2";
// The heartbeat: a run keeps its claim while it lasts (0 rows: the lease ran out and another run took it over).
constexpr const char* kRenew =
    "UPDATE report_refresh_state SET leased_until = $3 WHERE tenant_id = $1 AND lease_token = $2";
constexpr const char* kRelease =
    "UPDATE report_refresh_state SET lease_token = NULL, leased_until = NULL WHERE tenant_id = $1 AND lease_token = $2";
constexpr const char* kLapsed =
    "SELECT tenant_id FROM report_refresh_state WHERE lease_token IS NOT NULL AND leased_until <= $1 ORDER BY tenant_id";
constexpr const char* kState =
    "SELECT since, refreshed_at, leased_until, days_refreshed FROM report_refresh_state WHERE tenant_id = $1";
}  // namespace

// kState reads a tenant's state; the tenant is the caller's.
BOOST_DESCRIBE_STRUCT(RefreshState, (), (tenant_id, since, refreshed_at, leased_until, days_refreshed))
constexpr std::array<std::string_view, 1> not_columns(const RefreshState*) { return {"tenant_id"}; }

bool ReportsRefresher::claim(std::int64_t tenant_id, const std::string& token, const std::string& now) {
  db_.execute(kEnsureState, {tenant_id});
  const std::string until = db::utc_timestamp(clock_.now() + kRefreshLease);
  return db_.execute(kClaim, {tenant_id, token, until, now}) == 1;
}

void ReportsRefresher::finish(std::int64_t tenant_id, const std::string& token, const std::string& started,
                              std::int64_t days) {
  db_.execute(kFinish, {tenant_id, token, started, days});
}

void ReportsRefresher::release(std::int64_t tenant_id, const std::string& token) {
  db_.execute(kRelease, {tenant_id, token});
}

RefreshState ReportsRefresher::state(std::int64_t tenant_id) {
  auto st = db::read_first<RefreshState>(db_.query(kState, {tenant_id})).value_or(RefreshState{});
  st.tenant_id = tenant_id;
  return st;
}

RefreshOutcome ReportsRefresher::refresh(std::int64_t tenant_id) {
  RefreshOutcome out;
  const auto started_tp = clock_.now();
  const std::string started = db::utc_timestamp(started_tp);
  const std::string token = core::random_hex(16);
  if (stopping_ || !claim(tenant_id, token, started)) {
    out.state = state(tenant_id);
    return out;
  }
  std::atomic<bool> lost{false};
  const core::Heartbeat heartbeat(
      [&] { return db_.execute(kRenew, {tenant_id, token, db::utc_timestamp(clock_.now() + kRefreshLease)}) == 1; },
      [&] { lost = true; }, beat_);
  try {
    const RefreshState before = state(tenant_id);
    // The last run's start minus the margin.
    const std::string since =
        before.since.empty() ? "" : db::utc_timestamp(core::parse_utc(before.since).value_or(core::UtcTime{}) - kRefreshMargin);
    std::int64_t days = 0;
    for (const auto& source : sources_) {
      std::set<std::string> dirty;
      for (auto& d : source.dirty_days(db_, tenant_id, since))
        if (!d.empty()) dirty.insert(d.substr(0, 10));
      for (const auto& day : dirty) {
        for (auto waited = std::chrono::milliseconds(0); waited < test_delay_ && !stopping_;
             waited += std::chrono::milliseconds(20))
          std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (lost || stopping_) {
          // Lost: the lease ran out and another run holds the claim now; it refreshes what is left.
          // Stopping: the claim goes back at once, and the next run (any instance's) starts from `since` again.
          if (!lost) release(tenant_id, token);
          out.state = state(tenant_id);
          out.days = days;
          return out;
        }
        db_.transaction([&](db::Session& s) { source.refresh_day(s, tenant_id, day); });
        ++days;
      }
    }
    finish(tenant_id, token, started, days);
    out.ran = true;
    out.days = days;
  } catch (...) {
    release(tenant_id, token);
    throw;
  }
  out.state = state(tenant_id);
  return out;
}

std::int64_t ReportsRefresher::resume_lapsed() {
  std::int64_t days = 0;
  for (const auto tenant_id : db::read_values<std::int64_t>(db_.query(kLapsed, {db::utc_timestamp(clock_.now())}))) {
    try {
      const auto outcome = refresh(tenant_id);
      days += outcome.days;
      if (outcome.ran)
        core::log_json(spdlog::level::info, "reports refresh taken over", {{"tenant", tenant_id}, {"days", outcome.days}});
    } catch (const std::exception& e) {
      core::log_json(spdlog::level::err, "reports refresh failed", {{"tenant", tenant_id}, {"error", e.what()}});
    }
  }
  return days;
}

std::int64_t ReportsRefresher::refresh_all() {
  std::int64_t days = 0;
  for (const auto tenant_id : db::read_values<std::int64_t>(db_.query("SELECT id FROM tenants ORDER BY id"))) {
    try {
      days += refresh(tenant_id).days;
    } catch (const std::exception& e) {
      core::log_json(spdlog::level::err, "reports refresh failed", {{"tenant", tenant_id}, {"error", e.what()}});
    }
  }
  return days;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(RefreshState, kState);
}  // namespace portal::reports
