#include "domains/engagement/engagement_service.hpp"

#include "domains/parental_control/parental_control_rules.hpp"

#include <algorithm>
#include <cmath>

#include "db/timestamp.hpp"

namespace portal::engagement {

namespace {

// commerce §3 "Liked entities" and the catalog content types each accepts
// (docs/decisions.md "Likes"). The catalog has no cloud games: CloudGame takes
// the games played in the browser, like "Online Game".
struct Kind {
  std::string_view name;
  TypeSet types;
};
constexpr Kind kKinds[] = {
    {"tracks", {"full_track_music", "full_track_music", "full_track_music"}},
    {"playlists", {"playlist", "playlist", "playlist"}},
    {"albums", {"album", "album", "album"}},
    {"artists", {"artist", "artist", "artist"}},
    {"games", {"game", "online_game", "game"}},
    {"videos", {"full_length_video", "video", "music_video"}},
    {"Online Game", {"online_game", "online_game", "online_game"}},
    {"videoCollection", {"videocollection", "videocollection", "videocollection"}},
    {"podcast", {"podcast", "podcast", "podcast"}},
    {"podcastCollection", {"podcastcollection", "podcastcollection", "podcastcollection"}},
    {"audiobook", {"audiobook", "audiobook", "audiobook"}},
    {"audiobookChapter", {"audio_book_chapter", "audio_book_chapter", "audio_book_chapter"}},
    {"CloudGame", {"online_game", "online_game", "online_game"}},
    {"product", {"voucher", "voucherbook", "app"}},
};

// The ids by kind answer holds at most this many likes (the newest).
constexpr std::int64_t kMaxLikedIds = 5000;

Error unknown_kind() {
  return Error::invalid("type",
                        "must be one of tracks, playlists, albums, artists, games, videos, Online Game, "
                        "videoCollection, podcast, podcastCollection, audiobook, audiobookChapter, "
                        "CloudGame, product");
}

Error article_not_found(std::int64_t id) {
  return Error::of(ErrorCode::article_not_found, "Article " + std::to_string(id) + " not found");
}

Error not_of_kind(std::int64_t id, std::string_view kind) {
  return Error::of(ErrorCode::article_not_found,
                   "No " + std::string(kind) + " article " + std::to_string(id) + " found");
}

}  // namespace

const std::vector<std::string_view>& like_kinds() {
  static const std::vector<std::string_view> kinds = [] {
    std::vector<std::string_view> out;
    for (const auto& k : kKinds) out.push_back(k.name);
    return out;
  }();
  return kinds;
}

std::optional<TypeSet> content_types_of(std::string_view kind) {
  for (const auto& k : kKinds)
    if (k.name == kind) return k.types;
  return std::nullopt;
}

bool kind_accepts(std::string_view kind, std::string_view content_type) {
  auto types = content_types_of(kind);
  return types && std::find(types->begin(), types->end(), content_type) != types->end();
}

Result<RatingInput> validate(RatingInput in) {
  if (in.score < kMinScore || in.score > kMaxScore)
    return Error::invalid("score", "must be a whole number from 1 to 5");
  if (in.device_id.size() > kMaxDeviceIdLength)
    return Error::invalid("deviceId", "must be at most 64 characters");
  for (unsigned char c : in.device_id)
    if (c < 0x20 || c == 0x7f) return Error::invalid("deviceId", "must not contain control characters");
  if (in.content_type.empty()) return Error::invalid("contentType", "is required");
  return in;
}

double average_of(const RatingSummary& s) {
  if (s.count <= 0) return 0;
  return std::round(static_cast<double>(s.sum) * 10 / static_cast<double>(s.count)) / 10;
}

EngagementService::EngagementService(EngagementRepository& repository, ArticleLookup articles, AnswerLookup answers,
                                     const core::Clock& clock)
    : repository_(repository), articles_(std::move(articles)), answers_(std::move(answers)), clock_(clock) {}


Result<LikeDto> EngagementService::like(std::int64_t tenant_id, const std::string& user_uuid,
                                        std::string_view kind, std::int64_t article_id,
                                        catalog::RatingRange rating) {
  if (!content_types_of(kind)) return unknown_kind();
  auto article = articles_(tenant_id, article_id, rating);
  if (!article) return article_not_found(article_id);
  if (!kind_accepts(kind, article->content_type)) return not_of_kind(article_id, kind);
  repository_.add_like(tenant_id, user_uuid, article_id, article->content_type, clock_.now_text());
  auto stored = repository_.like(tenant_id, user_uuid, article_id);
  return LikeDto{article_id, std::string(kind), article->content_type, true, stored ? stored->created_at : clock_.now_text()};
}

Result<LikeDto> EngagementService::unlike(std::int64_t tenant_id, const std::string& user_uuid,
                                          std::string_view kind, std::int64_t article_id,
                                          catalog::RatingRange rating) {
  if (!content_types_of(kind)) return unknown_kind();
  auto existing = repository_.like(tenant_id, user_uuid, article_id);
  if (existing) {
    repository_.remove_like(tenant_id, user_uuid, article_id);
    return LikeDto{article_id, std::string(kind), existing->content_type, false, ""};
  }
  auto article = articles_(tenant_id, article_id, rating);
  if (!article) return article_not_found(article_id);
  if (!kind_accepts(kind, article->content_type)) return not_of_kind(article_id, kind);
  return LikeDto{article_id, std::string(kind), article->content_type, false, ""};
}

Result<LikedPage> EngagementService::liked(std::int64_t tenant_id, const std::optional<std::string>& user_uuid,
                                           std::string_view kind, std::int64_t limit, std::int64_t offset,
                                           const std::string& lang, int max_rating) {
  auto types = content_types_of(kind);
  if (!types) return unknown_kind();
  if (limit < 1 || limit > kMaxLikePageSize) return Error::invalid("limit", "must be from 1 to 100");
  if (offset < 0) return Error::invalid("offset", "must be 0 or more");
  LikedPage page;
  page.offset = offset;
  if (!user_uuid) return page;
  page.total = repository_.count_likes(tenant_id, *user_uuid, *types);
  for (auto& like : repository_.likes(tenant_id, *user_uuid, *types, limit, offset)) {
    auto answer = answers_(tenant_id, like.article_id, lang);
    if (answer && !parental_control::rating_allowed(answer->rating, max_rating)) continue;
    page.items.push_back({std::move(like), std::move(answer)});
  }
  return page;
}

std::map<std::string, std::vector<std::int64_t>> EngagementService::liked_ids(
    std::int64_t tenant_id, const std::optional<std::string>& user_uuid) {
  std::map<std::string, std::vector<std::int64_t>> out;
  for (const auto& k : kKinds) out[std::string(k.name)];
  if (!user_uuid) return out;
  for (const auto& like : repository_.all_likes(tenant_id, *user_uuid, kMaxLikedIds))
    for (const auto& k : kKinds)
      if (kind_accepts(k.name, like.content_type)) out[std::string(k.name)].push_back(like.article_id);
  return out;
}

Result<UserRatingDto> EngagementService::user_rating(std::int64_t tenant_id,
                                                     const std::optional<std::string>& user_uuid,
                                                     std::int64_t article_id, catalog::RatingRange rating) {
  if (!articles_(tenant_id, article_id, rating)) return article_not_found(article_id);
  UserRatingDto dto;
  dto.articleId = article_id;
  if (!user_uuid) return dto;
  if (auto r = repository_.rating(tenant_id, *user_uuid, article_id)) {
    dto.score = r->score;
    dto.contentType = r->content_type;
    dto.updatedAt = r->updated_at;
  }
  return dto;
}

Result<RatedDto> EngagementService::rate(std::int64_t tenant_id, const std::string& user_uuid,
                                         RatingInput input, catalog::RatingRange rating) {
  auto in = validate(std::move(input));
  if (!in) return in.error();
  auto article = articles_(tenant_id, in->article_id, rating);
  if (!article) return article_not_found(in->article_id);
  if (article->content_type != in->content_type)
    return Error::invalid("contentType", "is not the article's content type (" + article->content_type + ")");
  const auto at = clock_.now_text();
  RatingRecord record{in->article_id, article->content_type, static_cast<int>(in->score), in->device_id, at};
  repository_.upsert_rating(tenant_id, user_uuid, record, at);
  const auto s = repository_.summary(tenant_id, in->article_id);
  return RatedDto{in->article_id, record.score, record.content_type, at, average_of(s), s.count};
}

Result<RatingSummaryDto> EngagementService::summary(std::int64_t tenant_id, std::int64_t article_id,
                                                    catalog::RatingRange rating) {
  if (!articles_(tenant_id, article_id, rating)) return article_not_found(article_id);
  const auto s = repository_.summary(tenant_id, article_id);
  return RatingSummaryDto{article_id, average_of(s), s.count, kMinScore, kMaxScore};
}

}  // namespace portal::engagement
