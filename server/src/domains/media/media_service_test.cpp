#include "domains/media/media_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include <fstream>

#include <filesystem>
#include <algorithm>
#include <thread>

#include "db/test_database.hpp"
#include "db/timestamp.hpp"
#include "domains/media/media_work.hpp"
#include "store/sigv4.hpp"

namespace portal::media {
namespace {

namespace fs = std::filesystem;

class MediaServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("media-service");
    fs::create_directories(dir_);
    db_ = db::open_test_database(dir_, {});
    db_->execute(
        "INSERT INTO catalog_articles (tenant_id, id, content_type, section, doc) VALUES (1, 500, 'full_track_music', "
        "'music', '{\"media\":{\"type\":\"audio\",\"path\":\"audio/500.mp3\"}}')");
    repository_ = std::make_unique<MediaRepository>(*db_);
    Limits limits;
    limits.audio = 1000;
    limits.chunk = 100;
    limits.tenant_open_uploads = 1500;
    limits.upload_expiry_seconds = 3600;
    store_ = store::folder_store(dir_ / "media");
    service_ = std::make_unique<MediaService>(*repository_, *store_, dir_ / "work", limits, clock_);
  }
  void TearDown() override {
    service_.reset();
    store_.reset();
    repository_.reset();
    db_.reset();
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  Upload begin(std::int64_t size, std::string kind = "audio") {
    auto u = service_->begin(1, NewUpload{500, kind, "song.mp3", size}, "staff-1", {});
    EXPECT_TRUE(u) << (u ? "" : u.error().message);
    return u ? *u : Upload{};
  }

  // The bytes of an upload's chunks in the store (a folder here).
  std::uintmax_t staged_bytes(const std::string& upload_id) const {
    const fs::path folder = dir_ / "media" / "staging" / "uploads" / "1" / upload_id;
    std::uintmax_t n = 0;
    std::error_code ec;
    if (!fs::exists(folder, ec)) return 0;
    for (const auto& e : fs::directory_iterator(folder)) n += e.file_size();
    return n;
  }

  fs::path dir_;
  core::ManualClock clock_;
  std::unique_ptr<store::MediaStore> store_;
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<MediaRepository> repository_;
  std::unique_ptr<MediaService> service_;
};

TEST_F(MediaServiceTest, RefusesAnUploadOverItsCapOrOfAnotherKindAtOnce) {
  auto big = service_->begin(1, NewUpload{500, "audio", "big.mp3", 1001}, "staff-1", {});
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().code, ErrorCode::too_large);
  EXPECT_EQ(big.error().limit, 1000);
  auto video = service_->begin(1, NewUpload{500, "video", "clip.mp4", 10}, "staff-1", {});
  ASSERT_FALSE(video);
  EXPECT_EQ(video.error().field, "kind");
  auto other = service_->begin(2, NewUpload{500, "audio", "song.mp3", 10}, "staff-1", {});  // another tenant's
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().code, ErrorCode::article_not_found);
  EXPECT_FALSE(service_->begin(1, NewUpload{500, "sculpture", "x", 10}, "staff-1", {}));
}

TEST_F(MediaServiceTest, TakesChunksInOrderResumesAndQueuesOneJob) {
  const auto u = begin(150);
  const std::string bytes(150, 'a');
  int audited = 0;
  const auto count = [&](db::Session&, const Job&) { ++audited; };
  // A chunk over the limit, then one that skips ahead: refused with where the upload stands.
  auto over = service_->receive(1, u.id, Chunk{0, 150, std::string_view(bytes).substr(0, 101)}, count);
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().code, ErrorCode::too_large);
  ASSERT_TRUE(service_->receive(1, u.id, Chunk{0, 150, std::string_view(bytes).substr(0, 100)}, count));
  auto skipped = service_->receive(1, u.id, Chunk{120, 150, std::string_view(bytes).substr(120)}, count);
  ASSERT_FALSE(skipped);
  EXPECT_EQ(skipped.error().code, ErrorCode::offset_mismatch);
  EXPECT_EQ(skipped.error().offset, 100);
  // The same chunk again (a retry whose answer was lost) is refused the same way.
  EXPECT_FALSE(service_->receive(1, u.id, Chunk{0, 150, std::string_view(bytes).substr(0, 100)}, count));
  auto last = service_->receive(1, u.id, Chunk{100, 150, std::string_view(bytes).substr(100)}, count);
  ASSERT_TRUE(last);
  ASSERT_TRUE(last->job_id);
  EXPECT_EQ(audited, 1);
  EXPECT_EQ(staged_bytes(u.id), 150u) << "the refused chunks left nothing behind";
  auto after = service_->receive(1, u.id, Chunk{150, 150, "x"}, count);
  ASSERT_FALSE(after);
  EXPECT_EQ(after.error().code, ErrorCode::upload_complete);
  auto job = service_->job(1, *last->job_id);
  ASSERT_TRUE(job);
  EXPECT_EQ(job->state, JobState::queued);
  EXPECT_FALSE(service_->job(2, *last->job_id));  // another tenant sees none
}

