// The history upkeep (issue 76 item 4): on PostgreSQL (PORTAL_TEST_POSTGRES_URL set; a schema of its own
// per test) the history tables are partitioned by month, a month's rows land in its partition, a report's
// day reads only its months, retention drops whole months and keeps the rest, a time far off lands in
// DEFAULT without failing, and two instances running the upkeep at once do it once. On SQLite retention
// deletes the old rows and nothing else.
#include "app/history_upkeep.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <thread>

#include "core/clock.hpp"
#include "core/utc_time.hpp"
#include "db/database.hpp"
#include "db/migrations.hpp"
#include "db/test_database.hpp"
#include "domains/privacy/privacy_sql.hpp"
#include "domains/reports/usage_raw_sql.hpp"
#include "domains/streaming/streaming_sql.hpp"

namespace portal::app {
namespace {

namespace fs = std::filesystem;
using std::chrono::system_clock;

std::vector<db::Migration> migrations(std::string_view dialect) {
  return db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", dialect);
}

// A time `months` months from the first of this month (UTC), at `day` 12:00.
system_clock::time_point at_month(int months, int day = 15) {
  const std::chrono::year_month_day today{std::chrono::floor<std::chrono::days>(system_clock::now())};
  const auto ym = std::chrono::year_month{today.year(), today.month()} + std::chrono::months{months};
  return std::chrono::sys_days{ym / std::chrono::day{static_cast<unsigned>(day)}} + std::chrono::hours{12};
}
std::string text_at(system_clock::time_point t) { return core::utc_text(t); }
std::string month_at(system_clock::time_point t) { return text_at(t).substr(0, 7); }
std::string part(std::string_view table, system_clock::time_point t) {
  const auto m = month_at(t);
  return std::string(table) + "_p" + m.substr(0, 4) + "_" + m.substr(5, 2);
}

class HistoryUpkeepPostgres : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* url = std::getenv("PORTAL_TEST_POSTGRES_URL");
    if (!url || !*url) GTEST_SKIP() << "PORTAL_TEST_POSTGRES_URL is not set";
    base_ = url;
    schema_ = "portal_history_" + std::to_string(std::random_device{}());
    admin_ = db::open(base_, 1);
    admin_->execute("CREATE SCHEMA " + schema_);
    db_ = connect();
    db::migrate(*db_, migrations("postgres"));
    db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 't1', 't1', 'x', 'x')");
    db_->execute("INSERT INTO users (uuid, tenant_id, user_id, created_at, updated_at) VALUES ('u1', 1, 'id-1', 'x', 'x')");
  }
  void TearDown() override {
    db_.reset();
    if (admin_) admin_->execute("DROP SCHEMA IF EXISTS " + schema_ + " CASCADE");
  }
  std::unique_ptr<db::Database> connect() {
    const std::string sep = base_.find('?') == std::string::npos ? "?" : "&";
    return db::open(base_ + sep + "options=-csearch_path%3D" + schema_, 2);
  }
  void event(const std::string& id, system_clock::time_point t) {
    db_->execute("INSERT INTO events (id, tenant_id, name, payload, user_id, created_at) VALUES ($1, 1, 'pageView', "
                 "'{}', NULL, $2)",
                 {id, text_at(t)});
  }
  void ticket(const std::string& id, system_clock::time_point t) {
    db_->execute("INSERT INTO stream_tickets (id, tenant_id, user_uuid, article_id, content_type, media_ms, created_at, "
                 "expires_at) VALUES ($1, 1, 'u1', 7, 'full_track_music', 1000, $2, $2)",
                 {id, text_at(t)});
  }
  void report(const std::string& id, const std::string& ticket_id, system_clock::time_point ticket_at,
              system_clock::time_point t) {
    db_->execute("INSERT INTO stream_reports (id, ticket_id, ticket_created_at, tenant_id, type, reported_at, "
                 "claimed_ms, counted_ms, max_usage_ms, created_at) VALUES ($1, $2, $3, 1, 'listened', $4, 500, 500, "
                 "1000, $4)",
                 {id, ticket_id, text_at(ticket_at), text_at(t)});
  }
  void audit(system_clock::time_point t) {
    db_->execute("INSERT INTO audit_log (at, tenant_id, actor_id, actor_email, actor_role, action, call, object_type, "
                 "object_id) VALUES ($1, 1, 's', 's@x', 'owner', 'test', 'call', 'thing', '1')",
                 {text_at(t)});
  }
  // The partition a row is in.
  std::string where(const std::string& table, const std::string& id) {
    return db_->query("SELECT tableoid::regclass::text FROM " + table + " WHERE id = $1", {id})[0].text(0);
  }
  std::vector<std::string> partitions(const std::string& table) {
    std::vector<std::string> out;
    for (const auto& r : db_->query("SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
                                    "WHERE i.inhparent = to_regclass($1) ORDER BY 1",
                                    {table}))
      out.push_back(r.text(0));
    return out;
  }
  bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }
  // The plan a statement runs with: as the portal runs it (an unnamed statement, planned with its values), or
  // (generic) as a prepared statement's reused generic plan, which prunes when it starts ("Subplans Removed").
  std::string plan(const std::string& sql, const db::Params& params, bool generic = false) {
    std::string out;
    db_->transaction([&](db::Session& s) {
      if (!generic) {
        for (const auto& row : s.query("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) " + sql, params))
          out += row.text(0) + "\n";
        return;
      }
      s.execute("SET LOCAL plan_cache_mode = force_generic_plan");
      s.execute("PREPARE history_plan AS " + sql);
      std::string values;
      for (const auto& p : params)
        values += (values.empty() ? "" : ", ") + (std::holds_alternative<std::int64_t>(p)
                                                      ? std::to_string(std::get<std::int64_t>(p))
                                                      : "'" + std::get<std::string>(p) + "'");
      for (const auto& row : s.query("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE history_plan(" +
                                     values + ")"))
        out += row.text(0) + "\n";
      s.execute("DEALLOCATE history_plan");
    });
    return out;
  }

  std::string base_, schema_;
  std::unique_ptr<db::Database> admin_, db_;
};

