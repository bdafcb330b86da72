// The reports' refresh job: the claim is one run's at a time, `since` advances, dirty days are refreshed.
#include "domains/reports/reports_refresher.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "db/test_database.hpp"
#include "db/timestamp.hpp"

namespace portal::reports {
namespace {

struct ReportsRefresherTest : ::testing::Test {
  std::filesystem::path dir = db::test_directory("reports-refresher");
  std::unique_ptr<db::Database> db = db::open_test_database(dir, {});
  core::ManualClock clock;
  ~ReportsRefresherTest() override { std::filesystem::remove_all(dir); }
};

TEST_F(ReportsRefresherTest, TwoRefreshersNeverBothHoldTheClaim) {
  ReportsRefresher a(*db, clock), b(*db, clock);
  const std::string now = db::utc_timestamp(clock.now());
  EXPECT_TRUE(a.claim(1, "token-a", now));
  EXPECT_FALSE(b.claim(1, "token-b", now));
  EXPECT_FALSE(a.claim(1, "token-a2", now));  // not even the same instance twice
  EXPECT_TRUE(b.claim(2, "token-b", now));    // another tenant's claim is its own
  a.finish(1, "token-b", now, 0);             // a stranger's token does not finish it
  EXPECT_FALSE(b.claim(1, "token-b", now));
  a.finish(1, "token-a", now, 3);
  EXPECT_TRUE(b.claim(1, "token-b", now));
  EXPECT_EQ(a.state(1).refreshed_at.value_or(""), now);
}

TEST_F(ReportsRefresherTest, AnExpiredLeaseMayBeTakenOver) {
  ReportsRefresher a(*db, clock), b(*db, clock);
  EXPECT_TRUE(a.claim(1, "a", db::utc_timestamp(clock.now())));
  clock.advance(kRefreshLease - std::chrono::seconds(1));
  EXPECT_FALSE(b.claim(1, "b", db::utc_timestamp(clock.now())));
  clock.advance(std::chrono::seconds(2));
  EXPECT_TRUE(b.claim(1, "b", db::utc_timestamp(clock.now())));
}

TEST_F(ReportsRefresherTest, ARunHeldElsewhereDoesNothing) {
  ReportsRefresher a(*db, clock), b(*db, clock);
  int refreshed = 0;
  b.add({"count", [](db::Database&, std::int64_t, const std::string&) { return std::vector<std::string>{"2024-01-01"}; },
         [&](db::Session&, std::int64_t, const std::string&) { ++refreshed; }});
  ASSERT_TRUE(a.claim(1, "a", db::utc_timestamp(clock.now())));
  EXPECT_FALSE(b.refresh(1).ran);
  EXPECT_EQ(refreshed, 0);
  a.release(1, "a");
  auto out = b.refresh(1);
  EXPECT_TRUE(out.ran);
  EXPECT_EQ(refreshed, 1);
  EXPECT_EQ(out.days, 1);
}

TEST_F(ReportsRefresherTest, SinceAdvancesAndTheMarginIsAsked) {
  ReportsRefresher r(*db, clock);
  std::vector<std::string> asked;
  std::vector<std::string> days;
  r.add({"log",
         [&](db::Database&, std::int64_t, const std::string& since) {
           asked.push_back(since);
           return std::vector<std::string>{"2024-01-02T10:00:00Z", "2024-01-01", "2024-01-02"};
         },
         [&](db::Session&, std::int64_t, const std::string& day) { days.push_back(day); }});
  const std::string first = db::utc_timestamp(clock.now());
  r.refresh(1);
  EXPECT_EQ(asked.at(0), "");
  EXPECT_EQ(days, (std::vector<std::string>{"2024-01-01", "2024-01-02"}));  // each day once
  EXPECT_EQ(r.state(1).since, first);
  clock.advance(std::chrono::hours(1));
  r.refresh(1);
  EXPECT_EQ(asked.at(1), db::utc_timestamp(clock.now() - std::chrono::hours(1) - kRefreshMargin));
}


// Waits (two seconds at most) until `done`.
template <class F>
bool soon(F done) {
  for (int i = 0; i < 400 && !done(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return done();
}

TEST_F(ReportsRefresherTest, ALongRunKeepsItsClaimWhileItsHeartbeatBeatsAndStopsWhenTakenOver) {
  ReportsRefresher a(*db, clock, std::chrono::milliseconds(5)), b(*db, clock);
  std::vector<std::string> days;
  const auto day_of = [&](std::string day) {
    return [&days, day](db::Session&, std::int64_t, const std::string&) { days.push_back(day); };
  };
  // Each source's dirty days are asked between the days' transactions: the run is under way there.
  a.add({"first", [](db::Database&, std::int64_t, const std::string&) { return std::vector<std::string>{"2024-01-01"}; },
         day_of("2024-01-01")});
  a.add({"second",
         [&](db::Database&, std::int64_t, const std::string&) {
           // The run has lasted longer than a lease: the heartbeat moved the claim on meanwhile.
           const auto held = a.state(1).leased_until;
           clock.advance(kRefreshLease + std::chrono::seconds(1));
           EXPECT_TRUE(soon([&] { return a.state(1).leased_until > db::utc_timestamp(clock.now()); }));
           EXPECT_NE(a.state(1).leased_until, held);
           EXPECT_FALSE(b.claim(1, "b", db::utc_timestamp(clock.now())));
           return std::vector<std::string>{"2024-01-02"};
         },
         day_of("2024-01-02")});
  a.add({"third",
         [&](db::Database& d, std::int64_t, const std::string&) {
           // The heartbeat went silent long enough (this instance stalled): b takes the claim over,
           // and a's next beat finds it gone.
           d.execute("UPDATE report_refresh_state SET leased_until = '2000-01-01T00:00:00Z' WHERE tenant_id = 1");
           EXPECT_TRUE(b.claim(1, "b", db::utc_timestamp(clock.now())));
           std::this_thread::sleep_for(std::chrono::milliseconds(50));
           return std::vector<std::string>{"2024-01-03"};
         },
         day_of("2024-01-03")});
  const auto out = a.refresh(1);
  EXPECT_FALSE(out.ran);
  EXPECT_EQ(days, (std::vector<std::string>{"2024-01-01", "2024-01-02"})) << "a stops before the third day";
  EXPECT_EQ(a.state(1).since, "");  // a did not finish: since stays
  EXPECT_FALSE(a.claim(1, "a2", db::utc_timestamp(clock.now()))) << "b holds the claim";
}

TEST_F(ReportsRefresherTest, AStoppedRunHandsItsClaimBackAtOnce) {
  ReportsRefresher a(*db, clock), b(*db, clock);
  int refreshed = 0;
  a.add({"two", [](db::Database&, std::int64_t, const std::string&) { return std::vector<std::string>{"2024-01-01", "2024-01-02"}; },
         [&](db::Session&, std::int64_t, const std::string&) {
           ++refreshed;
           a.stop();  // SIGTERM during the first day
         }});
  const auto out = a.refresh(1);
  EXPECT_FALSE(out.ran);
  EXPECT_EQ(refreshed, 1);
  EXPECT_FALSE(a.state(1).leased_until) << "the claim is free again";
  EXPECT_TRUE(b.claim(1, "b", db::utc_timestamp(clock.now()))) << "another instance takes it without waiting";
  EXPECT_FALSE(a.refresh(2).ran) << "a stopped refresher starts no run";
}

TEST_F(ReportsRefresherTest, ALapsedClaimIsResumedAndOnlyThat) {
  ReportsRefresher survivor(*db, clock);
  int refreshed = 0;
  survivor.add({"one", [](db::Database&, std::int64_t, const std::string&) { return std::vector<std::string>{"2024-01-01"}; },
                [&](db::Session&, std::int64_t, const std::string&) { ++refreshed; }});
  ReportsRefresher dead(*db, clock);
  ASSERT_TRUE(dead.claim(1, "dead", db::utc_timestamp(clock.now())));  // its instance dies mid-run
  survivor.refresh(2);  // tenant 2 finished, nothing held
  refreshed = 0;
  EXPECT_EQ(survivor.resume_lapsed(), 0) << "the lease still holds";
  clock.advance(kRefreshLease + std::chrono::seconds(1));
  EXPECT_EQ(survivor.resume_lapsed(), 1);
  EXPECT_EQ(refreshed, 1) << "only the tenant whose claim lapsed";
  EXPECT_TRUE(survivor.state(1).refreshed_at);
  EXPECT_LE(kRefreshLease + core::kLeaseLook, std::chrono::seconds(30)) << "issue 48: taken over within 30 s";
}

TEST_F(ReportsRefresherTest, OfManyAtOnceOneWinsTheClaim) {
  // Eight instances claim the same tenant at the same moment: exactly one holds it.
  std::atomic<int> won{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&, i] {
      ReportsRefresher r(*db, clock);
      if (r.claim(1, "token-" + std::to_string(i), db::utc_timestamp(clock.now()))) ++won;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(won.load(), 1);
}

TEST_F(ReportsRefresherTest, ConcurrentRunsRefreshEachDayOnce) {
  std::atomic<int> refreshed{0}, ran{0}, inside{0}, most{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&] {
      ReportsRefresher r(*db, clock);
      r.add({"slow", [](db::Database&, std::int64_t, const std::string&) { return std::vector<std::string>{"2024-01-01"}; },
             [&](db::Session&, std::int64_t, const std::string&) {
               ++refreshed;
               const int now = ++inside;
               for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
               }
               std::this_thread::sleep_for(std::chrono::milliseconds(50));  // holds the claim a while
               --inside;
             }});
      if (r.refresh(1).ran) ++ran;
    });
  for (auto& t : threads) t.join();
  // A run that finished before another one claimed lets that one run too: never two at once, so
  // each run refreshed its day once and the count of runs equals the count of refreshes.
  EXPECT_GE(ran.load(), 1);
  EXPECT_EQ(most.load(), 1);  // never two runs inside at once
  EXPECT_EQ(refreshed.load(), ran.load());
}

}  // namespace
}  // namespace portal::reports
