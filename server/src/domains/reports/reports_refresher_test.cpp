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


TEST_F(ReportsRefresherTest, ALongRunKeepsItsClaimAndStopsWhenTakenOver) {
  ReportsRefresher a(*db, clock), b(*db, clock);
  std::vector<std::string> days;
  a.add({"many", [](db::Database&, std::int64_t, const std::string&) {
           return std::vector<std::string>{"2024-01-01", "2024-01-02", "2024-01-03"};
         },
         [&](db::Session&, std::int64_t, const std::string& day) {
           days.push_back(day);
           clock.advance(kRefreshLease - std::chrono::minutes(1));  // each day takes almost a lease
           if (day == "2024-01-02") {
             // the lease was renewed after the first day: nobody may take it yet
             EXPECT_FALSE(b.claim(1, "b", db::utc_timestamp(clock.now())));
             clock.advance(kRefreshLease);  // now it runs out, and b takes it
             EXPECT_TRUE(b.claim(1, "b", db::utc_timestamp(clock.now())));
           }
         }});
  const auto out = a.refresh(1);
  EXPECT_FALSE(out.ran);
  EXPECT_EQ(days, (std::vector<std::string>{"2024-01-01", "2024-01-02"}));
  EXPECT_EQ(a.state(1).since, "");  // a did not finish: since stays
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
