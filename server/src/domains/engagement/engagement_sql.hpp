#pragma once
// The likes and ratings statements (tables likes and ratings, migration 0016).
// Every one filters by tenant_id ($1).
#include <string_view>

namespace portal::engagement::sql {

// A like that exists already stays as it was (its date too): POST is idempotent.
inline constexpr std::string_view kInsertLike =
    "INSERT INTO likes (tenant_id, user_uuid, article_id, content_type, created_at) VALUES ($1, $2, $3, $4, $5) "
    "ON CONFLICT (tenant_id, user_uuid, article_id) DO NOTHING";
inline constexpr std::string_view kLike =
    "SELECT article_id, content_type, created_at FROM likes WHERE tenant_id = $1 AND user_uuid = $2 AND article_id = $3";
inline constexpr std::string_view kDeleteLike =
    "DELETE FROM likes WHERE tenant_id = $1 AND user_uuid = $2 AND article_id = $3";
// A kind's page, newest first ($3..$5: its content types, the first repeated
// when it has fewer; index likes_newest). $6 limit, $7 offset.
inline constexpr std::string_view kLikesOfTypes =
    "SELECT article_id, content_type, created_at FROM likes WHERE tenant_id = $1 AND user_uuid = $2 "
    "AND content_type IN ($3, $4, $5) ORDER BY created_at DESC, article_id DESC LIMIT $6 OFFSET $7";
inline constexpr std::string_view kCountLikesOfTypes =
    "SELECT COUNT(*) FROM likes WHERE tenant_id = $1 AND user_uuid = $2 AND content_type IN ($3, $4, $5)";
// Every like of a user (the ids by kind), newest first, at most $3.
inline constexpr std::string_view kAllLikes =
    "SELECT article_id, content_type, created_at FROM likes WHERE tenant_id = $1 AND user_uuid = $2 "
    "ORDER BY created_at DESC, article_id DESC LIMIT $3";

// One rating per user and article: a second PUT updates it (the primary key decides, not the service).
inline constexpr std::string_view kUpsertRating =
    "INSERT INTO ratings (tenant_id, user_uuid, article_id, content_type, score, device_id, created_at, updated_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (tenant_id, user_uuid, article_id) DO UPDATE SET "
    "content_type = excluded.content_type, score = excluded.score, device_id = excluded.device_id, "
    "updated_at = excluded.updated_at";
inline constexpr std::string_view kRating =
    "SELECT article_id, content_type, score, device_id, updated_at FROM ratings "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND article_id = $3";
// An article's count and sum of scores (index ratings_article).
inline constexpr std::string_view kRatingSummary =
    "SELECT COUNT(*) AS count, COALESCE(SUM(score), 0) AS sum FROM ratings WHERE tenant_id = $1 AND article_id = $2";

}  // namespace portal::engagement::sql