TEST_F(MediaServiceTest, OneWorkerWinsAClaimAndALapsedLeaseIsClaimedAgain) {
  const auto u = begin(10);
  auto done = service_->receive(1, u.id, Chunk{0, 10, "0123456789"}, {});
  ASSERT_TRUE(done && done->job_id);
  const std::string now = db::utc_timestamp();
  const std::string later = db::utc_timestamp(std::chrono::system_clock::now() + std::chrono::minutes(10));
  auto due = repository_->due(now, 2, 10);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_TRUE(repository_->claim(due[0], "worker-a", later, now, 2));
  EXPECT_FALSE(repository_->claim(due[0], "worker-b", later, now, 2));  // taken
  EXPECT_TRUE(repository_->due(now, 2, 10).empty());
  auto job = repository_->job(1, due[0].id);
  ASSERT_TRUE(job);
  EXPECT_FALSE(repository_->progress(*job, "worker-b", 50, later, now));  // not its claim
  EXPECT_TRUE(repository_->progress(*job, "worker-a", 50, later, now));
  // worker-a stopped: once its lease has ended the job is due again, and claimable by one.
  const std::string after_lease = db::utc_timestamp(std::chrono::system_clock::now() + std::chrono::minutes(11));
  ASSERT_EQ(repository_->due(after_lease, 2, 10).size(), 1u);
  EXPECT_TRUE(repository_->claim(due[0], "worker-b", db::utc_timestamp(std::chrono::system_clock::now() + std::chrono::minutes(21)), after_lease, 2));
  EXPECT_FALSE(repository_->claim(due[0], "worker-c", after_lease, after_lease, 2));
  EXPECT_FALSE(repository_->failed(*job, "worker-a", "late", after_lease));  // the old claimant's outcome does not count
  job = repository_->job(1, due[0].id);
  EXPECT_EQ(job->attempts, 2);
  EXPECT_EQ(job->claimed_by, "worker-b");
}

TEST_F(MediaServiceTest, AJobOfAFileThatIsNoMediaFailsWithTheReason) {
  const auto u = begin(10);
  auto done = service_->receive(1, u.id, Chunk{0, 10, "not audio!"}, {});
  ASSERT_TRUE(done && done->job_id);
  EXPECT_EQ(service_->run_due(), 1);
  auto job = service_->job(1, *done->job_id);
  ASSERT_TRUE(job);
  EXPECT_EQ(job->state, JobState::failed);
  ASSERT_TRUE(job->error);
  EXPECT_NE(job->error->find("not a media file"), std::string::npos) << *job->error;
  EXPECT_EQ(staged_bytes(u.id), 0u) << "a failed job's chunks are removed";
  EXPECT_EQ(service_->run_due(), 0);  // nothing left
}

