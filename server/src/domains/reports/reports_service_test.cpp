// The reports' service (issue 35, task "money"): ranges and periods, the monthly price, and the
// revenue and subscribers reports over aggregates the refresh job builds from raw rows (SQLite).
#include "domains/reports/reports_service.hpp"
#include "domains/reports/reports_answers.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "db/test_database.hpp"
#include "db/timestamp.hpp"

namespace portal::reports {
namespace {

TEST(ReportsRange, DefaultsAndRefusalsNameTheField) {
  auto r = parse_range({}, "2026-03-31");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->from, "2026-03-02");
  EXPECT_EQ(r->to, "2026-03-31");
  EXPECT_EQ(r->granularity, Granularity::day);
  const auto field = [](const RangeQuery& q) {
    auto r = parse_range(q, "2026-03-31");
    return r ? std::string() : std::string(http_error(r.error()).data.at("field").as_string());
  };
  EXPECT_EQ(field({"2026-02-30", {}, {}}), "from");
  EXPECT_EQ(field({"2026-2-01", {}, {}}), "from");
  EXPECT_EQ(field({{}, "tomorrow", {}}), "to");
  EXPECT_EQ(field({{}, {}, "year"}), "granularity");
  EXPECT_EQ(field({"2026-04-01", "2026-03-01", {}}), "from");
  EXPECT_EQ(field({"2023-01-01", "2026-01-05", {}}), "from");  // more than 1,100 days
  EXPECT_EQ(field({"2023-01-01", "2026-01-04", "month"}), "");  // exactly 1,100
}

TEST(ReportsRange, PeriodsAreNamedByTheirFirstDay) {
  EXPECT_EQ(period_of("2026-11-26", Granularity::day), "2026-11-26");
  EXPECT_EQ(period_of("2026-11-26", Granularity::week), "2026-11-23");  // a Thursday: Monday the 23rd
  EXPECT_EQ(period_of("2026-11-23", Granularity::week), "2026-11-23");
  EXPECT_EQ(period_of("2026-11-29", Granularity::week), "2026-11-23");  // Sunday
  EXPECT_EQ(period_of("2027-01-01", Granularity::week), "2026-12-28");  // across the year
  EXPECT_EQ(period_of("2026-11-26", Granularity::month), "2026-11-01");
}

TEST(ReportsMrr, MonthlyPriceRoundsHalfUp) {
  EXPECT_EQ(monthly_price(499, "P1M"), 499);
  EXPECT_EQ(monthly_price(4999, "P1Y"), 417);  // 416.58
  EXPECT_EQ(monthly_price(199, "P7D"), 865);   // 199 × 365 / (12 × 7) = 864.7
  EXPECT_EQ(monthly_price(49, "P1D"), 1490);   // 49 × 365 / 12 = 1490.4
  EXPECT_EQ(monthly_price(0, "P1M"), 0);
  EXPECT_EQ(monthly_price(100, "bogus"), 0);
}

TEST(ReportsMrr, AHugeStoredPriceNeitherWrapsNorGoesNegative) {
  // A price stored before the console's bound (issue 45: 4.7×10^18 EUR a day).
  EXPECT_EQ(monthly_price(4'700'000'000'000'000'000, "P1D"), std::numeric_limits<std::int64_t>::max());
  EXPECT_GT(monthly_price(4'700'000'000'000'000'000, "P1M"), 0);
  Money4 total{std::numeric_limits<std::int64_t>::max() - 1, 0, 1, 0};
  total.add({4'700'000'000'000'000'000, 5, 1, 1});
  EXPECT_EQ(total.gross, std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(total.net(), std::numeric_limits<std::int64_t>::max() - 5);
}

struct ReportsServiceTest : ::testing::Test {
  std::filesystem::path dir = db::test_directory("reports-service");
  std::unique_ptr<db::Database> db = db::open_test_database(dir, {{"u-1", 1}, {"u-2", 1}, {"u-3", 2}});
  core::ManualClock clock{std::chrono::sys_days{std::chrono::year{2026} / 11 / 26} + std::chrono::hours{12}};
  ReportsRefresher refresher{*db, clock};
  ReportsRepository repository{*db};
  ReportsService service{repository, refresher, clock};

  ReportsServiceTest() {
    refresher.add(revenue_source("sqlite"));
    refresher.add(subscribers_source());
    refresher.add(cohorts_source(clock));
    db->execute(
        "INSERT INTO subscription_types (tenant_id, id, group_id, definition, updated_at) VALUES (1, 101, 'music', "
        "'{\"id\":101,\"name\":\"Music\",\"billingCycle\":\"P1M\",\"price\":{\"amount\":500,\"currency\":\"EUR\"}}', 'x')");
  }
  ~ReportsServiceTest() override { std::filesystem::remove_all(dir); }

  void payment(const std::string& id, std::int64_t tenant, const std::string& purpose, const std::string& reference,
               const std::string& provider, std::int64_t amount, const std::string& status, const std::string& at,
               const std::string& currency = "EUR") {
    db->execute(
        "INSERT INTO payments (id, tenant_id, user_uuid, purpose, reference, provider, instrument, amount, currency, "
        "status, created_at, updated_at) VALUES ($1, $2, 'u-1', $3, $4, $5, 'x', $6, $7, $8, $9, $9)",
        {id, tenant, purpose, reference, provider, amount, currency, status, at});
  }
  void subscription(const std::string& id, const std::string& user, int trial = 0, std::int64_t type = 101) {
    db->execute(
        "INSERT INTO user_subscriptions (id, tenant_id, user_uuid, type_id, state, trial, start_date, created_at, "
        "updated_at) VALUES ($1, 1, $2, $4, 'ACTIVE', $3, 'x', 'x', 'x')",
        {id, user, std::int64_t(trial), type});
  }
  void event(const std::string& sub, std::int64_t version, std::optional<std::string> from, const std::string& to,
             const std::string& reason, const std::string& at) {
    db->execute(
        "INSERT INTO subscription_events (id, tenant_id, subscription_id, version, from_state, to_state, reason, actor, "
        "at) VALUES ($1, 1, $2, $3, $4, $5, $6, 'test', $7)",
        {sub + "-" + std::to_string(version), sub, version, from ? db::Value(*from) : db::Value(nullptr), to, reason, at});
  }
};

TEST_F(ReportsServiceTest, RevenueByPlanMethodAndSectionPerCurrency) {
  subscription("s-1", "u-1");
  db->execute(
      "INSERT INTO subscription_checkouts (id, tenant_id, user_uuid, type_id, status, redirect, lang, amount, currency, "
      "answer, expires_at, created_at, updated_at) VALUES ('c-1', 1, 'u-1', 101, 'PAID', '', 'en', 500, 'EUR', '{}', "
      "'x', 'x', 'x')");
  db->execute(
      "INSERT INTO article_purchases (id, tenant_id, user_uuid, article_id, content_type, amount, currency, status, "
      "created_at, updated_at) VALUES ('a-1', 1, 'u-1', 7, 'full_track_music', 129, 'EUR', 'PAID', 'x', 'x')");
  payment("p-1", 1, "checkout", "c-1", "sandbox", 500, "SUCCEEDED", "2026-11-02T10:00:00Z");
  payment("p-2", 1, "renewal", "s-1@2026-12-02T10:00:00Z", "sandbox-operator", 500, "SUCCEEDED", "2026-11-20T10:00:00Z");
  payment("p-3", 1, "article", "a-1", "sandbox", 129, "SUCCEEDED", "2026-11-03T10:00:00Z");
  payment("p-4", 1, "vouchers", "o-1", "sandbox", 2000, "SUCCEEDED", "2026-11-03T11:00:00Z", "USD");
  payment("p-5", 1, "renewal", "s-1@2026-11-02T10:00:00Z", "sandbox", 500, "DECLINED", "2026-11-04T10:00:00Z");
  payment("p-6", 2, "vouchers", "o-2", "sandbox", 999, "SUCCEEDED", "2026-11-03T11:00:00Z");  // another tenant
  db->execute(
      "INSERT INTO payment_refunds (id, tenant_id, payment_id, amount, currency, status, reason, created_at) VALUES "
      "('r-1', 1, 'p-1', 200, 'EUR', 'SUCCEEDED', 'x', '2026-11-10T09:00:00Z'), "
      "('r-2', 1, 'p-1', 100, 'EUR', 'FAILED', 'x', '2026-11-10T09:00:00Z')");
  event("s-1", 1, std::nullopt, "ACTIVE", "checkout paid", "2026-11-02T10:00:00Z");
  ASSERT_TRUE(refresher.refresh(1).ran);

  auto rep = service.revenue(1, {{"2026-11-01", "2026-11-30", "month"}, {}, {}, {}});
  ASSERT_TRUE(rep) << rep.error().message;
  EXPECT_EQ(rep->currencies, (std::vector<std::string>{"EUR", "USD"}));
  ASSERT_EQ(rep->totals.size(), 2u);
  EXPECT_EQ(rep->totals[0].m.gross, 1129);
  EXPECT_EQ(rep->totals[0].m.refunds, 200);
  EXPECT_EQ(rep->totals[0].m.net(), 929);
  EXPECT_EQ(rep->totals[0].m.payments, 3);
  EXPECT_EQ(rep->totals[0].m.refund_count, 1);
  EXPECT_EQ(rep->totals[1].m.gross, 2000);
  ASSERT_EQ(rep->series.size(), 2u);
  EXPECT_EQ(rep->series[0].period, "2026-11-01");
  ASSERT_EQ(rep->by_plan.size(), 1u);
  EXPECT_EQ(rep->by_plan[0].plan_name, "Music");
  EXPECT_EQ(rep->by_plan[0].m.gross, 1000);
  EXPECT_EQ(rep->by_plan[0].m.refunds, 200);
  std::map<std::string, std::int64_t> methods;
  for (const auto& m : rep->by_method) methods[m.key + " " + m.currency] = m.m.gross;
  EXPECT_EQ(methods, (std::map<std::string, std::int64_t>{{"card EUR", 629}, {"mobile_bill EUR", 500}, {"voucher USD", 2000}}));
  ASSERT_EQ(rep->by_section.size(), 1u);
  EXPECT_EQ(rep->by_section[0].key, "music");
  EXPECT_EQ(rep->by_section[0].m.payments, 1);
  ASSERT_EQ(rep->mrr.size(), 1u);
  EXPECT_EQ(rep->mrr[0].amount, 500);
  EXPECT_EQ(rep->mrr[0].subscriptions, 1);

  auto card = service.revenue(1, {{"2026-11-01", "2026-11-30", "day"}, std::string("EUR"), std::string("card"), {}});
  ASSERT_TRUE(card);
  EXPECT_EQ(card->series.size(), 30u);  // every day, zeros included
  EXPECT_EQ(card->totals.at(0).m.gross, 629);
  EXPECT_EQ(http_error(service.revenue(1, {{}, {}, std::string("cash"), {}}).error()).data.at("field").as_string(), "method");
  EXPECT_EQ(http_error(service.revenue(1, {{}, {}, {}, std::string("1x")}).error()).data.at("field").as_string(), "plan");
}

// Issue 45 item 5: three charges of 4.7×10^18 EUR on one day summed past the BIGINT range; the refresh
// failed with "integer overflow" every minute and the MRR of two such plans went negative.
TEST_F(ReportsServiceTest, HugeStoredAmountsNeitherFailTheRefreshNorWrapTheReport) {
  constexpr std::int64_t huge = 4'700'000'000'000'000'000;
  db->execute("UPDATE subscription_types SET definition = "
              "'{\"id\":101,\"name\":\"Music\",\"billingCycle\":\"P1M\",\"price\":{\"amount\":4700000000000000000,"
              "\"currency\":\"EUR\"}}' WHERE tenant_id = 1 AND id = 101");
  for (int i = 0; i < 3; ++i) {
    const std::string n = std::to_string(i);
    if (i < 2) {  // two subscribers of the plan (one plan per user)
      subscription("s-" + n, i == 0 ? "u-1" : "u-2");
      event("s-" + n, 1, std::nullopt, "ACTIVE", "checkout paid", "2026-11-02T1" + n + ":00:00Z");
    }
    payment("p-" + n, 1, "vouchers", "o-" + n, "sandbox", huge, "SUCCEEDED", "2026-11-02T1" + n + ":00:00Z");
  }
  const auto ran = refresher.refresh(1);
  ASSERT_TRUE(ran.ran);
  auto rep = service.revenue(1, {{"2026-11-01", "2026-11-30", "month"}, {}, {}, {}});
  ASSERT_TRUE(rep) << rep.error().message;
  ASSERT_EQ(rep->totals.size(), 1u);
  EXPECT_EQ(rep->totals[0].m.gross, std::numeric_limits<std::int64_t>::max());  // clamped, not wrapped
  EXPECT_EQ(rep->totals[0].m.payments, 3);
  ASSERT_EQ(rep->mrr.size(), 1u);
  EXPECT_EQ(rep->mrr[0].subscriptions, 2);
  EXPECT_EQ(rep->mrr[0].amount, std::numeric_limits<std::int64_t>::max());
  auto subs = service.subscribers(1, {"2026-11-01", "2026-11-30", "month"});
  ASSERT_TRUE(subs) << subs.error().message;
  ASSERT_EQ(subs->arpu.size(), 1u);
  EXPECT_GT(subs->arpu[0].amount, 0);
}

// Issue 73 item 7: a new tenant's first €7.99 payment on the last day of the range read "€239.70 per subscriber"
// (7.99 over an average of 1/30 active subscriber). Below an average of one subscriber a day there is no ARPU.
TEST_F(ReportsServiceTest, NoAverageRevenuePerSubscriberBelowOneSubscriberADay) {
  subscription("s-1", "u-1");
  event("s-1", 1, std::nullopt, "ACTIVE", "checkout paid", "2026-11-30T10:00:00Z");
  payment("p-1", 1, "subscriptions", "s-1", "sandbox", 799, "SUCCEEDED", "2026-11-30T10:00:00Z");
  ASSERT_TRUE(refresher.refresh(1).ran);
  auto late = service.subscribers(1, {"2026-11-01", "2026-11-30", "month"});
  ASSERT_TRUE(late) << late.error().message;
  EXPECT_TRUE(late->arpu.empty());
  // The same payment over the one day the subscriber was active: one subscriber, 7.99 each.
  auto day = service.subscribers(1, {"2026-11-30", "2026-11-30", "day"});
  ASSERT_TRUE(day) << day.error().message;
  ASSERT_EQ(day->arpu.size(), 1u);
  EXPECT_EQ(day->arpu[0].amount, 799);
}

TEST_F(ReportsServiceTest, SubscribersFlowsActiveRatesAndCohorts) {
  subscription("s-1", "u-1");
  subscription("s-2", "u-1", 0, 102);
  subscription("t-2", "u-2", 1, 102);
  subscription("s-3", "u-2");
  event("s-1", 1, std::nullopt, "ACTIVE", "checkout paid", "2026-09-05T10:00:00Z");
  event("s-1", 2, "ACTIVE", "ACTIVE", "cancelled by user", "2026-10-01T10:00:00Z");
  event("s-1", 3, "ACTIVE", "CANCELED", "cancelled subscription ended", "2026-10-05T10:00:00Z");
  event("s-2", 1, std::nullopt, "ACTIVE", "checkout paid", "2026-11-02T10:00:00Z");
  event("t-2", 1, std::nullopt, "ACTIVE", "free trial", "2026-10-10T10:00:00Z");
  event("t-2", 2, "ACTIVE", "INACTIVE", "trial ended", "2026-10-17T10:00:00Z");
  event("s-3", 1, std::nullopt, "ACTIVE", "checkout paid", "2026-10-18T10:00:00Z");
  db->execute(
      "INSERT INTO subscription_trials (tenant_id, user_uuid, group_id, subscription_id, created_at) VALUES "
      "(1, 'u-2', 'music', 't-2', '2026-10-10T10:00:00Z')");
  ASSERT_TRUE(refresher.refresh(1).ran);

  auto rep = service.subscribers(1, {"2026-10-01", "2026-11-30", "month"});
  ASSERT_TRUE(rep) << rep.error().message;
  ASSERT_EQ(rep->series.size(), 2u);
  const auto& oct = rep->series[0];
  EXPECT_EQ(oct.period, "2026-10-01");
  EXPECT_EQ(oct.started, 2);     // t-2, s-3
  EXPECT_EQ(oct.new_subs, 1);    // t-2 is u-2's first
  EXPECT_EQ(oct.cancelled, 1);
  EXPECT_EQ(oct.ended, 2);       // s-1, t-2
  EXPECT_EQ(oct.active, 1);      // s-3
  EXPECT_EQ(oct.trials_started, 1);
  EXPECT_EQ(oct.trials_converted, 1);  // s-3 of the same group after the trial
  EXPECT_EQ(rep->series[1].active, 2);
  EXPECT_EQ(rep->totals.active_at_start, 1);
  EXPECT_EQ(rep->totals.active_at_end, 2);
  EXPECT_EQ(rep->totals.trials_ended, 1);
  EXPECT_DOUBLE_EQ(rep->totals.conversion_rate.value(), 1.0);
  // Churn per 30 days: 2 ended over the days' active plans (1×4 Oct 1-4, 1×7 Oct 10-16, 1×14 Oct 18-31,
  // 1 Nov 1, 2×29 Nov 2-30 = 84 plan-days), × 30.
  EXPECT_DOUBLE_EQ(rep->totals.churn_rate.value(), 30.0 * 2 / 84);
  // Cohorts: u-1 first active in September (active in 09, 10, 11), u-2 in October (10, 11).
  ASSERT_EQ(rep->cohorts.size(), 1u);  // only cohorts of the range's months
  EXPECT_EQ(rep->cohorts[0].month, "2026-10");
  EXPECT_EQ(rep->cohorts[0].active, (std::vector<std::int64_t>{1, 1}));
  auto wide = service.subscribers(1, {"2026-09-01", "2026-11-30", "month"});
  ASSERT_EQ(wide->cohorts.size(), 2u);
  EXPECT_EQ(wide->cohorts[0].month, "2026-09");
  EXPECT_EQ(wide->cohorts[0].customers, 1);
  EXPECT_EQ(wide->cohorts[0].active, (std::vector<std::int64_t>{1, 1, 1}));
  EXPECT_TRUE(wide->totals.churn_rate.has_value());  // plans were active in the range

  // Incremental: a later event refreshes only what changed, and the answer follows.
  clock.advance(std::chrono::hours(1));
  event("s-3", 2, "ACTIVE", "INACTIVE", "grace period over", db::utc_timestamp(clock.now()));
  auto out = refresher.refresh(1);
  EXPECT_TRUE(out.ran);
  EXPECT_LT(out.days, 5);
  EXPECT_EQ(service.subscribers(1, {"2026-10-01", "2026-11-30", "month"})->totals.active_at_end, 1);
}

}  // namespace
}  // namespace portal::reports
