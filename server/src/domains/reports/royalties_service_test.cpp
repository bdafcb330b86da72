// The usage aggregates and the royalty statements against a migrated SQLite database: the "usage"
// source's days (plays by the day a ticket was issued, ms by the day a report was received), the
// consumption report, the carry rule (what arrives for an issued month goes to the next open one),
// frozen lines that do not change after issue, the refusals, and the issue race (one of two wins;
// the primary key refuses a second statement of a month).
#include "domains/reports/royalties_service.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "db/test_database.hpp"
#include "domains/reports/report_days.hpp"
#include "domains/reports/usage_service.hpp"
#include "domains/reports/usage_source.hpp"

namespace portal::reports {
namespace {

using namespace std::chrono;

core::ManualClock::time_point at(int y, unsigned m, unsigned d) {
  return sys_days{year{y} / month{m} / day{d}} + hours{12};
}

class RoyaltiesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-royalties");
    db_ = db::open_test_database(dir_, {{"u-ann", 1}, {"u-bo", 1}, {"u-cy", 2}});
    db_->execute("UPDATE users SET selected_lang = 'ar' WHERE uuid = 'u-bo'");
    article(1, 10, "song", "music", R"({"licensorName":"Acme"})", "Tune");
    article(1, 11, "video", "movies", R"({})", "Film");
    article(2, 10, "song", "music", R"({"licensorName":"Other"})", "Theirs");
    clock_.set(at(2026, 11, 15));
    usage_ = std::make_unique<UsageService>(UsageService::Deps{*db_, clock_, {}});
    royalties_ = std::make_unique<RoyaltiesService>(RoyaltiesService::Deps{*db_, clock_, {}});
  }
  void TearDown() override {
    usage_.reset();
    royalties_.reset();
    db_.reset();
    std::filesystem::remove_all(dir_);
  }

  void article(std::int64_t tenant, std::int64_t id, const std::string& type, const std::string& section,
               const std::string& doc, const std::string& title) {
    db_->execute("INSERT INTO catalog_articles (tenant_id, id, content_type, section, doc) VALUES ($1, $2, $3, $4, $5)",
                 {tenant, id, type, section, doc});
    db_->execute("INSERT INTO catalog_article_texts (tenant_id, article_id, lang, title) VALUES ($1, $2, 'en', $3)",
                 {tenant, id, title});
  }
  std::string ticket(std::int64_t tenant, const std::string& user, std::int64_t article_id, const std::string& when) {
    const auto id = "t" + std::to_string(++n_);
    db_->execute(
        "INSERT INTO stream_tickets (id, tenant_id, user_uuid, article_id, content_type, media_ms, counted_ms, "
        "claimed_ms, created_at, expires_at, closed_at) VALUES ($1, $2, $3, $4, 'song', 600000, 0, 0, $5, $5, $5)",
        {id, tenant, user, article_id, when});
    return id;
  }
  void report(const std::string& ticket_id, std::int64_t tenant, std::int64_t counted, std::int64_t claimed,
              const std::string& when, const std::string& type = "listened") {
    db_->execute(
        "INSERT INTO stream_reports (id, ticket_id, ticket_created_at, tenant_id, type, reported_at, claimed_ms, "
        "max_usage_ms, created_at, counted_ms) SELECT $1, $2, created_at, $3, $4, $5, $6, 600000, $5, $7 "
        "FROM stream_tickets WHERE id = $2",
        {"r" + std::to_string(++n_), ticket_id, tenant, type, when, claimed, counted});
  }
  // What the refresh job does for the source: every dirty day since `since`, one transaction each.
  void refresh(std::int64_t tenant = 1, const std::string& since = "") {
    const auto source = usage_source();
    std::vector<std::string> days;
    days = source.dirty_days(*db_, tenant, since);
    for (const auto& d : days) db_->transaction([&](db::Session& s) { source.refresh_day(s, tenant, d); });
  }
  void game_event(const std::string& id, const std::string& origin, const std::string& when) {
    db_->execute("INSERT INTO events (id, tenant_id, name, payload, user_id, created_at, origin) "
                 "VALUES ($1, 1, 'instantPlay', '{\"articleId\":12,\"contentType\":\"game\"}', NULL, $2, $3)",
                 {id, when, origin});
  }
  std::int64_t plays_of(const Consumption& c, std::int64_t article_id) {
    for (const auto& a : c.top_articles)
      if (a.article_id == article_id) return a.plays;
    return 0;
  }
  RoyaltyLine line(const std::string& month, std::int64_t article_id) {
    auto l = royalties_->lines(1, month, std::nullopt);
    EXPECT_TRUE(l.has_value());
    for (const auto& x : l->lines)
      if (x.article_id == article_id) return x;
    return {};
  }