TEST_F(MediaServiceTest, AChunkChangedOnTheWayIsRefusedAndOneLostInTheStoreFailsTheJobWithTheReason) {
  const auto u = begin(20);
  // The client's Content-Digest names other bytes: refused, nothing stored.
  auto changed = service_->receive(1, u.id, Chunk{0, 20, "0123456789", std::string(64, '0')}, {});
  ASSERT_FALSE(changed);
  EXPECT_EQ(changed.error().code, ErrorCode::digest_mismatch);
  EXPECT_EQ(staged_bytes(u.id), 0u);
  ASSERT_TRUE(service_->receive(1, u.id, Chunk{0, 20, "0123456789", store::sha256_hex("0123456789")}, {}));
  auto done = service_->receive(1, u.id, Chunk{10, 20, "abcdefghij"}, {});
  ASSERT_TRUE(done && done->job_id);
  // The second chunk's object is lost (an instance wrote it to a disk of its own, not the shared store).
  for (const auto& e : fs::directory_iterator(dir_ / "media" / "staging" / "uploads" / "1" / u.id))
    if (e.path().filename().string().starts_with("10-")) fs::remove(e.path());
  EXPECT_EQ(service_->run_due(), 1);
  auto job = service_->job(1, *done->job_id);
  ASSERT_TRUE(job);
  EXPECT_EQ(job->state, JobState::failed);
  EXPECT_EQ(job->error.value_or(""), "a chunk (bytes 10-19) is missing from the media store");
}

}  // namespace
TEST_F(MediaServiceTest, ATenantsOpenUploadsAreBoundedByItsQuota) {
  const auto first = begin(1000);
  auto over = service_->begin(1, NewUpload{500, "audio", "more.mp3", 501}, "staff-1", {});
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().code, ErrorCode::quota_exceeded);
  EXPECT_EQ(over.error().limit, 1500);
  EXPECT_EQ(over.error().open, 1000);
  EXPECT_TRUE(service_->begin(1, NewUpload{500, "audio", "fits.mp3", 500}, "staff-1", {}));
  // Another tenant's quota is its own.
  db_->execute(
      "INSERT INTO catalog_articles (tenant_id, id, content_type, section, doc) VALUES (2, 500, 'full_track_music', "
      "'music', '{\"media\":{\"type\":\"audio\",\"path\":\"audio/500.mp3\"}}')");
  EXPECT_TRUE(service_->begin(2, NewUpload{500, "audio", "theirs.mp3", 1000}, "staff-1", {}));
  // A finished upload no longer counts.
  for (std::int64_t at = 0; at < 1000; at += 100)
    ASSERT_TRUE(service_->receive(1, first.id, Chunk{at, 1000, std::string(100, 'a')}, {}));
  EXPECT_TRUE(service_->begin(1, NewUpload{500, "audio", "next.mp3", 1000}, "staff-1", {}));
}

TEST_F(MediaServiceTest, AnAbandonedUploadExpiresWithItsStagedBytes) {
  const auto idle = begin(300);
  const auto busy = begin(300);
  ASSERT_TRUE(service_->receive(1, idle.id, Chunk{0, 300, std::string(100, 'a')}, {}));
  ASSERT_EQ(staged_bytes(idle.id), 100u);
  EXPECT_EQ(service_->expire_abandoned(), 0);  // nothing old yet
  clock_.advance(std::chrono::minutes(50));
  ASSERT_TRUE(service_->receive(1, busy.id, Chunk{0, 300, std::string(100, 'b')}, {}));  // a chunk keeps it alive
  clock_.advance(std::chrono::minutes(11));
  EXPECT_EQ(service_->expire_abandoned(), 1);
  EXPECT_FALSE(service_->upload(1, idle.id));
  EXPECT_EQ(staged_bytes(idle.id), 0u);
  EXPECT_TRUE(service_->upload(1, busy.id));
  // A late chunk of the removed upload finds none, and leaves no bytes behind.
  auto late = service_->receive(1, idle.id, Chunk{100, 300, std::string(100, 'a')}, {});
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().code, ErrorCode::upload_not_found);
  EXPECT_EQ(staged_bytes(idle.id), 0u);
  // A complete upload (its job queued) never expires.
  ASSERT_TRUE(service_->receive(1, busy.id, Chunk{100, 300, std::string(100, 'b')}, {}));
  ASSERT_TRUE(service_->receive(1, busy.id, Chunk{200, 300, std::string(100, 'b')}, {}));
  clock_.advance(std::chrono::hours(48));
  EXPECT_EQ(service_->expire_abandoned(), 0);
  EXPECT_TRUE(service_->upload(1, busy.id));
}

