// The backlog gauges read the database's own figures: the oldest mail waiting, the oldest queued job, the failures.
#include "app/backlog_gauges.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "db/migrations.hpp"

namespace portal::app {
namespace {

namespace fs = std::filesystem;

TEST(BacklogGauges, AgesAndFailuresComeFromTheDatabase) {
  const fs::path dir = fs::temp_directory_path() / ("portal-backlog-" + std::to_string(std::random_device{}()));
  auto db = db::open((dir / "portal.db").string(), 2);
  db::migrate(*db, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
  db->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 't', 't', 'x', 'x')");
  core::ManualClock clock(std::chrono::system_clock::time_point{std::chrono::seconds{1'795'860'000}});  // 2026-11-28T10:00:00Z
  identity::OutboxRepository outbox(*db);
  media::MediaRepository media(*db);
  BacklogGauges gauges;

  gauges.refresh(outbox, media, clock);
  EXPECT_EQ(gauges.mail_oldest_seconds(), 0) << "nothing waits";
  EXPECT_EQ(gauges.media_job_oldest_seconds(), 0);

  // A mail due since ten minutes ago and one already sent; a job queued five minutes ago, one failed, one done.
  db->execute("INSERT INTO mail_outbox (id, tenant_id, recipient, subject, body, created_at, next_attempt_at) "
              "VALUES ('m1', 1, 'a@example.com', 's', 'b', '2026-11-28T09:50:00Z', '2026-11-28T09:59:00Z')");
  db->execute("INSERT INTO mail_outbox (id, tenant_id, recipient, subject, body, created_at, sent_at) "
              "VALUES ('m0', 1, 'a@example.com', 's', 'b', '2026-11-28T08:00:00Z', '2026-11-28T08:00:01Z')");
  const char* job = "INSERT INTO media_jobs (tenant_id, id, article_id, upload_id, kind, name, state, created_at, updated_at) "
                    "VALUES (1, $1, 7, $1, 'audio', 'a.wav', $2, $3, $3)";
  db->execute(job, {std::string("j1"), std::string("queued"), std::string("2026-11-28T09:55:00Z")});
  db->execute(job, {std::string("j2"), std::string("failed"), std::string("2026-11-28T09:30:00Z")});
  db->execute(job, {std::string("j3"), std::string("failed"), std::string("2026-11-28T08:00:00Z")});
  gauges.refresh(outbox, media, clock);
  EXPECT_EQ(gauges.mail_oldest_seconds(), 600);
  EXPECT_EQ(gauges.media_job_oldest_seconds(), 300);
  EXPECT_EQ(gauges.media_jobs_failed_last_hour(), 1) << "the one failed two hours ago is not counted";
  // Per tenant: the oldest queued job's age (tenants with none queued left out), the bytes of finished media.
  db->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (2, 'u', 'u', 'x', 'x')");
  const char* job2 = "INSERT INTO media_jobs (tenant_id, id, article_id, upload_id, kind, name, state, created_at,"
                     " updated_at, stored_bytes) VALUES ($1, $2, 7, $2, 'audio', 'a.wav', $3, $4, $4, $5)";
  db->execute(job2, {std::int64_t{2}, std::string("k1"), std::string("queued"), std::string("2026-11-28T09:59:00Z"), std::int64_t{0}});
  db->execute(job2, {std::int64_t{2}, std::string("k2"), std::string("done"), std::string("2026-11-28T08:00:00Z"), std::int64_t{5000}});
  db->execute(job2, {std::int64_t{2}, std::string("k3"), std::string("done"), std::string("2026-11-28T08:00:00Z"), std::int64_t{700}});
  db->execute(job2, {std::int64_t{1}, std::string("j4"), std::string("done"), std::string("2026-11-28T08:00:00Z"), std::int64_t{40}});
  gauges.refresh(outbox, media, clock);
  using ByTenant = BacklogGauges::ByTenant;
  EXPECT_EQ(gauges.media_job_oldest_seconds_by_tenant(), (ByTenant{{"t", 300}, {"u", 60}}));
  EXPECT_EQ(gauges.media_stored_bytes_by_tenant(), (ByTenant{{"t", 40}, {"u", 5700}}));
  db.reset();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace portal::app