TEST_F(HistoryUpkeepPostgres, TheHistoryTablesArePartitionedByMonthWithADefault) {
  for (const std::string table : {"events", "stream_tickets", "stream_reports", "audit_log"}) {
    const auto parts = partitions(table);
    EXPECT_TRUE(has(parts, table + "_default")) << table;
    for (int i = 0; i <= 3; ++i) EXPECT_TRUE(has(parts, part(table, at_month(i)))) << table << " +" << i;
  }
}

TEST_F(HistoryUpkeepPostgres, AMonthsRowsLandInThatMonthsPartition) {
  event("e-now", at_month(0));
  event("e-next", at_month(1, 1));
  ticket("t-now", at_month(0));
  report("r-now", "t-now", at_month(0), at_month(0) + std::chrono::hours{1});
  audit(at_month(2));
  EXPECT_EQ(where("events", "e-now"), part("events", at_month(0)));
  EXPECT_EQ(where("events", "e-next"), part("events", at_month(1)));
  EXPECT_EQ(where("stream_tickets", "t-now"), part("stream_tickets", at_month(0)));
  EXPECT_EQ(where("stream_reports", "r-now"), part("stream_reports", at_month(0)));
  EXPECT_EQ(db_->query("SELECT tableoid::regclass::text FROM audit_log")[0].text(0), part("audit_log", at_month(2)));
}

TEST_F(HistoryUpkeepPostgres, ATimeFarOffLandsInDefaultAndTheUpkeepGivesItsMonthAPartition) {
  const auto future = system_clock::time_point{} + std::chrono::hours{24 * 365 * 150};  // 2119
  const auto past = at_month(-40);                                                    // past events' 13 months
  EXPECT_NO_THROW(event("e-future", future));
  EXPECT_NO_THROW(event("e-past", past));
  EXPECT_NO_THROW(audit(future));
  EXPECT_EQ(where("events", "e-future"), "events_default");
  EXPECT_EQ(where("events", "e-past"), "events_default");

  core::SystemClock clock;
  HistoryUpkeep upkeep(*db_, clock, {});
  const auto run = upkeep.run();
  ASSERT_TRUE(run.claimed);
  EXPECT_EQ(where("events", "e-future"), part("events", future));  // moved into a month of its own
  EXPECT_TRUE(db_->query("SELECT 1 FROM events WHERE id = 'e-past'").empty());  // past retention: deleted
  EXPECT_EQ(db_->query("SELECT tableoid::regclass::text FROM audit_log")[0].text(0), part("audit_log", future));
  // The audit log is still append-only, moved rows and all.
  EXPECT_ANY_THROW(db_->execute("DELETE FROM audit_log"));
  EXPECT_ANY_THROW(db_->execute("UPDATE audit_log SET action = 'changed'"));
  EXPECT_EQ(run.moved_rows, 2);
  EXPECT_EQ(run.deleted_rows, 1);
}