namespace {

// A picture cwebp reads (PPM), `width` x `height`, one colour.
std::string ppm(int width, int height) {
  std::string bytes = "P6\n" + std::to_string(width) + " " + std::to_string(height) + "\n255\n";
  for (int i = 0; i < width * height; ++i) bytes += std::string("\x20\x60\xc0", 3);
  return bytes;
}

TEST_F(MediaServiceTest, ABrandImageIsTheTenantsAndBecomesItsWebPSizes) {
  // Chunks as large as a request allows: the picture goes up in one.
  MediaService brand(*repository_, *store_, dir_ / "work", Limits{}, clock_);
  auto with_article = brand.begin(1, NewUpload{500, "artwork", "logo.png", 10, "logo"}, "staff-1", {});
  ASSERT_FALSE(with_article);
  EXPECT_EQ(with_article.error().field, "articleId");
  auto audio = brand.begin(1, NewUpload{0, "audio", "jingle.mp3", 10, "icon"}, "staff-1", {});
  ASSERT_FALSE(audio);
  EXPECT_EQ(audio.error().field, "kind");
  auto cover = brand.begin(1, NewUpload{0, "artwork", "cover.png", 10, ""}, "staff-1", {});
  ASSERT_FALSE(cover);
  EXPECT_EQ(cover.error().field, "articleId") << "a cover is an article's";
  EXPECT_FALSE(brand.begin(1, NewUpload{0, "artwork", "x.png", 10, "banner"}, "staff-1", {}));

  const auto run = [&](const std::string& purpose, const std::string& bytes) {
    auto u = brand.begin(1, NewUpload{0, "artwork", purpose + ".ppm", static_cast<std::int64_t>(bytes.size()), purpose},
                         "staff-1", {});
    EXPECT_TRUE(u);
    if (!u) return Job{};
    auto done = brand.receive(1, u->id, Chunk{0, static_cast<std::int64_t>(bytes.size()), bytes}, {});
    EXPECT_TRUE(done && done->job_id);
    EXPECT_EQ(brand.run_due(), 1);
    return *brand.job(1, *done->job_id);
  };
  // An icon is cut square about its middle: 512 and 192 pixels a side, public under brand/.
  const auto icon = run("icon", ppm(300, 200));
  ASSERT_EQ(icon.state, JobState::done) << icon.error.value_or("");
  EXPECT_EQ(icon.purpose, Purpose::icon);
  EXPECT_EQ(icon.article_id, 0);
  ASSERT_TRUE(icon.media_path && icon.preview_path);
  EXPECT_TRUE(icon.media_path->starts_with("brand/1/icon/")) << *icon.media_path;
  EXPECT_TRUE(icon.media_path->ends_with("/icon-512.webp"));
  EXPECT_TRUE(icon.preview_path->ends_with("/icon-192.webp"));
  const auto big = store_->get(*icon.media_path);
  ASSERT_TRUE(big);
  EXPECT_EQ(big->substr(0, 4), "RIFF");
  EXPECT_EQ(big->substr(8, 4), "WEBP");
  // The article's cover is untouched: a brand image belongs to no article.
  EXPECT_EQ(db_->query("SELECT doc FROM catalog_articles WHERE tenant_id = 1 AND id = 500")[0].text(0).find("cover"),
            std::string::npos);
  // A logo keeps its own size and has the header's, at most 96 pixels high.
  const auto logo = run("logo", ppm(400, 200));
  ASSERT_EQ(logo.state, JobState::done) << logo.error.value_or("");
  EXPECT_TRUE(logo.media_path->ends_with("/logo.h96.webp")) << *logo.media_path;
  EXPECT_TRUE(logo.preview_path->ends_with("/logo.webp"));
  // Too small for an app icon: refused with the reason.
  const auto small = run("icon", ppm(100, 100));
  EXPECT_EQ(small.state, JobState::failed);
  EXPECT_NE(small.error.value_or("").find("at least 192 pixels"), std::string::npos) << small.error.value_or("");
}

TEST(MediaWork, ReadsTheSizeCwebpTellsOfItsImage) {
  EXPECT_EQ(cwebp_dimension("Saving file 'x'\nFile:      a.png\nDimension: 300 x 200\nOutput: 238 bytes"),
            (std::pair{300, 200}));
  EXPECT_FALSE(cwebp_dimension("Dimension: 300 by 200"));
  EXPECT_FALSE(cwebp_dimension("nothing"));
}

}  // namespace
}  // namespace portal::media

