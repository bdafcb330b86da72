#pragma once
// Likes and ratings of catalog articles (commerce §3 "Liked entities", §4
// "Likes", §7 like and rating calls; docs/contracts.md "Likes and ratings").
// Rows as stored, service inputs and wire shapes; no SQL or HTTP types.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domains/catalog/catalog_dto.hpp"

namespace portal::engagement {

// docs/decisions.md "Ratings": whole stars, 1 to 5 (the migration checks it too).
inline constexpr int kMinScore = 1;
inline constexpr int kMaxScore = 5;
inline constexpr std::size_t kMaxDeviceIdLength = 64;
// A kind's list page (GET /like/{type}): limit 1..100, default 50.
inline constexpr std::int64_t kLikePageSize = 50;
inline constexpr std::int64_t kMaxLikePageSize = 100;

// What the service needs of a catalog article visible to the request.
struct ArticleInfo {
  std::int64_t id = 0;
  std::string content_type;
};

// Rows as stored.
struct LikeRecord {
  std::int64_t article_id = 0;
  std::string content_type;
  std::string created_at;
};

struct RatingRecord {
  std::int64_t article_id = 0;
  std::string content_type;
  int score = 0;
  std::string device_id;
  std::string updated_at;
};

struct RatingSummary {
  std::int64_t count = 0;
  std::int64_t sum = 0;
};

// PUT /rating.
struct RatingInput {
  std::int64_t article_id = 0;
  std::string device_id;
  std::int64_t score = 0;
  std::string content_type;
};

// A kind's list: entries with the article's answer (null when it left the catalog).
struct LikedItem {
  LikeRecord like;
  std::optional<catalog::ArticleDto> article;
};
struct LikedPage {
  std::vector<LikedItem> items;
  std::int64_t total = 0;
  std::int64_t offset = 0;
};

// Wire shapes.
struct LikeDto {
  std::int64_t id = 0;  // the article id
  std::string type;     // the kind of the call
  std::string contentType;
  bool liked = false;
  std::string likedAt;  // "" when not liked
};
BOOST_DESCRIBE_STRUCT(LikeDto, (), (id, type, contentType, liked, likedAt))

struct LikedEntryDto {
  std::int64_t id = 0;
  std::string contentType;
  std::string likedAt;
  std::optional<catalog::ArticleDto> article;  // null when it left the catalog
};
BOOST_DESCRIBE_STRUCT(LikedEntryDto, (), (id, contentType, likedAt, article))

struct UserRatingDto {
  std::int64_t articleId = 0;
  std::optional<int> score;               // null: not rated (or a guest)
  std::optional<std::string> contentType;
  std::optional<std::string> updatedAt;
};
BOOST_DESCRIBE_STRUCT(UserRatingDto, (), (articleId, score, contentType, updatedAt))

struct RatingSummaryDto {
  std::int64_t articleId = 0;
  double average = 0;  // one decimal; 0 when count is 0
  std::int64_t count = 0;
  int min = kMinScore;
  int max = kMaxScore;
};
BOOST_DESCRIBE_STRUCT(RatingSummaryDto, (), (articleId, average, count, min, max))

struct RatedDto {
  std::int64_t articleId = 0;
  int score = 0;
  std::string contentType;
  std::string updatedAt;
  double average = 0;
  std::int64_t count = 0;
};
BOOST_DESCRIBE_STRUCT(RatedDto, (), (articleId, score, contentType, updatedAt, average, count))

}  // namespace portal::engagement
