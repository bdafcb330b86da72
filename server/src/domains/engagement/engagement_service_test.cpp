// Likes and ratings against a migrated SQLite database: kinds and the content
// types they accept, idempotent like and unlike, guests' empty answers, the
// ids by kind, rating bounds, one rating per user and article (an upsert) with
// its average and count, the rating window, and tenant isolation.
#include "domains/engagement/engagement_service.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "db/migrations.hpp"
#include "db/test_database.hpp"
#include "domains/engagement/engagement_answers.hpp"
#include "domains/engagement/engagement_repository.hpp"

namespace portal::engagement {
namespace {

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

namespace fs = std::filesystem;

constexpr std::int64_t kTrack = 20001, kGame = 40001, kOnline = 40002, kAdult = 40003, kAlbum = 2102;

class EngagementServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-engagement");
    db_ = db::open_test_database(dir_, {{"u-ann", 1}, {"u-bob", 1}, {"u-cat", 2}});
    repository_ = std::make_unique<EngagementRepository>(*db_);
    service_ = std::make_unique<EngagementService>(
        *repository_,
        // Tenant 1 has every article; tenant 2 only the track. kAdult is rated 40.
        [](std::int64_t tenant, std::int64_t id, catalog::RatingRange window) -> std::optional<ArticleInfo> {
          if (tenant == 2 && id != kTrack) return std::nullopt;
          if (id == kTrack) return ArticleInfo{id, "full_track_music"};
          if (id == kGame) return ArticleInfo{id, "game"};
          if (id == kOnline) return ArticleInfo{id, "online_game"};
          if (id == kAlbum) return ArticleInfo{id, "album"};
          if (id == kAdult && window.allows(40)) return ArticleInfo{id, "game"};
          return std::nullopt;
        },
        [](std::int64_t, std::int64_t id, const std::string& lang) -> std::optional<catalog::ArticleDto> {
          catalog::ArticleDto article;
          article.id = id;
          article.title = lang;  // the language the answer was asked in
          return article;
        },
        clock_);
  }
  void TearDown() override {
    service_.reset();
    repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  fs::path dir_;
  core::ManualClock clock_;
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<EngagementRepository> repository_;
  std::unique_ptr<EngagementService> service_;
  const catalog::RatingRange all_{0, 60}, kids_{0, 20};
};

TEST(EngagementKinds, EveryKindOfCommerceMapsToCatalogTypes) {
  EXPECT_EQ(like_kinds().size(), 14u);
  for (auto kind : like_kinds()) EXPECT_TRUE(content_types_of(kind)) << kind;
  EXPECT_TRUE(kind_accepts("tracks", "full_track_music"));
  EXPECT_TRUE(kind_accepts("games", "online_game"));
  EXPECT_TRUE(kind_accepts("Online Game", "online_game"));
  EXPECT_TRUE(kind_accepts("videos", "music_video"));
  EXPECT_TRUE(kind_accepts("product", "voucher"));
  EXPECT_FALSE(kind_accepts("tracks", "album"));
  EXPECT_FALSE(content_types_of("songs"));
  EXPECT_FALSE(content_types_of("Tracks"));
}

TEST(EngagementRules, ScoresAreWholeStarsFromOneToFive) {
  EXPECT_TRUE(validate({kGame, "dev", 1, "game"}));
  EXPECT_TRUE(validate({kGame, "", 5, "game"}));
  for (std::int64_t bad : {0, 6, -1, 100}) {
    auto r = validate({kGame, "dev", bad, "game"});
    ASSERT_FALSE(r);
    EXPECT_EQ(wire(r).status, 400);
    EXPECT_EQ(wire(r).data.at("field").as_string(), "score");
  }
  auto long_device = validate({kGame, std::string(65, 'd'), 3, "game"});
  ASSERT_FALSE(long_device);
  EXPECT_EQ(wire(long_device).data.at("field").as_string(), "deviceId");
  EXPECT_DOUBLE_EQ(average_of({0, 0}), 0);
  EXPECT_DOUBLE_EQ(average_of({3, 10}), 3.3);
  EXPECT_DOUBLE_EQ(average_of({2, 9}), 4.5);
}

TEST_F(EngagementServiceTest, LikeIsIdempotentAndKeepsItsFirstDate) {
  auto first = service_->like(1, "u-ann", "tracks", kTrack, all_);
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_TRUE(first->liked);
  EXPECT_EQ(first->contentType, "full_track_music");
  clock_.advance(std::chrono::seconds(60));
  auto again = service_->like(1, "u-ann", "tracks", kTrack, all_);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->likedAt, first->likedAt);
  auto page = service_->liked(1, std::string("u-ann"), "tracks", 50, 0, "ar");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->total, 1);
  ASSERT_EQ(page->items.size(), 1u);
  EXPECT_EQ(page->items[0].article->title, "ar");

  auto gone = service_->unlike(1, "u-ann", "tracks", kTrack, all_);
  ASSERT_TRUE(gone);
  EXPECT_FALSE(gone->liked);
  auto gone_again = service_->unlike(1, "u-ann", "tracks", kTrack, all_);
  ASSERT_TRUE(gone_again);
  EXPECT_EQ(service_->liked(1, std::string("u-ann"), "tracks", 50, 0, "en")->total, 0);
}