// Issue 71 item 3: the queue serves the tenants in turn, with a cap of running jobs per tenant that the claim
// itself counts, and an instance runs several jobs at once.
namespace portal::media {
namespace {

class MediaQueueTest : public MediaServiceTest {
 protected:
  void SetUp() override {
    MediaServiceTest::SetUp();
    db_->execute(
        "INSERT INTO catalog_articles (tenant_id, id, content_type, section, doc) VALUES (2, 600, 'full_track_music', "
        "'music', '{\"media\":{\"type\":\"audio\",\"path\":\"audio/600.mp3\"}}')");
  }
  // A queued job of `tenant` made at second `second` of a minute (its place in its tenant's line).
  std::string queue(std::int64_t tenant, int second) {
    auto u = service_->begin(tenant, NewUpload{tenant == 1 ? 500 : 600, "audio", "x.wav", 10}, "staff-1", {});
    EXPECT_TRUE(u);
    auto done = service_->receive(tenant, u->id, Chunk{0, 10, "0123456789"}, {});
    EXPECT_TRUE(done && done->job_id);
    db_->execute("UPDATE media_jobs SET created_at = $2 WHERE id = $1",
                 {*done->job_id, "2026-01-01T00:00:" + std::string(second < 10 ? "0" : "") + std::to_string(second) + "Z"});
    return *done->job_id;
  }
  // One worker's look: the first job it can claim (as `worker`, with a cap of `per_tenant`); "" when none.
  std::string claim(const std::string& worker, std::int64_t per_tenant = 2) {
    const std::string now = db::utc_timestamp(), lease = db::utc_timestamp(std::chrono::system_clock::now() + std::chrono::minutes(1));
    for (const auto& due : repository_->due(now, per_tenant, 20))
      if (repository_->claim(due, worker, lease, now, per_tenant)) return due.id;
    return "";
  }
  void finish(const std::string& id, const std::string& worker) {
    auto job = repository_->job(1, id);
    if (!job) job = repository_->job(2, id);
    ASSERT_TRUE(job);
    ASSERT_TRUE(repository_->failed(*job, worker, "done with it", db::utc_timestamp()));
  }
};

TEST_F(MediaQueueTest, ASmallJobOfOneTenantWaitsForAtMostOneRunningJobOfAnother) {
  const auto a1 = queue(1, 1), a2 = queue(1, 2), a3 = queue(1, 3);
  // One worker: it takes tenant 1's oldest job; tenant 2's job comes while it runs.
  EXPECT_EQ(claim("w"), a1);
  const auto b1 = queue(2, 30);
  finish(a1, "w");
  EXPECT_EQ(claim("w"), b1) << "tenant 2 was never served: its job goes before tenant 1's older ones";
  finish(b1, "w");
  EXPECT_EQ(claim("w"), a2);
  // Tenant 2 again, while tenant 1 still waits: tenant 1, served longer ago, goes first.
  const auto b2 = queue(2, 40);
  finish(a2, "w");
  EXPECT_EQ(claim("w"), b2) << "tenant 2 was served before tenant 1's last turn";
  finish(b2, "w");
  EXPECT_EQ(claim("w"), a3);
  finish(a3, "w");
  EXPECT_EQ(claim("w"), "");
}

TEST_F(MediaQueueTest, ATenantRunsAtMostItsCapOfJobsOnEveryInstanceTogether) {
  const auto a1 = queue(1, 1), a2 = queue(1, 2), a3 = queue(1, 3);
  const auto b1 = queue(2, 30);
  // Two instances (their own worker names), a cap of two jobs per tenant.
  EXPECT_EQ(claim("instance-1"), a1);
  EXPECT_EQ(claim("instance-2"), b1) << "tenant 2's turn";
  EXPECT_EQ(claim("instance-2"), a2);
  EXPECT_EQ(claim("instance-1"), "") << "tenant 1 runs two already; tenant 2 has none queued";
  // The claim itself refuses a third, whatever its caller read before.
  const std::string now = db::utc_timestamp(), lease = db::utc_timestamp(std::chrono::system_clock::now() + std::chrono::minutes(1));
  EXPECT_FALSE(repository_->claim({1, a3}, "instance-3", lease, now, 2));
  // One ends: the third may run.
  finish(a1, "instance-1");
  EXPECT_EQ(claim("instance-3"), a3);
  // A job whose lease lapsed no longer counts, and is claimable again.
  db_->execute("UPDATE media_jobs SET claimed_until = '2000-01-01T00:00:00Z' WHERE id = $1", {a2});
  EXPECT_EQ(claim("instance-1"), a2) << "taken over";
}

TEST_F(MediaQueueTest, AnInstanceRunsSeveralJobsAtOnceAndStopHandsThemAllBack) {
  service_->set_workers(Workers{3, 2});
  service_->set_test_delay(std::chrono::milliseconds(3000));
  // Three files that are no media: each job fails at once after the test's delay. Side by side, not one after
  // another: all three are running at one moment (seen in the database, not timed).
  queue(1, 1);
  queue(1, 2);
  queue(2, 3);
  int ran = 0;
  std::thread runner([&] { ran = service_->run_due(); });
  std::int64_t most = 0;
  for (int i = 0; i < 250 && most < 3; ++i) {
    most = std::max(most, db_->query("SELECT count(*) FROM media_jobs WHERE state = 'running'")[0].integer(0));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  runner.join();
  EXPECT_EQ(most, 3) << "three jobs running at once";
  EXPECT_EQ(ran, 3);
  EXPECT_EQ(db_->query("SELECT count(*) FROM media_jobs WHERE state = 'failed'")[0].integer(0), 3);

  // Stopped mid-way: every job under way goes back to the queue, its attempt not counted.
  const auto x = queue(1, 10), y = queue(2, 11);
  service_->set_test_delay(std::chrono::milliseconds(20000));
  std::thread worker([&] { service_->run_due(); });
  for (int i = 0; i < 250 && db_->query("SELECT count(*) FROM media_jobs WHERE state = 'running'")[0].integer(0) < 2; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(db_->query("SELECT count(*) FROM media_jobs WHERE state = 'running'")[0].integer(0), 2);
  service_->stop();
  worker.join();
  for (const auto& [tenant, id] : {std::pair{1, x}, std::pair{2, y}}) {
    const auto job = repository_->job(tenant, id);
    ASSERT_TRUE(job);
    EXPECT_EQ(job->state, JobState::queued);
    EXPECT_EQ(job->attempts, 0);
  }
}

}  // namespace
}  // namespace portal::media

// Issue 71 item 4: replaced media is garbage from its replacement on, removed from the store once nothing of its
// tenant has named it for the grace period (never while something does, never the shared media), and the bytes
// of a tenant's finished media are counted against its quota until then.
namespace portal::media {
namespace {

class MediaGarbageTest : public MediaServiceTest {
 protected:
  void SetUp() override {
    MediaServiceTest::SetUp();
    Limits limits;  // chunks as large as a request allows: a picture goes up in one
    limits.tenant_stored_bytes = 1'000'000;
    limits.removal_grace_seconds = 24 * 3600;
    garbage_service_ = std::make_unique<MediaService>(*repository_, *store_, dir_ / "work", limits, clock_);
    store_->put("audio/500.mp3", "shared demo media");  // what article 500 plays: the demo's, no job's
  }
  void TearDown() override {
    garbage_service_.reset();
    MediaServiceTest::TearDown();
  }
  // A picture made into article 500's cover (or the tenant's logo) by a job run to the end.
  Job publish(const std::string& purpose = "cover", int side = 64) {
    std::string bytes = "P6\n" + std::to_string(side) + " " + std::to_string(side) + "\n255\n";
    bytes += std::string(static_cast<std::size_t>(side * side * 3), '\x5a');
    const std::int64_t size = static_cast<std::int64_t>(bytes.size());
    auto u = garbage_service_->begin(1, NewUpload{purpose == "cover" ? 500 : 0, "artwork", "p.ppm", size, purpose},
                                     "staff-1", {});
    EXPECT_TRUE(u) << (u ? "" : u.error().message);
    if (!u) return {};
    auto done = garbage_service_->receive(1, u->id, Chunk{0, size, bytes}, {});
    EXPECT_TRUE(done && done->job_id);
    EXPECT_EQ(garbage_service_->run_due(), 1);
    auto job = *garbage_service_->job(1, *done->job_id);
    EXPECT_EQ(job.state, JobState::done) << job.error.value_or("");
    return job;
  }
  bool in_store(const Job& job) const { return fs::exists(dir_ / "media" / MediaService::published_folder(job)); }
  std::int64_t stored_bytes() { return db_->query("SELECT COALESCE(SUM(stored_bytes), 0) FROM media_jobs WHERE tenant_id = 1")[0].integer(0); }
  std::int64_t garbage_rows() { return db_->query("SELECT count(*) FROM media_garbage")[0].integer(0); }

