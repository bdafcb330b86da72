#pragma once
// The privacy domain's SQL: $1 is always the tenant, $2 the user's uuid.
#include <array>
#include <string_view>

namespace portal::privacy::sql {

// ---- the account
inline constexpr std::string_view kAccountByUuid =
    "SELECT uuid, user_id, email, msisdn, selected_lang, "
    "CASE WHEN password_hash IS NULL THEN 0 ELSE 1 END AS has_password "
    "FROM users WHERE tenant_id = $1 AND uuid = $2 AND deleted_at IS NULL";
inline constexpr std::string_view kSessionCreated =
    "SELECT created_at FROM auth_sessions WHERE tenant_id = $1 AND user_uuid = $2 AND id = $3 AND revoked_at IS NULL";

// ---- the export (never password_hash, pin_hash, token hashes, session or device cookie ids). Each column is
// named as the export's member it fills (privacy_dto.hpp: camelCase, which PostgreSQL folds and the reader matches).
inline constexpr std::string_view kProfile =
    "SELECT user_id AS userId, email, msisdn, name, last_name AS lastName, user_information AS userInformation, "
    "alternat_theme AS alternatTheme, selected_lang AS selectedLang, "
    "CASE WHEN password_hash IS NULL THEN 0 ELSE 1 END AS hasPassword, created_at AS createdAt, "
    "updated_at AS updatedAt FROM users WHERE tenant_id = $1 AND uuid = $2";
inline constexpr std::string_view kSubscriptions =
    "SELECT id, type_id AS typeId, state, sub_state AS subState, trial, cancel_requested AS cancelRequested, "
    "start_date AS startDate, end_date AS endDate, next_renewal_date AS nextRenewalDate, "
    "payment_option AS paymentOption, created_at AS createdAt FROM user_subscriptions "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY created_at, id";
inline constexpr std::string_view kSubscriptionEvents =
    "SELECT e.subscription_id, e.from_state AS fromState, e.to_state AS toState, e.reason, e.actor, e.at "
    "FROM subscription_events e JOIN user_subscriptions s ON s.id = e.subscription_id AND s.tenant_id = e.tenant_id "
    "WHERE e.tenant_id = $1 AND s.user_uuid = $2 ORDER BY e.subscription_id, e.version";
inline constexpr std::string_view kPayments =
    "SELECT id, purpose, provider, instrument, amount, currency, status, created_at AS createdAt FROM payments "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY created_at, id";
inline constexpr std::string_view kPurchases =
    "SELECT id, article_id AS articleId, content_type AS contentType, amount, currency, status, created_at AS createdAt "
    "FROM article_purchases WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY created_at, id";
inline constexpr std::string_view kVoucherOrders =
    "SELECT id, status, amount, currency, created_at AS createdAt FROM voucher_orders "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY created_at, id";
inline constexpr std::string_view kWallet =
    "SELECT article_id AS articleId, content_type AS contentType, source, acquired_at AS acquiredAt FROM wallet_items "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY acquired_at, article_id";
inline constexpr std::string_view kPlayHistory =
    "SELECT article_id AS articleId, content_type AS contentType, position_ms AS positionMs, updated_at AS updatedAt "
    "FROM play_history WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY updated_at, article_id";
inline constexpr std::string_view kLikes =
    "SELECT article_id AS articleId, content_type AS contentType, created_at AS createdAt FROM likes "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY created_at, article_id";
inline constexpr std::string_view kRatings =
    "SELECT article_id AS articleId, content_type AS contentType, score, updated_at AS updatedAt FROM ratings "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY updated_at, article_id";
inline constexpr std::string_view kNotifications =
    "SELECT id, kind, params, created_at AS createdAt, read_at AS readAt FROM notifications "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY id";
inline constexpr std::string_view kTickets =
    "SELECT amount, challenge_id AS challengeId, created_at AS createdAt FROM reward_ledger "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY created_at, id";
inline constexpr std::string_view kTeams =
    "SELECT m.team_id AS teamId, m.tournament_id AS tournamentId, t.name, m.role, m.user_name AS userName, "
    "m.ingame_id AS ingameId, m.joined_at AS joinedAt "
    "FROM tournament_team_members m JOIN tournament_teams t ON t.id = m.team_id "
    "WHERE m.tenant_id = $1 AND m.user_uuid = $2 ORDER BY m.joined_at, m.team_id";
inline constexpr std::string_view kConsents =
    "SELECT 'app' AS kind, app_id AS subject, decision, scopes, decided_at AS decidedAt FROM app_consents "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY decided_at, app_id";
inline constexpr std::string_view kParental =
    "SELECT is_active AS active, max_age_group AS maxAgeGroup FROM parental_controls "
    "WHERE tenant_id = $1 AND user_uuid = $2";
// Devices are recorded per browser cookie, not per user: the ones the user rated from.
inline constexpr std::string_view kDevices =
    "SELECT d.kind, d.operating_system AS operatingSystem, d.user_agent AS userAgent, d.last_seen AS lastSeen "
    "FROM devices d "
    "WHERE d.tenant_id = $1 AND d.id IN (SELECT r.device_id FROM ratings r WHERE r.tenant_id = $1 AND r.user_uuid = $2) "
    "ORDER BY d.last_seen";
inline constexpr std::string_view kSessions =
    "SELECT created_at AS createdAt, revoked_at AS revokedAt, revoke_reason AS revokeReason FROM auth_sessions "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY created_at";

// ---- the deletion, in one transaction
// Active plans end now; each gets its event (the version after the change).
inline constexpr std::string_view kLivePlans =
    "SELECT id, state, sub_state, version FROM user_subscriptions WHERE tenant_id = $1 AND user_uuid = $2 "
    "AND state IN ('ACTIVE', 'REQUESTED', 'INACTIVE') ORDER BY id";
inline constexpr std::string_view kCancelPlan =
    "UPDATE user_subscriptions SET state = 'CANCELED', sub_state = NULL, cancel_requested = 0, end_date = $4, "
    "next_renewal_date = NULL, grace_until = NULL, payment_method_id = NULL, version = version + 1, updated_at = $4 "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND id = $3 AND version = $5";
inline constexpr std::string_view kInsertPlanEvent =
    "INSERT INTO subscription_events (id, tenant_id, subscription_id, version, from_state, from_sub_state, to_state, "
    "to_sub_state, reason, actor, at) VALUES ($2, $1, $3, $4, $5, $6, 'CANCELED', NULL, $7, $8, $9)";

// Personal records that go (every statement takes $1 tenant and $2 uuid).
inline constexpr std::array<std::string_view, 26> kErase = {
    "DELETE FROM auth_sessions WHERE tenant_id = $1 AND user_uuid = $2",  // with their access and refresh tokens
    "DELETE FROM auth_codes WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM password_resets WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM email_changes WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM payment_methods WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM payment_pin_challenges WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM idempotency_keys WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM subscription_trials WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM cart_items WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM stream_ticket_gates WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM play_history WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM game_sessions WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM game_scores WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM likes WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM ratings WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM notifications WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM info_service_subscriptions WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM challenge_step_hits WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM reward_ledger WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM catalog_challenge_optins WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM tournament_join_requests WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM tournament_invitations WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM tournament_team_members WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM app_consents WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM parental_reset_codes WHERE tenant_id = $1 AND user_uuid = $2",
    "DELETE FROM parental_controls WHERE tenant_id = $1 AND user_uuid = $2",
};
// Records the law requires stay, without what names the person. Stream tickets and their reports stay as
// they are (they point at the tombstone and name nothing else): they are the plays and seconds the tenant
// owes its licensors for (docs/reports.md "Royalties"), and a report day recomputed later must still find them.
inline constexpr std::array<std::string_view, 4> kPseudonymise = {
    "UPDATE payments SET instrument = 'erased' WHERE tenant_id = $1 AND user_uuid = $2",
    "UPDATE article_purchases SET redirect = NULL, pin_token = NULL WHERE tenant_id = $1 AND user_uuid = $2",
    "UPDATE voucher_orders SET redirect = NULL WHERE tenant_id = $1 AND user_uuid = $2",
    "UPDATE user_subscriptions SET partner_metadata = '{}', external_code = NULL WHERE tenant_id = $1 AND user_uuid = $2",
};
// By the public user id ($2) or the address ($2).
inline constexpr std::string_view kForgetEvents = "UPDATE events SET user_id = NULL WHERE tenant_id = $1 AND user_id = $2";
inline constexpr std::string_view kForgetMail = "DELETE FROM mail_outbox WHERE tenant_id = $1 AND recipient = $2";
inline constexpr std::string_view kForgetPending = "DELETE FROM pending_registrations WHERE tenant_id = $1 AND email = $2";
inline constexpr std::string_view kForgetAttempts = "DELETE FROM auth_attempts WHERE tenant_id = $1 AND subject = $2";
// The tombstone.
inline constexpr std::string_view kTombstone =
    "UPDATE users SET user_id = $3, email = NULL, msisdn = NULL, name = '', last_name = '', user_information = '{}', "
    "roles = '[\"user\"]', password_hash = NULL, alternat_theme = NULL, selected_lang = NULL, deleted_at = $4, "
    "updated_at = $4 WHERE tenant_id = $1 AND uuid = $2 AND deleted_at IS NULL";
inline constexpr std::string_view kInsertMail =
    "INSERT INTO mail_outbox (tenant_id, id, recipient, subject, body, html_body, created_at, next_attempt_at) "
    "VALUES ($1, $2, $3, $4, $5, NULL, $6, $7)";

}  // namespace portal::privacy::sql
