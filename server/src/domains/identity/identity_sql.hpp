#pragma once
// Every statement filters by tenant_id ($1). One-time secrets are consumed
// by a conditional UPDATE ... WHERE used_at IS NULL: of two concurrent uses
// exactly one changes the row.
#include <string_view>

namespace portal::identity::sql {

// ---- users
// The generated customers' addresses of one seed (tools/activity_generator.cpp): a LIKE pattern.
inline constexpr std::string_view kCountUsersByEmail = "SELECT COUNT(*) FROM users WHERE tenant_id = $1 AND email LIKE $2";
inline constexpr std::string_view kInsertUser =
    "INSERT INTO users (tenant_id, uuid, user_id, email, msisdn, name, last_name, user_information, roles, "
    "password_hash, selected_lang, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)";

#define PORTAL_USER_COLUMNS                                                                                  \
  "uuid, tenant_id, user_id, email, msisdn, name, last_name, user_information, roles, password_hash, " \
  "alternat_theme, selected_lang, created_at, updated_at"
inline constexpr std::string_view kUserByUuid =
    "SELECT " PORTAL_USER_COLUMNS " FROM users WHERE tenant_id = $1 AND uuid = $2";
inline constexpr std::string_view kUserByEmail =
    "SELECT " PORTAL_USER_COLUMNS " FROM users WHERE tenant_id = $1 AND email = $2";
inline constexpr std::string_view kUserByMsisdn =
    "SELECT " PORTAL_USER_COLUMNS " FROM users WHERE tenant_id = $1 AND msisdn = $2";

// Never the e-mail: a new address takes effect through its link (kUpdateEmail).
inline constexpr std::string_view kUpdateProfile =
    "UPDATE users SET name = $3, last_name = $4, user_information = $5, updated_at = $6 "
    "WHERE tenant_id = $1 AND uuid = $2";
inline constexpr std::string_view kUpdateEmail =
    "UPDATE users SET email = $3, updated_at = $4 WHERE tenant_id = $1 AND uuid = $2";
inline constexpr std::string_view kUpdatePassword =
    "UPDATE users SET password_hash = $3, updated_at = $4 WHERE tenant_id = $1 AND uuid = $2";
inline constexpr std::string_view kUpdateTheme =
    "UPDATE users SET alternat_theme = $3, updated_at = $4 WHERE tenant_id = $1 AND uuid = $2";
inline constexpr std::string_view kUpdateLang =
    "UPDATE users SET selected_lang = $3, updated_at = $4 WHERE tenant_id = $1 AND uuid = $2";
// A user as registration and a saved language leave one, at past times (the synthetic activity,
// docs/operations.md): UsersRepository::insert_past.
inline constexpr std::string_view kInsertPastUser =
    "INSERT INTO users (tenant_id, uuid, user_id, email, msisdn, name, last_name, user_information, roles, "
    "password_hash, selected_lang, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";

// ---- sessions and tokens
inline constexpr std::string_view kInsertSession =
    "INSERT INTO auth_sessions (tenant_id, id, user_uuid, created_at) VALUES ($1, $2, $3, $4)";
inline constexpr std::string_view kRevokeSession =
    "UPDATE auth_sessions SET revoked_at = $3, revoke_reason = $4 "
    "WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL";
inline constexpr std::string_view kRevokeUserSessions =
    "UPDATE auth_sessions SET revoked_at = $3, revoke_reason = $4 "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND revoked_at IS NULL";
inline constexpr std::string_view kSessionRevoked =
    "SELECT revoked_at FROM auth_sessions WHERE tenant_id = $1 AND id = $2";

inline constexpr std::string_view kInsertAccessToken =
    "INSERT INTO access_tokens (tenant_id, token_hash, session_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)";
inline constexpr std::string_view kInsertRefreshToken =
    "INSERT INTO refresh_tokens (tenant_id, token_hash, session_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)";

// A live access token: unexpired, its session not revoked, same tenant.
inline constexpr std::string_view kAccessTokenSession =
    "SELECT s.id AS session_id, s.user_uuid FROM access_tokens a JOIN auth_sessions s ON s.id = a.session_id "
    "WHERE a.tenant_id = $1 AND a.token_hash = $2 AND a.expires_at > $3 AND s.tenant_id = $1 AND s.revoked_at IS NULL";

// Spends the token and keeps its sealed successor pair for the grace period.
inline constexpr std::string_view kUseRefreshToken =
    "UPDATE refresh_tokens SET used_at = $3, successor = $4 "
    "WHERE tenant_id = $1 AND token_hash = $2 AND used_at IS NULL";
// The successor of a token used now is spent: no older token of the family is
// answered again (its grace ends).
inline constexpr std::string_view kForgetSuccessors =
    "UPDATE refresh_tokens SET successor = NULL "
    "WHERE tenant_id = $1 AND session_id = $2 AND token_hash <> $3 AND successor IS NOT NULL";
inline constexpr std::string_view kRefreshToken =
    "SELECT session_id, expires_at, used_at, successor FROM refresh_tokens WHERE tenant_id = $1 AND token_hash = $2";

// ---- one-time codes
inline constexpr std::string_view kInsertCode =
    "INSERT INTO auth_codes (tenant_id, code_hash, user_uuid, redirect_url, expires_at, created_at) "
    "VALUES ($1, $2, $3, $4, $5, $6)";
inline constexpr std::string_view kUseCode =
    "UPDATE auth_codes SET used_at = $3 WHERE tenant_id = $1 AND code_hash = $2 AND used_at IS NULL";
inline constexpr std::string_view kCode =
    "SELECT user_uuid, redirect_url, expires_at FROM auth_codes WHERE tenant_id = $1 AND code_hash = $2";
inline constexpr std::string_view kDeleteStaleCodes =
    "DELETE FROM auth_codes WHERE tenant_id = $1 AND expires_at < $2";

// ---- password resets
inline constexpr std::string_view kInsertReset =
    "INSERT INTO password_resets (tenant_id, token_hash, user_uuid, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)";
// One live link per user: a new one ends the older ones.
inline constexpr std::string_view kDeleteUserResets =
    "DELETE FROM password_resets WHERE tenant_id = $1 AND user_uuid = $2";
inline constexpr std::string_view kUseReset =
    "UPDATE password_resets SET used_at = $3 WHERE tenant_id = $1 AND token_hash = $2 AND used_at IS NULL";
inline constexpr std::string_view kReset =
    "SELECT user_uuid, expires_at FROM password_resets WHERE tenant_id = $1 AND token_hash = $2";

// ---- registrations waiting for their link
inline constexpr std::string_view kInsertRegistration =
    "INSERT INTO pending_registrations (tenant_id, token_hash, email, name, last_name, password_hash, redirect_url, "
    "expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
inline constexpr std::string_view kUseRegistration =
    "UPDATE pending_registrations SET used_at = $3 "
    "WHERE tenant_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > $3";
inline constexpr std::string_view kRegistration =
    "SELECT email, name, last_name, password_hash, redirect_url FROM pending_registrations "
    "WHERE tenant_id = $1 AND token_hash = $2";
inline constexpr std::string_view kDeleteStaleRegistrations =
    "DELETE FROM pending_registrations WHERE tenant_id = $1 AND expires_at < $2";

// ---- e-mail changes waiting for their link
inline constexpr std::string_view kDeleteUserEmailChanges =
    "DELETE FROM email_changes WHERE tenant_id = $1 AND user_uuid = $2";
inline constexpr std::string_view kInsertEmailChange =
    "INSERT INTO email_changes (tenant_id, token_hash, user_uuid, new_email, expires_at, created_at) "
    "VALUES ($1, $2, $3, $4, $5, $6)";
inline constexpr std::string_view kPendingEmail =
    "SELECT new_email FROM email_changes "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND used_at IS NULL AND expires_at > $3";
inline constexpr std::string_view kUseEmailChange =
    "UPDATE email_changes SET used_at = $3 "
    "WHERE tenant_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > $3";
inline constexpr std::string_view kEmailChange =
    "SELECT user_uuid, new_email FROM email_changes WHERE tenant_id = $1 AND token_hash = $2";

// ---- sign-in throttling
inline constexpr std::string_view kInsertAttempt =
    "INSERT INTO auth_attempts (tenant_id, scope, subject, at) VALUES ($1, $2, $3, $4)";
// Attempts inside the window: how many, the oldest (when the window frees a
// place) and the newest (the progressive delay runs from it).
inline constexpr std::string_view kAttemptsSince =
    "SELECT COUNT(*) AS count, MIN(at) AS oldest, MAX(at) AS newest FROM auth_attempts "
    "WHERE tenant_id = $1 AND scope = $2 AND subject = $3 AND at > $4";
inline constexpr std::string_view kClearAttempts =
    "DELETE FROM auth_attempts WHERE tenant_id = $1 AND scope = $2 AND subject = $3";
inline constexpr std::string_view kAttemptSubjects =
    "SELECT DISTINCT subject FROM auth_attempts WHERE tenant_id = $1 AND scope = $2";
inline constexpr std::string_view kDeleteOldAttempts =
    "DELETE FROM auth_attempts WHERE tenant_id = $1 AND at < $2";

// ---- devices
inline constexpr std::string_view kDeviceOs =
    "SELECT operating_system FROM devices WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kUpsertDevice =
    "INSERT INTO devices (tenant_id, id, user_agent, operating_system, kind, first_seen, last_seen) "
    "VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (tenant_id, id) DO UPDATE SET "
    "user_agent = excluded.user_agent, operating_system = excluded.operating_system, kind = excluded.kind, "
    "last_seen = excluded.last_seen";
// A device as its first and last sign-in left it (DevicesRepository::insert_past).
inline constexpr std::string_view kInsertPastDevice =
    "INSERT INTO devices (tenant_id, id, user_agent, operating_system, kind, first_seen, last_seen) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7)";

// ---- mail outbox
// A row to deliver by SMTP has next_attempt_at (the time it is due); NULL once
// sent or given up, and for rows only listed (SMS, no SMTP configured).
inline constexpr std::string_view kInsertMail =
    "INSERT INTO mail_outbox (tenant_id, id, recipient, subject, body, html_body, created_at, next_attempt_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
inline constexpr std::string_view kRecentMail =
    "SELECT id, recipient, subject, body, html_body AS html, created_at, sent_at, attempts, next_attempt_at, "
    "last_error "
    "FROM mail_outbox WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2";
// The delivery worker's statements serve every tenant (like the payments
// scheduler's): the row's own tenant_id is carried into the claim and the outcome.
inline constexpr std::string_view kDueMail =
    "SELECT tenant_id, id, next_attempt_at AS due_at FROM mail_outbox WHERE next_attempt_at IS NOT NULL "
    "AND next_attempt_at <= $1 ORDER BY next_attempt_at, id LIMIT $2";
// The claim: only the instance whose update still sees the due time it read
// wins; it moves the due time to the end of its lease (a crash mid-send makes
// the mail due again then) and counts the attempt.
inline constexpr std::string_view kClaimMail =
    "UPDATE mail_outbox SET next_attempt_at = $4, attempts = attempts + 1 "
    "WHERE tenant_id = $1 AND id = $2 AND next_attempt_at = $3 AND sent_at IS NULL "
    "RETURNING recipient, subject, body, html_body AS html, attempts";
// The heartbeat while the transport talks: the lease moved on, while the row still holds this claim's end.
inline constexpr std::string_view kRenewMail =
    "UPDATE mail_outbox SET next_attempt_at = $4 WHERE tenant_id = $1 AND id = $2 AND next_attempt_at = $3 "
    "AND sent_at IS NULL";
// The oldest mail still due for delivery (every tenant): the metrics' outbox age (index mail_outbox_due).
inline constexpr std::string_view kOldestWaitingMail =
    "SELECT min(created_at) FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL";
inline constexpr std::string_view kMailDelivered =
    "UPDATE mail_outbox SET sent_at = $3, next_attempt_at = NULL, last_error = NULL WHERE tenant_id = $1 AND id = $2";
// $3: when to try again, or NULL to give up.
inline constexpr std::string_view kMailFailed =
    "UPDATE mail_outbox SET next_attempt_at = $3, last_error = $4 WHERE tenant_id = $1 AND id = $2 "
    "AND sent_at IS NULL";

}  // namespace portal::identity::sql
