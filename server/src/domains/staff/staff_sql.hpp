#pragma once
// SQL of the staff domain. Portable between SQLite and PostgreSQL.
#include <string_view>

namespace portal::staff::sql {

// The columns of an Account (staff_repository.cpp), from staff_accounts a.
#define PORTAL_STAFF_ACCOUNT_COLUMNS                                                                     \
  "a.id, a.tenant_id, a.email, a.role, a.status, a.language, a.password_hash, a.totp_secret, a.totp_last_step," \
  " a.failed_logins, a.locked_until, a.created_at"

// $1 tenant id (0 for the platform's), $2 e-mail.
inline constexpr std::string_view kAccountByEmail =
    "SELECT " PORTAL_STAFF_ACCOUNT_COLUMNS
    " FROM staff_accounts a WHERE COALESCE(a.tenant_id, 0) = $1 AND a.email = $2";

inline constexpr std::string_view kAccountById =
    "SELECT " PORTAL_STAFF_ACCOUNT_COLUMNS " FROM staff_accounts a WHERE a.id = $1";

inline constexpr std::string_view kAccountsOfTenant =
    "SELECT " PORTAL_STAFF_ACCOUNT_COLUMNS " FROM staff_accounts a WHERE a.tenant_id = $1 ORDER BY a.email";

// $1 id, $2 tenant id or NULL, $3 e-mail, $4 role, $5 language, $6 now.
inline constexpr std::string_view kInsertAccount =
    "INSERT INTO staff_accounts (id, tenant_id, email, role, status, language, created_at, updated_at)"
    " VALUES ($1, $2, $3, $4, 'invited', $5, $6, $6)";

// A demo account, enrolled already. $1 id, $2 tenant or NULL, $3 e-mail, $4 role, $5 hash, $6 secret, $7 now.
inline constexpr std::string_view kInsertEnrolled =
    "INSERT INTO staff_accounts (id, tenant_id, email, role, status, language, password_hash, totp_secret,"
    " created_at, updated_at) VALUES ($1, $2, $3, $4, 'active', 'en', $5, $6, $7, $7)";

inline constexpr std::string_view kUpdateInvitedRole =
    "UPDATE staff_accounts SET role = $2, language = $3, updated_at = $4 WHERE id = $1 AND status = 'invited'";

// Deactivating (disabled) or reactivating (active again, or invited when the member never enrolled).
inline constexpr std::string_view kUpdateStatus = "UPDATE staff_accounts SET status = $2, updated_at = $3 WHERE id = $1";
// An invitation taken back: the member who never enrolled goes (sessions and links with it).
inline constexpr std::string_view kDeleteInvited = "DELETE FROM staff_accounts WHERE id = $1 AND status = 'invited'";
inline constexpr std::string_view kUpdateRole = "UPDATE staff_accounts SET role = $2, updated_at = $3 WHERE id = $1";

// Accepting an invitation: an invited member, or an active one re-invited (new password and secret).
inline constexpr std::string_view kActivate =
    "UPDATE staff_accounts SET status = 'active', password_hash = $2, totp_secret = $3, totp_last_step = $4,"
    " failed_logins = 0, locked_until = NULL, updated_at = $5 WHERE id = $1 AND status IN ('invited', 'active')";

// Spends a TOTP step: true for exactly one caller per step.
inline constexpr std::string_view kSpendStep =
    "UPDATE staff_accounts SET totp_last_step = $2, failed_logins = 0, locked_until = NULL"
    " WHERE id = $1 AND totp_last_step < $2";

// ---- password resets. $1 hash, $2 staff id, $3 now, $4 expires.
inline constexpr std::string_view kInsertReset =
    "INSERT INTO staff_password_resets (token_hash, staff_id, created_at, expires_at) VALUES ($1, $2, $3, $4)";
inline constexpr std::string_view kDeleteOpenResets =
    "DELETE FROM staff_password_resets WHERE staff_id = $1 AND used_at IS NULL";
inline constexpr std::string_view kReset =
    "SELECT staff_id FROM staff_password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2";
inline constexpr std::string_view kUseReset =
    "UPDATE staff_password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2";
// $1 id, $2 hash, $3 now: a new password for an active member.
inline constexpr std::string_view kSetPassword =
    "UPDATE staff_accounts SET password_hash = $2, updated_at = $3 WHERE id = $1 AND status = 'active'";

// ---- TOTP secrets at rest (totp_seal.hpp): those still plain, sealed once at start-up.
inline constexpr std::string_view kPlainAccountSecrets =
    "SELECT id, totp_secret FROM staff_accounts WHERE totp_secret <> '' AND totp_secret NOT LIKE 'sealed:%'";
inline constexpr std::string_view kPlainInvitationSecrets =
    "SELECT token_hash AS id, totp_secret FROM staff_invitations WHERE totp_secret <> '' AND totp_secret NOT LIKE 'sealed:%'";
// $1 key, $2 the plain value read, $3 the sealed one: only if nobody sealed it meanwhile.
inline constexpr std::string_view kSealAccountSecret =
    "UPDATE staff_accounts SET totp_secret = $3 WHERE id = $1 AND totp_secret = $2";
inline constexpr std::string_view kSealInvitationSecret =
    "UPDATE staff_invitations SET totp_secret = $3 WHERE token_hash = $1 AND totp_secret = $2";
inline constexpr std::string_view kSomeSealedSecret =
    "SELECT totp_secret FROM staff_accounts WHERE totp_secret LIKE 'sealed:%' ORDER BY id LIMIT 1";

inline constexpr std::string_view kDeleteOpenInvitations =
    "DELETE FROM staff_invitations WHERE staff_id = $1 AND used_at IS NULL";

// $1 hash, $2 staff id, $3 secret, $4 now, $5 expires.
inline constexpr std::string_view kInsertInvitation =
    "INSERT INTO staff_invitations (token_hash, staff_id, totp_secret, created_at, expires_at)"
    " VALUES ($1, $2, $3, $4, $5)";

inline constexpr std::string_view kInvitation =
    "SELECT staff_id, totp_secret, expires_at FROM staff_invitations"
    " WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2";

inline constexpr std::string_view kUseInvitation =
    "UPDATE staff_invitations SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2";

// $1 id, $2 staff, $3 hash, $4 now, $5 expires, $6 idle until, $7 client address.
inline constexpr std::string_view kInsertSession =
    "INSERT INTO staff_sessions (id, staff_id, token_hash, created_at, expires_at, idle_until, client_address)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7)";

// A live session and its active account. $1 token hash, $2 now.
inline constexpr std::string_view kLiveSession =
    "SELECT s.id AS session_id, s.expires_at, s.idle_until, " PORTAL_STAFF_ACCOUNT_COLUMNS
    " FROM staff_sessions s JOIN staff_accounts a ON a.id = s.staff_id"
    " WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.idle_until > $2"
    " AND a.status = 'active'";

// Moves the idle end forward, at most once a minute. $2 new idle end, $3 the threshold.
inline constexpr std::string_view kTouchSession =
    "UPDATE staff_sessions SET idle_until = $2 WHERE id = $1 AND idle_until < $3";

inline constexpr std::string_view kRevokeSession =
    "UPDATE staff_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL";

inline constexpr std::string_view kRevokeSessionsOf =
    "UPDATE staff_sessions SET revoked_at = $2 WHERE staff_id = $1 AND revoked_at IS NULL AND expires_at > $2";

}  // namespace portal::staff::sql
