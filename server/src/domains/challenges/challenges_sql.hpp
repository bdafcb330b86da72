#pragma once
// The challenges statements (tables challenge_step_hits and reward_ledger,
// migration 0019; the catalog's catalog_challenges and
// catalog_challenge_optins are read). Every one filters by tenant_id ($1).
#include <string_view>

namespace portal::challenges::sql {

// The user an event names by its public userId.
inline constexpr std::string_view kUserOfPublicId = "SELECT uuid FROM users WHERE tenant_id = $1 AND user_id = $2";

// The challenges a user opted in to, with their documents.
#define PORTAL_PARTICIPATION_COLUMNS "c.id, c.game_id, c.doc, o.created_at AS opted_in_at"
inline constexpr std::string_view kParticipations =
    "SELECT " PORTAL_PARTICIPATION_COLUMNS " FROM catalog_challenge_optins o "
    "JOIN catalog_challenges c ON c.tenant_id = o.tenant_id AND c.id = o.challenge_id "
    "WHERE o.tenant_id = $1 AND o.user_uuid = $2 ORDER BY c.position, c.id";
inline constexpr std::string_view kParticipation =
    "SELECT " PORTAL_PARTICIPATION_COLUMNS " FROM catalog_challenge_optins o "
    "JOIN catalog_challenges c ON c.tenant_id = o.tenant_id AND c.id = o.challenge_id "
    "WHERE o.tenant_id = $1 AND o.user_uuid = $2 AND o.challenge_id = $3";
inline constexpr std::string_view kChallengeIds =
    "SELECT id FROM catalog_challenges WHERE tenant_id = $1 ORDER BY position, id";
inline constexpr std::string_view kChallenge =
    "SELECT id, game_id, doc FROM catalog_challenges WHERE tenant_id = $1 AND id = $2";

// A play counts once per step and key (the primary key decides).
inline constexpr std::string_view kInsertHit =
    "INSERT INTO challenge_step_hits (tenant_id, user_uuid, challenge_id, step_id, hit_key, event_id, created_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tenant_id, user_uuid, step_id, hit_key) DO NOTHING";
inline constexpr std::string_view kHitCounts =
    "SELECT step_id, COUNT(*) AS count FROM challenge_step_hits "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND challenge_id = $3 "
    "GROUP BY step_id";

// A credit lands once per user and source (the unique key decides, also
// between concurrent transactions).
inline constexpr std::string_view kInsertCredit =
    "INSERT INTO reward_ledger (id, tenant_id, user_uuid, currency, amount, source_key, challenge_id, step_id, "
    "created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) "
    "ON CONFLICT (tenant_id, user_uuid, source_key) DO NOTHING";
inline constexpr std::string_view kCreditedSteps =
    "SELECT step_id, created_at FROM reward_ledger WHERE tenant_id = $1 AND user_uuid = $2 AND challenge_id = $3 "
    "AND step_id IS NOT NULL";
inline constexpr std::string_view kBalance =
    "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) AS sum, COUNT(*) AS count FROM reward_ledger "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND currency = $3";
// Newest first ($4 limit, $5 offset; index reward_ledger_user_time).
inline constexpr std::string_view kLedger =
    "SELECT id, currency, amount, source_key, challenge_id, step_id, created_at FROM reward_ledger "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND currency = $3 ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5";

}  // namespace portal::challenges::sql
