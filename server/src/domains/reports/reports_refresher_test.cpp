// The reports' refresh job: the claim is one run's at a time, `since` advances, dirty days are refreshed.
#include "domains/reports/reports_refresher.hpp"

#include <gtest/gtest.h>

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
  b.add({"count", [](db::Session&, std::int64_t, const std::string&) { return std::vector<std::string>{"2024-01-01"}; },
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
         [&](db::Session&, std::int64_t, const std::string& since) {
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

}  // namespace
}  // namespace portal::reports