TEST_F(HistoryUpkeepPostgres, APlaysTicketAndItsReportsMoveOutOfDefaultTogether) {
  const auto old = at_month(-6);  // within the plays' 25 months, before any partition
  ticket("t-old", old);
  report("r-old", "t-old", old, old + std::chrono::hours{2});
  EXPECT_EQ(where("stream_tickets", "t-old"), "stream_tickets_default");
  EXPECT_EQ(where("stream_reports", "r-old"), "stream_reports_default");
  core::SystemClock clock;
  HistoryUpkeep upkeep(*db_, clock, {});
  ASSERT_TRUE(upkeep.run().claimed);
  EXPECT_EQ(where("stream_tickets", "t-old"), part("stream_tickets", old));
  EXPECT_EQ(where("stream_reports", "r-old"), part("stream_reports", old));  // not lost to the tickets' cascade
  // The foreign key still holds: a report of a ticket that is not there is refused.
  EXPECT_ANY_THROW(report("r-none", "t-none", old, old));
}

TEST_F(HistoryUpkeepPostgres, ARetentionDropsTheMonthsPastItAndKeepsTheRest) {
  // Months made while they were current (an upkeep at a clock 15 months back), rows in them.
  core::ManualClock clock(at_month(-15));
  HistoryUpkeep then(*db_, clock, {});
  ASSERT_TRUE(then.run().claimed);
  for (int m = -15; m <= 0; ++m) event("e" + std::to_string(m), at_month(m));
  for (int m = -15; m <= 0; ++m) {
    ticket("t" + std::to_string(m), at_month(m));
    report("r" + std::to_string(m), "t" + std::to_string(m), at_month(m), at_month(m) + std::chrono::hours{1});
  }
  audit(at_month(-15));

  clock.set(system_clock::now());
  HistoryUpkeep now(*db_, clock, {3, 6, 13, 84});  // plays 6 months, events 13, audit 84
  const auto run = now.run();
  ASSERT_TRUE(run.claimed);
  const auto events = partitions("events"), tickets = partitions("stream_tickets"), reports = partitions("stream_reports");
  for (int m = -15; m <= 0; ++m) {
    const bool event_kept = m >= -12, play_kept = m >= -5;
    EXPECT_EQ(has(events, part("events", at_month(m))), event_kept) << m;
    EXPECT_EQ(!db_->query("SELECT 1 FROM events WHERE id = $1", {"e" + std::to_string(m)}).empty(), event_kept) << m;
    EXPECT_EQ(has(tickets, part("stream_tickets", at_month(m))), play_kept) << m;
    EXPECT_EQ(has(reports, part("stream_reports", at_month(m))), play_kept) << m;
    EXPECT_EQ(!db_->query("SELECT 1 FROM stream_reports WHERE id = $1", {"r" + std::to_string(m)}).empty(), play_kept);
  }
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM audit_log")[0].integer(0), 1);  // seven years: kept
  EXPECT_EQ(run.dropped.size(), 3u + 4u + 4u);  // events -15..-13, the plays' -15..-12
  // A second run finds nothing to do.
  const auto again = now.run();
  EXPECT_TRUE(again.created.empty());
  EXPECT_TRUE(again.dropped.empty());
}

TEST_F(HistoryUpkeepPostgres, AReportsDayReadsOnlyItsMonthsPartitions) {
  core::ManualClock clock(at_month(-3));
  HistoryUpkeep then(*db_, clock, {});
  ASSERT_TRUE(then.run().claimed);
  for (int m = -3; m <= 0; ++m) {
    const std::string n = std::to_string(m);
    ticket("t" + n, at_month(m));
    report("r" + n, "t" + n, at_month(m), at_month(m) + std::chrono::hours{1});
    event("e" + n, at_month(m));
  }
  db_->execute("ANALYZE");
  const std::string day = text_at(at_month(-2)).substr(0, 10);
  const std::string next = text_at(at_month(-2) + std::chrono::hours{24}).substr(0, 10);
  const std::string reach = text_at(at_month(-2) - std::chrono::hours{24 * 8}).substr(0, 10);
  const auto other = [&](std::string_view table, const std::string& p) {
    for (int m = -3; m <= 3; ++m)
      if (m != -2 && p.find(part(table, at_month(m))) != std::string::npos) return part(table, at_month(m));
    return std::string();
  };
  for (bool generic : {false, true}) {
    const auto plays = plan(std::string(reports::sql::kPlays), {std::int64_t{1}, day, next}, generic);
    EXPECT_NE(plays.find(part("stream_tickets", at_month(-2))), std::string::npos) << plays;
    EXPECT_EQ(other("stream_tickets", plays), "") << plays;
    const auto usage = plan(std::string(reports::sql::kReports), {std::int64_t{1}, day, next, reach}, generic);
    EXPECT_NE(usage.find(part("stream_reports", at_month(-2))), std::string::npos) << usage;
    EXPECT_EQ(other("stream_reports", usage), "") << usage;
    EXPECT_EQ(other("stream_tickets", usage), "") << usage;
    const auto views = plan(std::string(reports::sql::kPageViews), {std::int64_t{1}, day, next}, generic);
    EXPECT_NE(views.find(part("events", at_month(-2))), std::string::npos) << views;
    EXPECT_EQ(other("events", views), "") << views;
    // A usage report's ticket: looked up in the week (and a day) before the report, not in every month kept.
    const auto lookup = plan(std::string(streaming::sql::kRecentTicket),
                             {std::int64_t{1}, std::string("t-2"), std::string("u1"), reach, next}, generic);
    EXPECT_NE(lookup.find(part("stream_tickets", at_month(-2))), std::string::npos) << lookup;
    EXPECT_EQ(other("stream_tickets", lookup), "") << lookup;
    // A generic plan (what a prepared statement reuses) prunes when it starts.
    if (generic) {
      EXPECT_NE(plays.find("Subplans Removed"), std::string::npos) << plays;
      EXPECT_NE(usage.find("Subplans Removed"), std::string::npos) << usage;
      EXPECT_NE(views.find("Subplans Removed"), std::string::npos) << views;
    }
  }
}