  std::filesystem::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  std::unique_ptr<UsageService> usage_;
  std::unique_ptr<RoyaltiesService> royalties_;
  int n_ = 0;
};

TEST_F(RoyaltiesTest, SourceCountsPlaysByIssueDayAndMsByReceivedDay) {
  const auto a = ticket(1, "u-ann", 10, "2026-10-30T23:59:00Z");
  report(a, 1, 50'000, 70'000, "2026-10-31T00:01:00Z");
  report(a, 1, 0, 90'000, "2026-10-31T00:02:00Z", "progress");  // not counted, not claimed
  const auto b = ticket(1, "u-bo", 11, "2026-10-31T10:00:00Z");
  report(b, 1, 1'000, 1'000, "2026-10-31T10:05:00Z");
  const auto c = ticket(2, "u-cy", 10, "2026-10-31T10:00:00Z");  // another tenant
  report(c, 2, 9'999, 9'999, "2026-10-31T10:05:00Z");
  // Games started: the server's instantPlay events; a client's word or a game session is not one.
  game_event("e1", "server", "2026-10-31T11:00:00Z");
  game_event("e2", "client", "2026-10-31T11:01:00Z");
  db_->execute("INSERT INTO game_sessions (id, tenant_id, article_id, user_uuid, kind, created_at, expires_at) "
               "VALUES ('g1', 1, 12, NULL, 'free', '2026-10-31T11:00:00Z', '2026-10-31T12:00:00Z')");
  refresh();

  auto r = usage_->consumption(1, "2026-10-30", "2026-10-31", "day", {});
  ASSERT_TRUE(r.has_value());
  ASSERT_EQ(r->series.size(), 2u);
  EXPECT_EQ(r->series[0].plays, 1);
  EXPECT_EQ(r->series[0].ms, 0);
  EXPECT_EQ(r->series[1].plays, 1);
  EXPECT_EQ(r->series[1].ms, 51'000);
  EXPECT_EQ(r->series[1].games_started, 1);
  ASSERT_EQ(r->by_language.size(), 2u);
  ASSERT_EQ(r->top_articles.size(), 2u);
  EXPECT_EQ(r->top_articles[0].title, "Tune");

  auto ar = usage_->consumption(1, "2026-10-01", "2026-10-31", "month", {"", "", "ar"});
  ASSERT_TRUE(ar.has_value());
  ASSERT_EQ(ar->series.size(), 1u);
  EXPECT_EQ(ar->series[0].period, "2026-10-01");
  EXPECT_EQ(ar->series[0].plays, 1);
  EXPECT_EQ(ar->series[0].ms, 1'000);

  auto oct = royalties_->month(1, "2026-10");
  ASSERT_TRUE(oct.has_value());
  ASSERT_EQ(oct->licensors.size(), 2u);  // "" (article 11) and Acme
  EXPECT_EQ(oct->licensors[1].licensor, "Acme");
  EXPECT_EQ(oct->licensors[1].counted_ms, 50'000);
  EXPECT_EQ(oct->licensors[1].claimed_ms, 70'000);
  EXPECT_TRUE(oct->can_issue);

  EXPECT_FALSE(usage_->consumption(1, "2026-10-31", "2026-10-01", "day", {}).has_value());
  EXPECT_EQ(usage_->consumption(1, "2023-01-01", "2026-10-01", "day", {}).error().field, "from");
  EXPECT_EQ(usage_->consumption(1, std::nullopt, std::nullopt, "year", {}).error().field, "granularity");
  EXPECT_EQ(usage_period_of("2026-11-01", "week"), "2026-10-26");  // a Sunday: its Monday
}

TEST_F(RoyaltiesTest, IssuedLinesAreFrozenAndLateReportsGoToTheNextOpenMonth) {
  // Issued late in October: its reports come within the week a ticket lives (streaming::kMaxTicketLifetime).
  const auto a = ticket(1, "u-ann", 10, "2026-10-28T10:00:00Z");
  report(a, 1, 60'000, 60'000, "2026-10-28T10:02:00Z");
  refresh();
  auto issued = royalties_->issue(1, "2026-10", "finance@example.com");
  ASSERT_TRUE(issued.has_value());
  EXPECT_TRUE(issued->issued);
  EXPECT_EQ(line("2026-10", 10).counted_ms, 60'000);

  // A report received in October that committed after the issue, and one received in November.
  report(a, 1, 5'000, 6'000, "2026-10-31T23:00:00Z");
  report(a, 1, 7'000, 7'000, "2026-11-02T09:00:00Z");
  const auto b = ticket(1, "u-ann", 10, "2026-10-31T23:30:00Z");  // a late play of October
  refresh();
  const auto oct = line("2026-10", 10);
  EXPECT_EQ(oct.plays, 1);
  EXPECT_EQ(oct.counted_ms, 60'000);
  EXPECT_EQ(oct.claimed_ms, 60'000);
  const auto nov = line("2026-11", 10);
  EXPECT_EQ(nov.plays, 1);
  EXPECT_EQ(nov.counted_ms, 12'000);
  EXPECT_EQ(nov.claimed_ms, 13'000);
  EXPECT_EQ(nov.title, "Tune");

  // November issued (at December's clock): the carry is frozen into it, December starts from zero.
  clock_.set(at(2026, 12, 3));
  ASSERT_TRUE(royalties_->issue(1, "2026-11", "finance@example.com").has_value());
  EXPECT_EQ(line("2026-11", 10).counted_ms, 12'000);
  EXPECT_EQ(line("2026-12", 10).counted_ms, 0);
  report(b, 1, 1'000, 1'000, "2026-10-31T23:40:00Z");  // later still, for October
  refresh();
  EXPECT_EQ(line("2026-10", 10).counted_ms, 60'000);
  EXPECT_EQ(line("2026-11", 10).counted_ms, 12'000);
  EXPECT_EQ(line("2026-12", 10).counted_ms, 1'000);
  const auto csv = RoyaltiesService::csv(*royalties_->lines(1, "2026-11", std::string("Acme")));
  EXPECT_EQ(csv,
            "month,licensor,articleId,title,contentType,plays,countedMs,claimedMs,countedSeconds,claimedSeconds\r\n"
            "2026-11,Acme,10,Tune,song,1,12000,13000,12.000,13.000\r\n");
}

TEST_F(RoyaltiesTest, RefusesAnOpenMonthAnEarlierOpenMonthAndASecondIssue) {
  const auto a = ticket(1, "u-ann", 10, "2026-09-05T10:00:00Z");
  report(a, 1, 1'000, 1'000, "2026-09-05T10:02:00Z");
  const auto b = ticket(1, "u-ann", 10, "2026-10-05T10:00:00Z");
  report(b, 1, 2'000, 2'000, "2026-10-05T10:02:00Z");
  refresh();
  EXPECT_EQ(royalties_->issue(1, "2026-11", "f").error().code, ErrorCode::month_not_ended);
  EXPECT_EQ(royalties_->issue(1, "2026-10", "f").error().code, ErrorCode::earlier_month_open);
  EXPECT_FALSE(royalties_->month(1, "2026-10")->can_issue);
  EXPECT_EQ(royalties_->issue(1, "2026-13", "f").error().field, "month");
  ASSERT_TRUE(royalties_->issue(1, "2026-09", "f").has_value());
  EXPECT_EQ(royalties_->issue(1, "2026-09", "f").error().code, ErrorCode::already_issued);
  EXPECT_TRUE(royalties_->issue(1, "2026-10", "f").has_value());
  const auto months = royalties_->month(1, std::nullopt);
  ASSERT_TRUE(months.has_value());
  EXPECT_EQ(months->month, "2026-10");
  ASSERT_EQ(months->months.size(), 3u);  // 2026-11, 2026-10, 2026-09
  EXPECT_FALSE(months->months[0].issued);
  EXPECT_TRUE(months->months[1].issued);
}

TEST_F(RoyaltiesTest, OfTwoIssuesAtOnceOneWinsAndTheDatabaseRefusesASecondStatement) {
  const auto a = ticket(1, "u-ann", 10, "2026-10-05T10:00:00Z");
  report(a, 1, 1'000, 1'000, "2026-10-05T10:02:00Z");
  refresh();
  std::atomic<int> ok{0}, refused{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 2; ++i)
    threads.emplace_back([&] {
      auto r = royalties_->issue(1, "2026-10", "f");
      if (r) ++ok;
      else if (r.error().code == ErrorCode::already_issued) ++refused;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(ok.load(), 1);
  EXPECT_EQ(refused.load(), 1);
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM royalty_lines WHERE tenant_id = 1 AND month = '2026-10'")[0].integer(0), 1);
  // Two instances that both passed the check: the primary key refuses the second row.
  EXPECT_THROW(db_->execute("INSERT INTO royalty_statements (tenant_id, month, issued_at, issued_by) "
                            "VALUES (1, '2026-10', 'x', 'other')"),
               db::ConstraintError);
}

TEST(UsageSpans, WholeMonthsReadTheRollUpAndPartialMonthsTheirDays) {
  const auto spans = [](const std::string& from, const std::string& to, const std::string& today = "2030-01-01") {
    return usage_spans(UsageRange{from, to, "day"}, today);
  };
  auto s = spans("2026-10-05", "2026-10-20");  // inside one month
  EXPECT_EQ(std::tie(s.head_from, s.head_to), std::tie("2026-10-05", "2026-10-20"));
  EXPECT_GT(s.first_month, s.last_month);
  EXPECT_GT(s.tail_from, s.tail_to);
  s = spans("2026-10-01", "2026-10-31");  // one whole month
  EXPECT_EQ(std::tie(s.first_month, s.last_month), std::tie("2026-10", "2026-10"));
  EXPECT_GT(s.head_from, s.head_to);
  EXPECT_GT(s.tail_from, s.tail_to);
  s = spans("2025-11-27", "2026-11-26");  // a year ending today
  EXPECT_EQ(std::tie(s.head_from, s.head_to), std::tie("2025-11-27", "2025-11-30"));
  EXPECT_EQ(std::tie(s.first_month, s.last_month), std::tie("2025-12", "2026-10"));
  EXPECT_EQ(std::tie(s.tail_from, s.tail_to), std::tie("2026-11-01", "2026-11-26"));
  s = spans("2025-11-27", "2026-11-26", "2026-11-26");  // ... read today: November so far is its month's row
  EXPECT_EQ(std::tie(s.first_month, s.last_month), std::tie("2025-12", "2026-11"));
  EXPECT_GT(s.tail_from, s.tail_to);
  s = spans("2026-11-03", "2026-11-26", "2026-11-26");  // inside the current month: its days
  EXPECT_EQ(std::tie(s.head_from, s.head_to), std::tie("2026-11-03", "2026-11-26"));
  EXPECT_GT(s.first_month, s.last_month);
  s = spans("2024-02-01", "2024-03-15");  // a leap February whole, March partial
  EXPECT_EQ(std::tie(s.first_month, s.last_month), std::tie("2024-02", "2024-02"));
  EXPECT_EQ(std::tie(s.tail_from, s.tail_to), std::tie("2024-03-01", "2024-03-15"));
  s = spans("2026-01-31", "2026-02-01");  // two partial months, no whole one
  EXPECT_EQ(std::tie(s.head_from, s.head_to), std::tie("2026-01-31", "2026-02-01"));
  EXPECT_GT(s.first_month, s.last_month);
  EXPECT_EQ(usage_next_month("2026-12"), "2027-01");
  EXPECT_EQ(usage_next_month("2026-09"), "2026-10");
  EXPECT_EQ(add_months("2026-01", -1), "2025-12");
  EXPECT_EQ(add_months("2026-01", -13), "2024-12");
  EXPECT_EQ(usage_next_day("2024-02-28"), "2024-02-29");
}

TEST_F(RoyaltiesTest, AMonthIsItsDaysSummedAgainWhenADayIsRefreshed) {
  ticket(1, "u-ann", 10, "2026-08-31T10:00:00Z");
  ticket(1, "u-ann", 10, "2026-09-15T10:00:00Z");
  const auto sep = ticket(1, "u-bo", 10, "2026-09-30T10:00:00Z");
  ticket(1, "u-ann", 10, "2026-10-01T10:00:00Z");
  ticket(1, "u-ann", 11, "2026-09-02T10:00:00Z");
  refresh();
  const auto month_rows = db_->query(
      "SELECT language, plays FROM usage_article_months WHERE tenant_id = 1 AND month = '2026-09' AND article_id = 10 "
      "ORDER BY language");
  ASSERT_EQ(month_rows.size(), 2u);  // ar (u-bo), "" (u-ann has no language)
  EXPECT_EQ(month_rows[0].integer(1) + month_rows[1].integer(1), 2);

  // Partial August and October days around a whole September: 4 plays of article 10.
  auto r = usage_->consumption(1, "2026-08-31", "2026-10-01", "month", {});
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(plays_of(*r, 10), 4);
  EXPECT_EQ(plays_of(*r, 11), 1);
  auto ar = usage_->consumption(1, "2026-08-31", "2026-10-01", "day", {"music", "", "ar"});
  ASSERT_TRUE(ar.has_value());
  ASSERT_EQ(ar->top_articles.size(), 1u);
  EXPECT_EQ(plays_of(*ar, 10), 1);

  // A report received late for a September day: the day is dirty again, and its month follows it.
  report(sep, 1, 30'000, 40'000, "2026-09-30T23:00:00Z");
  refresh(1, "2026-09-30T22:00:00Z");
  EXPECT_EQ(line("2026-09", 10).counted_ms, 30'000);
  EXPECT_EQ(line("2026-09", 10).plays, 2);
  r = usage_->consumption(1, "2026-09-01", "2026-09-30", "month", {});
  ASSERT_TRUE(r.has_value());
  ASSERT_FALSE(r->top_articles.empty());
  EXPECT_EQ(r->top_articles[0].ms, 30'000);

  // A range ending today (the clock: 2026-11-15) reads November so far from its month's row.
  ticket(1, "u-ann", 11, "2026-11-02T10:00:00Z");
  ticket(1, "u-ann", 11, "2026-11-15T09:00:00Z");
  refresh(1, "2026-11-01T00:00:00Z");
  r = usage_->consumption(1, "2026-10-01", "2026-11-15", "month", {});
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(plays_of(*r, 11), 2);
  EXPECT_EQ(plays_of(*r, 10), 1);  // October 1st

  // An editor corrects the licensor before September is issued: the open statement follows the catalog.
  EXPECT_EQ(line("2026-09", 10).licensor, "Acme");
  db_->execute("UPDATE catalog_articles SET doc = '{\"licensorName\":\"Acme Records\"}' WHERE tenant_id = 1 AND id = 10");
  EXPECT_EQ(line("2026-09", 10).licensor, "Acme Records");
}

TEST_F(RoyaltiesTest, AVisitIsThePageViewsSharingAVisitIdOnADay) {
  const auto page_view = [&](const std::string& id, const std::string& payload, const std::string& when) {
    db_->execute("INSERT INTO events (id, tenant_id, name, payload, user_id, created_at, origin) "
                 "VALUES ($1, 1, 'pageView', $2, NULL, $3, 'client')",
                 {id, payload, when});
  };
  page_view("p1", R"({"path":"/","visit":"v-1"})", "2026-10-05T10:00:00Z");
  page_view("p2", R"({"path":"/music","visit":"v-1"})", "2026-10-05T10:01:00Z");
  page_view("p3", R"({"path":"/","visit":"v-2"})", "2026-10-05T11:00:00Z");
  page_view("p4", R"({"path":"/"})", "2026-10-05T12:00:00Z");   // an older client: a visit of its own
  page_view("p5", R"({"path":"/"})", "2026-10-05T12:01:00Z");
  page_view("p6", R"({"path":"/","visit":"v-2"})", "2026-10-06T00:05:00Z");  // past midnight: counted that day too
  refresh();
  auto r = usage_->consumption(1, "2026-10-05", "2026-10-06", "day", {});
  ASSERT_TRUE(r.has_value());
  ASSERT_EQ(r->funnel_series.size(), 2u);
  EXPECT_EQ(r->funnel_series[0].visits, 4);  // v-1, v-2, p4, p5
  EXPECT_EQ(r->funnel_series[1].visits, 1);
  EXPECT_EQ(r->funnel.visits, 5);
}

TEST_F(RoyaltiesTest, DirtyDaysAreTheDaysOfRowsWrittenSinceAndAFirstSubscriptionMovesWithItsCustomer) {
  const auto a = ticket(1, "u-ann", 10, "2026-10-05T10:00:00Z");
  report(a, 1, 1'000, 1'000, "2026-10-06T10:00:00Z");
  const auto source = usage_source();
  std::vector<std::string> days;
  days = source.dirty_days(*db_, 1, "");
  EXPECT_EQ(days, (std::vector<std::string>{"2026-10-05", "2026-10-06"}));
  days = source.dirty_days(*db_, 1, "2026-10-06T00:00:00Z");
  EXPECT_EQ(days, (std::vector<std::string>{"2026-10-06"}));
  days = source.dirty_days(*db_, 2, "");
  EXPECT_TRUE(days.empty());

  // A customer's subscriptions: a REQUESTED one (not counted) paid later becomes the first; both days are dirty.
  const auto sub = [&](const std::string& id, const std::string& state, const std::string& created,
                       const std::string& updated) {
    db_->execute("INSERT INTO user_subscriptions (id, tenant_id, user_uuid, type_id, state, start_date, created_at, "
                 "updated_at) VALUES ($1, 1, 'u-bo', $2, $3, $4, $4, $5)",
                 {id, id == "s1" ? 1 : 2, state, created, updated});
  };
  sub("s1", "REQUESTED", "2026-10-10T00:00:00Z", "2026-10-10T00:00:00Z");
  sub("s2", "ACTIVE", "2026-10-12T00:00:00Z", "2026-10-12T00:00:00Z");
  refresh();
  const auto firsts = [&](const std::string& day) {
    const auto r = db_->query("SELECT first_subscriptions FROM usage_funnel_days WHERE tenant_id = 1 AND day = $1", {day});
    return r.empty() ? 0 : r[0].integer(0);
  };
  EXPECT_EQ(firsts("2026-10-10"), 0);
  EXPECT_EQ(firsts("2026-10-12"), 1);
  db_->execute("UPDATE user_subscriptions SET state = 'CANCELED', updated_at = '2026-10-20T00:00:00Z' WHERE id = 's1'");
  days = source.dirty_days(*db_, 1, "2026-10-20T00:00:00Z");
  EXPECT_EQ(days, (std::vector<std::string>{"2026-10-10", "2026-10-12"}));
  refresh(1, "2026-10-20T00:00:00Z");
  EXPECT_EQ(firsts("2026-10-10"), 1);
  EXPECT_EQ(firsts("2026-10-12"), 0);
}

}  // namespace
}  // namespace portal::reports
