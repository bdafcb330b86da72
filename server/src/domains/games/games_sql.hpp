#pragma once
// The game statements. Every one filters by tenant_id ($1).
#include <string_view>

namespace portal::games::sql {

inline constexpr std::string_view kInsertSession =
    "INSERT INTO game_sessions (id, tenant_id, article_id, user_uuid, kind, created_at, expires_at) "
    "VALUES ($2, $1, $3, $4, $5, $6, $7)";
inline constexpr std::string_view kSession =
    "SELECT id, tenant_id, article_id, user_uuid, kind, created_at, expires_at, best_score FROM game_sessions "
    "WHERE tenant_id = $1 AND id = $2";
// Only a higher score moves the session's best.
inline constexpr std::string_view kRaiseSessionBest =
    "UPDATE game_sessions SET best_score = $3 WHERE tenant_id = $1 AND id = $2 "
    "AND (best_score IS NULL OR best_score < $3)";
inline constexpr std::string_view kPruneSessions = "DELETE FROM game_sessions WHERE tenant_id = $1 AND expires_at < $2";

// Best per player per game: a conditional upsert, so concurrent posts keep the highest.
inline constexpr std::string_view kUpsertBest =
    "INSERT INTO game_scores (tenant_id, article_id, player, user_uuid, score, achieved_at) "
    "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant_id, article_id, player) DO UPDATE "
    "SET score = excluded.score, achieved_at = excluded.achieved_at WHERE excluded.score > game_scores.score";
// The top 10 with their ranks (equal scores share a rank; the earlier comes first).
inline constexpr std::string_view kTop =
    "SELECT RANK() OVER (ORDER BY s.score DESC) AS rank, s.player, s.score, COALESCE(u.name, '') AS name, "
    "COALESCE(u.last_name, '') AS last_name, COALESCE(u.user_id, '') AS user_id FROM game_scores s "
    "LEFT JOIN users u ON u.uuid = s.user_uuid AND u.tenant_id = s.tenant_id "
    "WHERE s.tenant_id = $1 AND s.article_id = $2 ORDER BY s.score DESC, s.achieved_at, s.player LIMIT 10";
inline constexpr std::string_view kBestOf =
    "SELECT score FROM game_scores WHERE tenant_id = $1 AND article_id = $2 AND player = $3";
// A rank is one more than the number of better scores.
inline constexpr std::string_view kRankOf =
    "SELECT COUNT(*) + 1 FROM game_scores WHERE tenant_id = $1 AND article_id = $2 AND score > $3";
inline constexpr std::string_view kPlayers =
    "SELECT COUNT(*) FROM game_scores WHERE tenant_id = $1 AND article_id = $2";

// ---- score posts (rate limit)
inline constexpr std::string_view kInsertAttempt =
    "INSERT INTO game_score_attempts (tenant_id, scope, subject, at) VALUES ($1, $2, $3, $4)";
inline constexpr std::string_view kAttemptsSince =
    "SELECT COUNT(*) AS count, MIN(at) AS first_at FROM game_score_attempts "
    "WHERE tenant_id = $1 AND scope = $2 AND subject = $3 AND at >= $4";
inline constexpr std::string_view kPruneAttempts = "DELETE FROM game_score_attempts WHERE tenant_id = $1 AND at < $2";

}  // namespace portal::games::sql
