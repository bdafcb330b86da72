#include "domains/media/media_service.hpp"

#include <gtest/gtest.h>

#include <filesystem>

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
  auto due = repository_->due(now, 10);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_TRUE(repository_->claim(due[0], "worker-a", later, now));
  EXPECT_FALSE(repository_->claim(due[0], "worker-b", later, now));  // taken
  EXPECT_TRUE(repository_->due(now, 10).empty());
  auto job = repository_->job(1, due[0].id);
  ASSERT_TRUE(job);
  EXPECT_FALSE(repository_->progress(*job, "worker-b", 50, later, now));  // not its claim
  EXPECT_TRUE(repository_->progress(*job, "worker-a", 50, later, now));
  // worker-a stopped: once its lease has ended the job is due again, and claimable by one.
  const std::string after_lease = db::utc_timestamp(std::chrono::system_clock::now() + std::chrono::minutes(11));
  ASSERT_EQ(repository_->due(after_lease, 10).size(), 1u);
  EXPECT_TRUE(repository_->claim(due[0], "worker-b", db::utc_timestamp(std::chrono::system_clock::now() + std::chrono::minutes(21)), after_lease));
  EXPECT_FALSE(repository_->claim(due[0], "worker-c", after_lease, after_lease));
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