TEST_F(HistoryUpkeepPostgres, ACustomersErasureReachesEveryMonth) {
  const auto mine = [&](const std::string& id, system_clock::time_point t) {
    db_->execute("INSERT INTO events (id, tenant_id, name, payload, user_id, created_at) VALUES ($1, 1, 'pageView', "
                 "'{}', 'id-1', $2)",
                 {id, text_at(t)});
  };
  mine("e-now", at_month(0));
  mine("e-next", at_month(2));
  mine("e-old", at_month(-9));  // DEFAULT
  EXPECT_EQ(where("events", "e-old"), "events_default");
  db_->execute(privacy::sql::kForgetEvents, {std::int64_t{1}, std::string("id-1")});
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM events WHERE user_id IS NOT NULL")[0].integer(0), 0);
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM events")[0].integer(0), 3);  // kept, naming nobody
}

TEST_F(HistoryUpkeepPostgres, MonthsAskedForAreMadeWithinRetention) {
  core::SystemClock clock;
  HistoryUpkeep upkeep(*db_, clock, {});
  ASSERT_TRUE(upkeep.run({month_at(at_month(-5)), month_at(at_month(-40)), "not a month"}).claimed);
  EXPECT_TRUE(has(partitions("events"), part("events", at_month(-5))));
  EXPECT_FALSE(has(partitions("events"), part("events", at_month(-40))));  // past the events' 13 months
  EXPECT_TRUE(has(partitions("stream_tickets"), part("stream_tickets", at_month(-5))));
  EXPECT_TRUE(has(partitions("stream_reports"), part("stream_reports", at_month(-5))));
  EXPECT_TRUE(has(partitions("audit_log"), part("audit_log", at_month(-40))));  // within its 84
}

TEST_F(HistoryUpkeepPostgres, TwoInstancesAtOnceRunTheUpkeepOnce) {
  event("e-future", at_month(30));  // something for a run to do: a month out of DEFAULT
  core::SystemClock clock;
  auto other_db = connect();
  HistoryUpkeep a(*db_, clock, {}), b(*other_db, clock, {});
  a.set_test_pause(std::chrono::milliseconds(400));
  b.set_test_pause(std::chrono::milliseconds(400));
  HistoryUpkeepRun ra, rb;
  std::exception_ptr ea, eb;
  std::thread ta([&] { try { ra = a.run(); } catch (...) { ea = std::current_exception(); } });
  std::thread tb([&] { try { rb = b.run(); } catch (...) { eb = std::current_exception(); } });
  ta.join();
  tb.join();
  EXPECT_FALSE(ea);
  EXPECT_FALSE(eb);
  EXPECT_NE(ra.claimed, rb.claimed);  // one ran, the other found the claim held
  EXPECT_EQ(ra.created.size() + rb.created.size(), 1u);  // the far month of the events, once
  EXPECT_EQ(where("events", "e-future"), part("events", at_month(30)));
  // The claim was handed back: the next run (either instance) proceeds, with nothing left to do.
  const auto next = b.run();
  EXPECT_TRUE(next.claimed);
  EXPECT_TRUE(next.created.empty());
}

