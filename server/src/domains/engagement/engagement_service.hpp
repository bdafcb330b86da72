#pragma once
// Likes and ratings (commerce §3 "Liked entities", §4 "Likes", §6 roles, §7
// like and rating calls; docs/contracts.md "Likes and ratings"). A like or a
// rating is of a catalog article the request may see (its rating window);
// guests read empty answers. Expected failures are engagement::Error values
// (engagement_errors.hpp; the statuses below are what engagement_answers.cpp
// answers them with); blocking (database pool). Knows no HTTP.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "domains/catalog/catalog_types.hpp"
#include "domains/engagement/engagement_errors.hpp"
#include "domains/engagement/engagement_repository.hpp"
#include "domains/engagement/engagement_types.hpp"

namespace portal::engagement {

// The kinds of commerce §3 in the spec's spelling ("tracks", ..., "Online Game", ..., "product").
const std::vector<std::string_view>& like_kinds();
// The catalog content types a kind accepts; nullopt for an unknown kind.
std::optional<TypeSet> content_types_of(std::string_view kind);
// Whether a kind accepts a content type.
bool kind_accepts(std::string_view kind, std::string_view content_type);

// PUT /rating checks: VALIDATION_ERROR naming score (whole, 1..5),
// deviceId (at most 64 characters) or contentType (required).
Result<RatingInput> validate(RatingInput in);

// One decimal of sum / count; 0 when count is 0.
double average_of(const RatingSummary& s);

class EngagementService {
 public:
  // An article of the tenant inside the rating window; nullopt when there is none.
  using ArticleLookup =
      std::function<std::optional<ArticleInfo>(std::int64_t tenant_id, std::int64_t id, catalog::RatingRange rating)>;
  // The Article answer in lang; nullopt when the article left the catalog.
  using AnswerLookup =
      std::function<std::optional<catalog::ArticleDto>(std::int64_t tenant_id, std::int64_t id, const std::string& lang)>;

  EngagementService(EngagementRepository& repository, ArticleLookup articles, AnswerLookup answers,
                    const core::Clock& clock);

  // POST /like/{type}/{id}: idempotent (a second like keeps the first's date).
  // A validation error naming type (unknown kind); ARTICLE_NOT_FOUND (unknown, outside
  // the window, or not of that kind).
  Result<LikeDto> like(std::int64_t tenant_id, const std::string& user_uuid, std::string_view kind,
                       std::int64_t article_id, catalog::RatingRange rating);
  // DELETE /like/{type}/{id}: idempotent; a like of an article that left the
  // catalog is still removed. A validation error naming type; ARTICLE_NOT_FOUND when there
  // was no like and no such article either.
  Result<LikeDto> unlike(std::int64_t tenant_id, const std::string& user_uuid, std::string_view kind,
                         std::int64_t article_id, catalog::RatingRange rating);
  // GET /like/{type}: the kind's likes, newest first; guests (nullopt) get an
  // empty page. A validation error naming type, limit (1..100) or offset (>= 0).
  // Liked articles rated above max_rating (the caller's parental limit) are left out.
  Result<LikedPage> liked(std::int64_t tenant_id, const std::optional<std::string>& user_uuid,
                          std::string_view kind, std::int64_t limit, std::int64_t offset,
                          const std::string& lang, int max_rating = 1000);
  // GET /like: every kind with its liked ids (commerce §3), newest first; guests get empty lists.
  std::map<std::string, std::vector<std::int64_t>> liked_ids(std::int64_t tenant_id,
                                                             const std::optional<std::string>& user_uuid);

  // GET /rating/user/article/{id}: the caller's score or null (guests: null).
  // ARTICLE_NOT_FOUND.
  Result<UserRatingDto> user_rating(std::int64_t tenant_id, const std::optional<std::string>& user_uuid,
                                    std::int64_t article_id, catalog::RatingRange rating);
  // PUT /rating: one rating per user and article (an upsert); answers the new
  // average and count. Invalid as validate() says, or naming contentType when it
  // is not the article's; ARTICLE_NOT_FOUND.
  Result<RatedDto> rate(std::int64_t tenant_id, const std::string& user_uuid, RatingInput input,
                        catalog::RatingRange rating);
  // GET /rating/article/{id}: average and count. ARTICLE_NOT_FOUND.
  Result<RatingSummaryDto> summary(std::int64_t tenant_id, std::int64_t article_id, catalog::RatingRange rating);

 private:

  EngagementRepository& repository_;
  ArticleLookup articles_;
  AnswerLookup answers_;
  const core::Clock& clock_;
};

}  // namespace portal::engagement