  std::unique_ptr<MediaService> garbage_service_;
};

TEST_F(MediaGarbageTest, ReplacedMediaIsRemovedAfterTheGraceButNeverWhileAnArticleNamesIt) {
  const Job first = publish();
  EXPECT_EQ(garbage_rows(), 0) << "nothing replaced yet";
  EXPECT_GT(first.media_path->size(), 0u);
  const std::int64_t one = stored_bytes();
  EXPECT_GT(one, 100) << "the job's bytes in the store are counted when it finishes";
  const Job second = publish();
  EXPECT_EQ(garbage_rows(), 1) << "the replaced cover is recorded in the transaction that publishes the new one";
  // The article names the new cover once, written through ArticleDocument (catalog::store_member); its media as it was.
  const auto doc = boost::json::parse(db_->query("SELECT doc FROM catalog_articles WHERE tenant_id = 1 AND id = 500")[0].text(0));
  EXPECT_EQ(boost::json::serialize(doc.at("artworks")),
            R"([{"url":"/media/generated/)" + *second.media_path + R"(","artworkClass":"COVER","orientation":"Square"}])");
  EXPECT_EQ(boost::json::serialize(doc.at("media")), R"({"type":"audio","path":"audio/500.mp3"})");
  EXPECT_GT(stored_bytes(), one);

  // The first look finds it unused; it stays for the grace period.
  EXPECT_EQ(garbage_service_->remove_garbage(), 0);
  clock_.advance(std::chrono::hours(23));
  EXPECT_EQ(garbage_service_->remove_garbage(), 0);
  EXPECT_TRUE(in_store(first));
  // Another article of the tenant names it meanwhile (an editor pointed it there): kept, and its grace starts again.
  db_->execute("INSERT INTO catalog_articles (tenant_id, id, content_type, section, doc) VALUES (1, 501, 'image', "
               "'music', $1)", {"{\"artworks\":[{\"url\":\"/media/generated/" + *first.media_path + "\"}]}"});
  clock_.advance(std::chrono::hours(2));
  EXPECT_EQ(garbage_service_->remove_garbage(), 0);
  EXPECT_TRUE(in_store(first)) << "named by article 501";
  clock_.advance(std::chrono::hours(48));
  EXPECT_EQ(garbage_service_->remove_garbage(), 0);
  EXPECT_TRUE(in_store(first)) << "still named";
  // No longer named: removed once unused for the grace period, its bytes no longer counted.
  db_->execute("DELETE FROM catalog_articles WHERE tenant_id = 1 AND id = 501");
  clock_.advance(std::chrono::hours(1));
  EXPECT_EQ(garbage_service_->remove_garbage(), 0) << "the first look that finds it unused";
  clock_.advance(std::chrono::hours(23));
  EXPECT_EQ(garbage_service_->remove_garbage(), 0);
  EXPECT_TRUE(in_store(first));
  clock_.advance(std::chrono::hours(1));
  EXPECT_EQ(garbage_service_->remove_garbage(), 1);
  EXPECT_FALSE(in_store(first));
  EXPECT_TRUE(in_store(second)) << "the cover in use stays";
  EXPECT_EQ(garbage_rows(), 0);
  const auto purged = *repository_->job(1, first.id);
  EXPECT_EQ(db_->query("SELECT stored_bytes FROM media_jobs WHERE id = $1", {first.id})[0].integer(0), 0);
  EXPECT_EQ(stored_bytes(), db_->query("SELECT stored_bytes FROM media_jobs WHERE id = $1", {second.id})[0].integer(0));
  EXPECT_EQ(purged.state, JobState::done);
  // Removing it twice (another instance's sweep, a takeover) breaks nothing.
  store_->remove_folder(MediaService::published_folder(first));
  EXPECT_EQ(garbage_service_->remove_garbage(), 0);
  // A third cover: the second is garbage now, the first is not recorded again; the demo's media never is.
  const Job third = publish();
  EXPECT_EQ(garbage_rows(), 1);
  clock_.advance(std::chrono::hours(1));
  garbage_service_->remove_garbage();
  clock_.advance(std::chrono::hours(25));
  EXPECT_EQ(garbage_service_->remove_garbage(), 1);
  EXPECT_FALSE(in_store(second));
  EXPECT_TRUE(in_store(third));
  EXPECT_EQ(store_->get("audio/500.mp3"), "shared demo media");
}

TEST_F(MediaGarbageTest, AReplacedLogoStaysWhileTheSettingsNameIt) {
  const Job first = publish("logo", 200);
  db_->execute("UPDATE tenants SET settings = $1 WHERE id = 1",
               {"{\"images\":{\"logo\":\"/media/generated/" + *first.media_path + "\"}}"});
  const Job second = publish("logo", 200);
  EXPECT_EQ(garbage_rows(), 1);
  garbage_service_->remove_garbage();
  clock_.advance(std::chrono::hours(30));
  EXPECT_EQ(garbage_service_->remove_garbage(), 0);
  EXPECT_TRUE(in_store(first)) << "the settings still show it";
  // The owner saves the settings with the new logo: the old one goes a grace period later.
  db_->execute("UPDATE tenants SET settings = $1 WHERE id = 1",
               {"{\"images\":{\"logo\":\"/media/generated/" + *second.media_path + "\"}}"});
  clock_.advance(std::chrono::hours(1));
  EXPECT_EQ(garbage_service_->remove_garbage(), 0);
  clock_.advance(std::chrono::hours(24));
  EXPECT_EQ(garbage_service_->remove_garbage(), 1);
  EXPECT_FALSE(in_store(first));
  EXPECT_TRUE(in_store(second));
}

TEST_F(MediaGarbageTest, ATenantsFinishedMediaIsBoundedByItsStoredBytesQuota) {
  publish();
  const std::int64_t used = stored_bytes();
  // An upload that would pass the quota with what is stored: refused, with the quota and the bytes used.
  auto over = garbage_service_->begin(1, NewUpload{500, "artwork", "big.ppm", 1'000'000 - used + 1}, "staff-1", {});
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().code, ErrorCode::storage_quota_exceeded);
  EXPECT_EQ(over.error().limit, 1'000'000);
  EXPECT_EQ(over.error().used, used);
  EXPECT_TRUE(garbage_service_->begin(1, NewUpload{500, "artwork", "fits.ppm", 1'000'000 - used}, "staff-1", {}));
  // Another tenant's quota is its own.
  db_->execute("INSERT INTO catalog_articles (tenant_id, id, content_type, section, doc) VALUES (2, 500, 'image', "
               "'music', '{}')");
  EXPECT_TRUE(garbage_service_->begin(2, NewUpload{500, "artwork", "theirs.ppm", 1'000'000}, "staff-1", {}));
}

// A job killed with its instance leaves its work folder; the sweep removes it once no claim holds it, and leaves a
// running job's folder (on any instance) and one made too recently to be sure (issue 76 item 5).
TEST_F(MediaQueueTest, WorkFoldersNoClaimHoldsAreRemoved) {
  const std::string running = queue(1, 1), killed = queue(1, 2);
  ASSERT_EQ(claim("instance-a"), running);
  ASSERT_EQ(claim("instance-b"), killed);
  // instance-b was killed: its lease ran out (the job is due again, to be taken over).
  db_->execute("UPDATE media_jobs SET claimed_until = '2000-01-01T00:00:00Z' WHERE id = $1", {killed});
  const auto attempts = [&](const std::string& id) {
    return std::to_string(db_->query("SELECT attempts FROM media_jobs WHERE id = $1", {id})[0].integer(0));
  };
  const fs::path work = dir_ / "work";
  const auto old = fs::file_time_type::clock::now() - std::chrono::hours(1);
  for (const std::string& name : {running + "-" + attempts(running), killed + "-" + attempts(killed), std::string("left-1")}) {
    fs::create_directories(work / name / "out");
    std::ofstream(work / name / "out" / "segment.ts") << "bytes";
    fs::last_write_time(work / name, old);
  }
  fs::create_directories(work / "just-made-1");  // a claim this look may not have seen yet
  EXPECT_EQ(service_->clean_work_folders(), 2);
  EXPECT_TRUE(fs::exists(work / (running + "-" + attempts(running))));
  EXPECT_FALSE(fs::exists(work / (killed + "-" + attempts(killed))));
  EXPECT_FALSE(fs::exists(work / "left-1"));
  EXPECT_TRUE(fs::exists(work / "just-made-1"));
  EXPECT_EQ(service_->clean_work_folders(), 0);
}

}  // namespace
}  // namespace portal::media