TEST_F(HistoryUpkeepPostgres, ExistingRowsAreMigratedIntoTheirMonths) {
  // A schema at migration 62 with rows, then 63.
  db_.reset();
  admin_->execute("DROP SCHEMA " + schema_ + " CASCADE");
  admin_->execute("CREATE SCHEMA " + schema_);
  db_ = connect();
  auto all = migrations("postgres");
  std::vector<db::Migration> before(all.begin(), all.begin() + 62);
  db::migrate(*db_, before);
  db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 't1', 't1', 'x', 'x')");
  db_->execute("INSERT INTO users (uuid, tenant_id, user_id, created_at, updated_at) VALUES ('u1', 1, 'id-1', 'x', 'x')");
  const auto old = at_month(-7);
  event("e-old", old);
  ticket("t-old", old);
  db_->execute("INSERT INTO stream_reports (id, ticket_id, tenant_id, type, reported_at, claimed_ms, counted_ms, "
               "max_usage_ms, created_at) VALUES ('r-old', 't-old', 1, 'listened', $1, 500, 500, 1000, $1)",
               {text_at(old)});
  audit(old);
  audit(old);
  db::migrate(*db_, all);
  EXPECT_EQ(where("events", "e-old"), part("events", old));
  EXPECT_EQ(where("stream_tickets", "t-old"), part("stream_tickets", old));
  EXPECT_EQ(where("stream_reports", "r-old"), part("stream_reports", old));
  EXPECT_EQ(db_->query("SELECT ticket_created_at FROM stream_reports")[0].text(0), text_at(old));
  // The audit ids go on from the last one.
  audit(at_month(0));
  EXPECT_EQ(db_->query("SELECT MAX(id) FROM audit_log")[0].integer(0), 3);
}

TEST(HistoryUpkeepSqlite, RetentionDeletesTheRowsPastItAndKeepsTheRest) {
  const auto dir = db::test_directory("history-upkeep");
  fs::create_directories(dir);
  auto db = db::open_test_database(dir, {{"u1", 1}});
  for (int m = -15; m <= 0; ++m) {
    const std::string n = std::to_string(m), t = text_at(at_month(m));
    db->execute("INSERT INTO events (id, tenant_id, name, payload, user_id, created_at) VALUES ($1, 1, 'pageView', "
                "'{}', NULL, $2)", {"e" + n, t});
    db->execute("INSERT INTO stream_tickets (id, tenant_id, user_uuid, article_id, content_type, media_ms, created_at, "
                "expires_at) VALUES ($1, 1, 'u1', 7, 'full_track_music', 1000, $2, $2)", {"t" + n, t});
    db->execute("INSERT INTO stream_reports (id, ticket_id, ticket_created_at, tenant_id, type, reported_at, "
                "claimed_ms, counted_ms, max_usage_ms, created_at) VALUES ($1, $2, $3, 1, 'listened', $3, 5, 5, 10, $3)",
                {"r" + n, "t" + n, t});
    db->execute("INSERT INTO audit_log (at, tenant_id, actor_id, actor_email, actor_role, action, call, object_type, "
                "object_id) VALUES ($1, 1, 's', 's@x', 'owner', 'test', 'call', 'thing', '1')", {t});
  }
  core::SystemClock clock;
  HistoryUpkeep upkeep(*db, clock, {3, 6, 13, 12});
  const auto run = upkeep.run();
  ASSERT_TRUE(run.claimed);
  const auto count = [&](const std::string& table) { return db->query("SELECT COUNT(*) FROM " + table)[0].integer(0); };
  EXPECT_EQ(count("events"), 13);
  EXPECT_EQ(count("stream_tickets"), 6);
  EXPECT_EQ(count("stream_reports"), 6);
  EXPECT_EQ(count("audit_log"), 12);
  EXPECT_EQ(run.deleted_rows, 3 + 10 + 10 + 4);
  // The audit log is append-only again.
  EXPECT_ANY_THROW(db->execute("DELETE FROM audit_log"));
  db.reset();
  fs::remove_all(dir);
}

TEST(HistoryUpkeep, TheFirstKeptMonthCountsTheCurrentOne) {
  const auto t = system_clock::time_point{std::chrono::sys_days{std::chrono::year{2026} / 11 / 29}};
  EXPECT_EQ(HistoryUpkeep::first_kept_month(t, 13), "2025-11");
  EXPECT_EQ(HistoryUpkeep::first_kept_month(t, 1), "2026-11");
  EXPECT_EQ(HistoryUpkeep::first_kept_month(t, 0), "");
  EXPECT_EQ(HistoryUpkeep::first_kept_month(t, 84), "2019-12");
}

}  // namespace
}  // namespace portal::app