TEST_F(EngagementServiceTest, KindsAndArticlesAreChecked) {
  auto unknown = service_->like(1, "u-ann", "songs", kTrack, all_);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(wire(unknown).data.at("field").as_string(), "type");
  auto wrong_kind = service_->like(1, "u-ann", "albums", kTrack, all_);
  ASSERT_FALSE(wrong_kind);
  EXPECT_EQ(wire(wrong_kind).code, "ARTICLE_NOT_FOUND");
  EXPECT_EQ(wire(service_->like(1, "u-ann", "games", 999, all_)).status, 404);
  // Outside the request's rating window the article does not exist.
  EXPECT_EQ(wire(service_->like(1, "u-ann", "games", kAdult, kids_)).code, "ARTICLE_NOT_FOUND");
  EXPECT_TRUE(service_->like(1, "u-ann", "games", kAdult, all_));
  // A like stays removable whatever the window.
  EXPECT_TRUE(service_->unlike(1, "u-ann", "games", kAdult, kids_));
  EXPECT_EQ(wire(service_->unlike(1, "u-ann", "games", 999, all_)).code, "ARTICLE_NOT_FOUND");
  EXPECT_FALSE(service_->liked(1, std::string("u-ann"), "games", 0, 0, "en"));
  EXPECT_FALSE(service_->liked(1, std::string("u-ann"), "games", 101, 0, "en"));
}

TEST_F(EngagementServiceTest, OneLikeShowsInEveryKindThatAcceptsIt) {
  ASSERT_TRUE(service_->like(1, "u-ann", "Online Game", kOnline, all_));
  clock_.advance(std::chrono::seconds(1));
  ASSERT_TRUE(service_->like(1, "u-ann", "games", kGame, all_));  // newer: first
  ASSERT_TRUE(service_->like(1, "u-ann", "albums", kAlbum, all_));
  auto ids = service_->liked_ids(1, std::string("u-ann"));
  EXPECT_EQ(ids.size(), 14u);
  EXPECT_EQ(ids["games"], (std::vector<std::int64_t>{kGame, kOnline}));
  EXPECT_EQ(ids["Online Game"], (std::vector<std::int64_t>{kOnline}));
  EXPECT_EQ(ids["CloudGame"], (std::vector<std::int64_t>{kOnline}));
  EXPECT_EQ(ids["albums"], (std::vector<std::int64_t>{kAlbum}));
  EXPECT_TRUE(ids["tracks"].empty());
  EXPECT_EQ(service_->liked(1, std::string("u-ann"), "games", 50, 0, "en")->total, 2);
}

TEST_F(EngagementServiceTest, GuestsGetEmptyAnswers) {
  ASSERT_TRUE(service_->like(1, "u-ann", "tracks", kTrack, all_));
  auto page = service_->liked(1, std::nullopt, "tracks", 50, 0, "en");
  ASSERT_TRUE(page);
  EXPECT_TRUE(page->items.empty());
  EXPECT_EQ(page->total, 0);
  for (const auto& [kind, list] : service_->liked_ids(1, std::nullopt)) EXPECT_TRUE(list.empty()) << kind;
  ASSERT_TRUE(service_->rate(1, "u-ann", {kGame, "d", 4, "game"}, all_));
  auto mine = service_->user_rating(1, std::nullopt, kGame, all_);
  ASSERT_TRUE(mine);
  EXPECT_FALSE(mine->score);
}

