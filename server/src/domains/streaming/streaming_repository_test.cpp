// Tickets and reports against a migrated SQLite database: a report counts
// once, the listened total stops at the media length (the conditional update
// and the CHECK), expired and foreign tickets, and the history upserts.
#include "domains/streaming/streaming_repository.hpp"

#include <gtest/gtest.h>

#include <filesystem>
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

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<StreamingRepository> repo_;
  Ticket ticket_;
};

using Outcome = StreamingRepository::Outcome;

TEST_F(StreamingRepositoryTest, AReportCountsOnceAndTheTotalStopsAtTheLength) {
  auto first = repo_->report(1, "u-sam", listened(15'000), kNow);
  EXPECT_EQ(first.outcome, Outcome::counted);
  EXPECT_EQ(first.ticket.listened_ms, 15'000);
  auto retry = repo_->report(1, "u-sam", listened(15'000), kNow);
  EXPECT_EQ(retry.outcome, Outcome::duplicate);
  EXPECT_EQ(retry.ticket.listened_ms, 15'000);
  EXPECT_EQ(repo_->report(1, "u-sam", listened(68'001, "2026-11-23T09:01:00.000Z"), kNow).outcome, Outcome::exceeds);
  EXPECT_EQ(repo_->report(1, "u-sam", listened(68'000, "2026-11-23T09:01:00.000Z"), kNow).ticket.listened_ms, 83'000);
  // The refused report left nothing behind; the CHECK refuses a total past the length whatever the statement.
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM stream_reports")[0].integer(0), 2);
  EXPECT_THROW(db_->execute("UPDATE stream_tickets SET listened_ms = media_ms + 1 WHERE id = 't-1'"), db::Error);
}

TEST_F(StreamingRepositoryTest, ProgressAddsNothingButStaysWithinTheLength) {
  Report p = listened(41'500);
  p.type = ReportType::progress;
  auto r = repo_->report(1, "u-sam", p, kNow);
  EXPECT_EQ(r.outcome, Outcome::counted);
  EXPECT_EQ(r.ticket.listened_ms, 0);
  p.usage_ms = 90'000;
  p.reported_at = "2026-11-23T09:02:00.000Z";
  EXPECT_EQ(repo_->report(1, "u-sam", p, kNow).outcome, Outcome::exceeds);
}

TEST_F(StreamingRepositoryTest, ForeignAndExpiredTickets) {
  EXPECT_EQ(repo_->report(1, "u-gale", listened(1'000), kNow).outcome, Outcome::not_found);
  EXPECT_EQ(repo_->report(2, "u-sam", listened(1'000), kNow).outcome, Outcome::not_found);
  EXPECT_EQ(repo_->report(2, "u-other", listened(1'000), kNow).outcome, Outcome::not_found);
  EXPECT_EQ(repo_->report(1, "u-sam", listened(1'000), "2026-11-23T15:00:00Z").outcome, Outcome::expired);
}

TEST_F(StreamingRepositoryTest, ConcurrentReportsNeverPassTheLength) {
  std::vector<std::thread> threads;
  std::atomic<int> counted{0}, exceeded{0};
  for (int i = 0; i < 20; ++i)
    threads.emplace_back([&, i] {
      char at[32];
      std::snprintf(at, sizeof at, "2026-11-23T09:%02d:00.000Z", i);
      auto r = repo_->report(1, "u-sam", listened(10'000, at), kNow);
      (r.outcome == Outcome::counted ? counted : exceeded)++;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(counted.load(), 8);
  EXPECT_EQ(exceeded.load(), 12);
  EXPECT_EQ(db_->query("SELECT listened_ms FROM stream_tickets WHERE id = 't-1'")[0].integer(0), 80'000);
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
