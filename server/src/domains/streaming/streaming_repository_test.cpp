// Tickets and reports against a migrated SQLite database: a report counts
// once, the claimed total stops at the media length and the counted total at
// what the ticket may count (the conditional update and the CHECK), expired
// and foreign tickets, the issue limits (open tickets, rate), and the history
// upserts.
#include "domains/streaming/streaming_repository.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <random>
#include <thread>

#include "db/migrations.hpp"

namespace portal::streaming {
namespace {

namespace fs = std::filesystem;

class StreamingRepositoryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-streaming-" + std::to_string(std::random_device{}()));
    db_ = db::open((dir_ / "portal.db").string(), 4);
    db::migrate(*db_, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    for (std::int64_t tenant : {1, 2})
      db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES ($1, $2, $2, 'x', 'x')",
                   {tenant, "t" + std::to_string(tenant)});
    for (const auto& [uuid, tenant] : std::vector<std::pair<std::string, std::int64_t>>{{"u-sam", 1}, {"u-gale", 1}, {"u-other", 2}})
      db_->execute("INSERT INTO users (uuid, tenant_id, user_id, created_at, updated_at) VALUES ($1, $2, $3, 'x', 'x')",
                   {uuid, tenant, "id-" + uuid});
    repo_ = std::make_unique<StreamingRepository>(*db_);
    ticket_ = {"t-1", 1, "u-sam", 20001, "full_track_music", 83'000, 0, "2026-11-23T09:00:00Z", "2026-11-23T15:00:00Z"};
    repo_->create_ticket(ticket_);
  }
  void TearDown() override {
    repo_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  static Report listened(std::int64_t ms, std::string at = "2026-11-23T09:00:15.000Z") {
    return {"t-1", ReportType::listened, std::move(at), ms, 83'000, false, false};
  }
  static constexpr const char* kNow = "2026-11-23T10:00:00Z";
  // Reports counted up to the media length (no wall-time cap): the claim rules alone.
  static std::int64_t whole(const Ticket& t) { return t.media_ms; }
  StreamingRepository::ReportResult report(std::int64_t tenant, const std::string& user, const Report& r,
                                           const std::string& now = kNow,
                                           std::function<std::int64_t(const Ticket&)> countable = whole) {
    return repo_->report(tenant, user, r, now, countable);
  }
  Ticket issued(std::string id, std::string created_at) {
    Ticket t = ticket_;
    t.id = std::move(id);
    t.created_at = std::move(created_at);
    return t;
  }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<StreamingRepository> repo_;
  Ticket ticket_;
};

using Outcome = StreamingRepository::Outcome;

TEST_F(StreamingRepositoryTest, AReportCountsOnceAndTheTotalStopsAtTheLength) {
  auto first = report(1, "u-sam", listened(15'000), kNow);
  EXPECT_EQ(first.outcome, Outcome::counted);
  EXPECT_EQ(first.ticket.counted_ms, 15'000);
  auto retry = report(1, "u-sam", listened(15'000), kNow);
  EXPECT_EQ(retry.outcome, Outcome::duplicate);
  EXPECT_EQ(retry.ticket.counted_ms, 15'000);
  EXPECT_EQ(report(1, "u-sam", listened(68'001, "2026-11-23T09:01:00.000Z"), kNow).outcome, Outcome::exceeds);
  EXPECT_EQ(report(1, "u-sam", listened(68'000, "2026-11-23T09:01:00.000Z"), kNow).ticket.counted_ms, 83'000);
  // The refused report left nothing behind; the CHECK refuses a total past the length whatever the statement.
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM stream_reports")[0].integer(0), 2);
  EXPECT_THROW(db_->execute("UPDATE stream_tickets SET counted_ms = media_ms + 1 WHERE id = 't-1'"), db::Error);
}

TEST_F(StreamingRepositoryTest, ProgressAddsNothingButStaysWithinTheLength) {
  Report p = listened(41'500);
  p.type = ReportType::progress;
  auto r = report(1, "u-sam", p, kNow);
  EXPECT_EQ(r.outcome, Outcome::counted);
  EXPECT_EQ(r.ticket.counted_ms, 0);
  p.usage_ms = 90'000;
  p.reported_at = "2026-11-23T09:02:00.000Z";
  EXPECT_EQ(report(1, "u-sam", p, kNow).outcome, Outcome::exceeds);
}

TEST_F(StreamingRepositoryTest, ForeignAndExpiredTickets) {
  EXPECT_EQ(report(1, "u-gale", listened(1'000), kNow).outcome, Outcome::not_found);
  EXPECT_EQ(report(2, "u-sam", listened(1'000), kNow).outcome, Outcome::not_found);
  EXPECT_EQ(report(2, "u-other", listened(1'000), kNow).outcome, Outcome::not_found);
  EXPECT_EQ(report(1, "u-sam", listened(1'000), "2026-11-23T15:00:00Z").outcome, Outcome::expired);
  // Long after its week: found all the same (past the lookup of the week before the report), and expired.
  const auto late = report(1, "u-sam", listened(1'000), "2027-02-01T10:00:00Z");
  EXPECT_EQ(late.outcome, Outcome::expired);
  EXPECT_EQ(late.ticket.id, "t-1");
  // And a retry of a report it took answers that report, however late.
  EXPECT_EQ(report(1, "u-sam", listened(15'000), kNow).outcome, Outcome::counted);
  EXPECT_EQ(report(1, "u-sam", listened(15'000), "2027-02-01T10:00:00Z").outcome, Outcome::duplicate);
}

TEST_F(StreamingRepositoryTest, ConcurrentReportsNeverPassTheLength) {
  std::vector<std::thread> threads;
  std::atomic<int> counted{0}, exceeded{0};
  for (int i = 0; i < 20; ++i)
    threads.emplace_back([&, i] {
      char at[32];
      std::snprintf(at, sizeof at, "2026-11-23T09:%02d:00.000Z", i);
      auto r = report(1, "u-sam", listened(10'000, at), kNow);
      (r.outcome == Outcome::counted ? counted : exceeded)++;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(counted.load(), 8);
  EXPECT_EQ(exceeded.load(), 12);
  EXPECT_EQ(db_->query("SELECT counted_ms FROM stream_tickets WHERE id = 't-1'")[0].integer(0), 80'000);
}

TEST_F(StreamingRepositoryTest, ClaimedAndCountedAreKeptApart) {
  // The ticket may have counted 20 s by now: a claim of the whole track counts 20, is stored as claimed 83.
  const auto twenty = [](const Ticket&) { return std::int64_t{20'000}; };
  auto r = report(1, "u-sam", listened(83'000), kNow, twenty);
  EXPECT_EQ(r.outcome, Outcome::counted);
  EXPECT_EQ(r.counted_ms, 20'000);
  EXPECT_EQ(r.counted_before, 0);
  EXPECT_EQ(r.ticket.claimed_ms, 83'000);
  EXPECT_EQ(r.ticket.counted_ms, 20'000);
  auto row = db_->query("SELECT claimed_ms, counted_ms FROM stream_reports WHERE ticket_id = 't-1'");
  EXPECT_EQ(row[0].integer(0), 83'000);
  EXPECT_EQ(row[0].integer(1), 20'000);
  row = db_->query("SELECT claimed_ms, counted_ms FROM stream_tickets WHERE id = 't-1'");
  EXPECT_EQ(row[0].integer(0), 83'000);
  EXPECT_EQ(row[0].integer(1), 20'000);
  // Its retry answers what the first copy counted; nothing more is claimed or counted.
  auto retry = report(1, "u-sam", listened(83'000), kNow, twenty);
  EXPECT_EQ(retry.outcome, Outcome::duplicate);
  EXPECT_EQ(retry.counted_ms, 20'000);
  EXPECT_EQ(retry.ticket.claimed_ms, 83'000);
  // The claims reached the length: any more is refused, whatever was counted.
  EXPECT_EQ(report(1, "u-sam", listened(1'000, "2026-11-23T09:05:00.000Z")).outcome, Outcome::exceeds);
}

TEST_F(StreamingRepositoryTest, ConcurrentReportsNeverPassWhatTheTicketMayCount) {
  const auto thirty = [](const Ticket&) { return std::int64_t{30'000}; };
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&, i] {
      char at[32];
      std::snprintf(at, sizeof at, "2026-11-23T09:%02d:00.000Z", i);
      (void)report(1, "u-sam", listened(10'000, at), kNow, thirty);
    });
  for (auto& t : threads) t.join();
  auto row = db_->query("SELECT claimed_ms, counted_ms FROM stream_tickets WHERE id = 't-1'");
  EXPECT_EQ(row[0].integer(0), 80'000);
  EXPECT_EQ(row[0].integer(1), 30'000);
  EXPECT_EQ(db_->query("SELECT SUM(counted_ms) FROM stream_reports WHERE ticket_id = 't-1'")[0].integer(0), 30'000);
}

TEST_F(StreamingRepositoryTest, ANewTicketClosesTheOldestPastTheOpenLimit) {
  const TicketLimits limits{3, 30, std::chrono::seconds(300)};
  const char* kWindow = "2026-11-23T08:55:00.000Z";
  for (const auto& [id, at] : std::vector<std::pair<std::string, std::string>>{
           {"t-2", "2026-11-23T09:00:01.000Z"}, {"t-3", "2026-11-23T09:00:02.000Z"}}) {
    auto r = repo_->issue(issued(id, at), limits, kWindow);
    EXPECT_TRUE(r.issued);
    EXPECT_TRUE(r.closed.empty());
  }
  // t-1 (09:00:00), t-2, t-3 are open; t-4 closes t-1.
  auto fourth = repo_->issue(issued("t-4", "2026-11-23T09:00:03.000Z"), limits, kWindow);
  ASSERT_TRUE(fourth.issued);
  EXPECT_EQ(fourth.closed, std::vector<std::string>{"t-1"});
  EXPECT_EQ(db_->query("SELECT closed_at FROM stream_tickets WHERE id = 't-1'")[0].text(0), "2026-11-23T09:00:03.000Z");
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM stream_tickets WHERE user_uuid = 'u-sam' AND closed_at IS NULL")[0].integer(0), 3);
  // Another user's tickets are theirs.
  Ticket gale = issued("t-g", "2026-11-23T09:00:04.000Z");
  gale.user_uuid = "u-gale";
  EXPECT_TRUE(repo_->issue(gale, limits, kWindow).closed.empty());
}

TEST_F(StreamingRepositoryTest, TicketsAreIssuedAtABoundedRate) {
  const TicketLimits limits{3, 4, std::chrono::seconds(300)};
  const char* kOver = "2026-11-23T08:55:00.000Z";  // now - 300 s: a window that started by then has ended
  for (int i = 2; i <= 5; ++i)
    EXPECT_TRUE(repo_->issue(issued("t-" + std::to_string(i), "2026-11-23T09:00:0" + std::to_string(i) + ".000Z"),
                             limits, kOver).issued);
  auto refused = repo_->issue(issued("t-6", "2026-11-23T09:00:06.000Z"), limits, kOver);
  EXPECT_FALSE(refused.issued);
  EXPECT_EQ(refused.in_window, 4);
  EXPECT_EQ(refused.window_start, "2026-11-23T09:00:02.000Z");  // the window began with its first ticket
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM stream_tickets WHERE id = 't-6'")[0].integer(0), 0);
  EXPECT_EQ(repo_->window_of(1, "u-sam", kOver), (std::pair<std::string, std::int64_t>{"2026-11-23T09:00:02.000Z", 4}));
  // Once the window is over a new one starts with the next ticket.
  auto later = repo_->issue(issued("t-7", "2026-11-23T09:05:02.000Z"), limits, "2026-11-23T09:00:02.000Z");
  EXPECT_TRUE(later.issued);
  EXPECT_EQ(later.window_start, "2026-11-23T09:05:02.000Z");
  EXPECT_EQ(later.in_window, 0);
  EXPECT_FALSE(repo_->window_of(1, "u-gale", kOver).has_value());
}

TEST_F(StreamingRepositoryTest, ConcurrentIssuesKeepBothLimits) {
  const TicketLimits limits{3, 10, std::chrono::seconds(300)};
  std::vector<std::thread> threads;
  std::atomic<int> issued_count{0};
  for (int i = 0; i < 20; ++i)
    threads.emplace_back([&, i] {
      char at[32];
      std::snprintf(at, sizeof at, "2026-11-23T09:01:%02d.000Z", i);
      if (repo_->issue(issued("c-" + std::to_string(i), at), limits, "2026-11-23T08:58:00.000Z").issued) ++issued_count;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(issued_count.load(), 10);
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM stream_tickets WHERE user_uuid = 'u-sam' AND closed_at IS NULL")[0].integer(0), 3);
  EXPECT_EQ(db_->query("SELECT issued FROM stream_ticket_gates WHERE user_uuid = 'u-sam'")[0].integer(0), 10);
}

TEST_F(StreamingRepositoryTest, HistoryUpsertsKeepThePositionOnAPlay) {
  auto put = repo_->put_position(1, "u-sam", 20001, "PLAY", "full_track_music", 41'500, "2026-11-23T09:00:00.000Z");
  EXPECT_EQ(put.position_ms, 41'500);
  auto played = repo_->record(1, "u-sam", 20001, "PLAY", "full_track_music", "2026-11-23T09:05:00.000Z");
  EXPECT_EQ(played.position_ms, 41'500);
  EXPECT_EQ(played.updated_at, "2026-11-23T09:05:00.000Z");
  repo_->record(1, "u-sam", 50001, "PLAY", "podcast", "2026-11-23T09:06:00.000Z");
  EXPECT_FALSE(repo_->history(1, "u-gale", 20001, "PLAY").has_value());
  EXPECT_FALSE(repo_->history(2, "u-sam", 20001, "PLAY").has_value());
  auto page = repo_->page(1, "u-sam", "PLAY", 1, 0);
  EXPECT_EQ(page.total, 2);
  ASSERT_EQ(page.entries.size(), 1u);
  EXPECT_EQ(page.entries[0].article_id, 50001);
  EXPECT_TRUE(repo_->remove(1, "u-sam", 20001, "PLAY"));
  EXPECT_FALSE(repo_->remove(1, "u-sam", 20001, "PLAY"));
}

}  // namespace
}  // namespace portal::streaming