TEST_F(EngagementServiceTest, OneRatingPerUserAndArticleWithAverageAndCount) {
  auto first = service_->rate(1, "u-ann", {kGame, "dev-1", 2, "game"}, all_);
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_EQ(first->count, 1);
  EXPECT_DOUBLE_EQ(first->average, 2);
  auto changed = service_->rate(1, "u-ann", {kGame, "dev-1", 5, "game"}, all_);
  ASSERT_TRUE(changed);
  EXPECT_EQ(changed->count, 1);
  EXPECT_DOUBLE_EQ(changed->average, 5);
  auto bob = service_->rate(1, "u-bob", {kGame, "", 4, "game"}, all_);
  ASSERT_TRUE(bob);
  EXPECT_EQ(bob->count, 2);
  EXPECT_DOUBLE_EQ(bob->average, 4.5);
  auto summary = service_->summary(1, kGame, all_);
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->count, 2);
  EXPECT_DOUBLE_EQ(summary->average, 4.5);
  auto mine = service_->user_rating(1, std::string("u-ann"), kGame, all_);
  ASSERT_TRUE(mine);
  EXPECT_EQ(mine->score, 5);
  EXPECT_EQ(service_->user_rating(1, std::string("u-bob"), kTrack, all_)->score, std::nullopt);

  auto wrong_type = service_->rate(1, "u-ann", {kGame, "", 3, "album"}, all_);
  ASSERT_FALSE(wrong_type);
  EXPECT_EQ(wire(wrong_type).data.at("field").as_string(), "contentType");
  EXPECT_EQ(wire(service_->rate(1, "u-ann", {kGame, "", 6, "game"}, all_)).status, 400);
  EXPECT_EQ(wire(service_->rate(1, "u-ann", {999, "", 3, "game"}, all_)).code, "ARTICLE_NOT_FOUND");
  EXPECT_EQ(wire(service_->summary(1, kAdult, kids_)).code, "ARTICLE_NOT_FOUND");
}

TEST_F(EngagementServiceTest, TenantsDoNotShareLikesOrRatings) {
  ASSERT_TRUE(service_->like(1, "u-ann", "tracks", kTrack, all_));
  ASSERT_TRUE(service_->rate(1, "u-ann", {kTrack, "", 1, "full_track_music"}, all_));
  ASSERT_TRUE(service_->rate(2, "u-cat", {kTrack, "", 5, "full_track_music"}, all_));
  EXPECT_EQ(service_->summary(1, kTrack, all_)->average, 1);
  EXPECT_EQ(service_->summary(2, kTrack, all_)->average, 5);
  EXPECT_EQ(service_->summary(2, kTrack, all_)->count, 1);
  EXPECT_EQ(service_->liked(2, std::string("u-cat"), "tracks", 50, 0, "en")->total, 0);
  // Tenant 2 has no game 40001.
  EXPECT_EQ(wire(service_->like(2, "u-cat", "games", kGame, all_)).code, "ARTICLE_NOT_FOUND");
}

TEST_F(EngagementServiceTest, ErrorsAreDomainCodesWithoutStatus) {
  auto unknown = service_->like(1, "u-ann", "songs", kTrack, all_);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, ErrorCode::invalid_field);
  EXPECT_EQ(unknown.error().field, "type");
  auto limit = service_->liked(1, std::string("u-ann"), "games", 101, 0, "en");
  ASSERT_FALSE(limit);
  EXPECT_EQ(limit.error().field, "limit");
  EXPECT_EQ(wire(limit).data.at("reason").as_string(), "must be from 1 to 100");
  EXPECT_EQ(service_->like(1, "u-ann", "albums", kTrack, all_).error().code, ErrorCode::article_not_found);
  EXPECT_EQ(service_->summary(1, kAdult, kids_).error().code, ErrorCode::article_not_found);
  EXPECT_EQ(http_error(Error::of(ErrorCode::article_not_found, "m")).status, 404);
}

}  // namespace
}  // namespace portal::engagement
