#pragma once
// The parental-control statements (tables parental_controls and
// parental_reset_codes, migration 0021). Every one filters by tenant_id ($1)
// and user_uuid ($2).
#include <string_view>

namespace portal::parental_control::sql {

inline constexpr std::string_view kAccount =
    "SELECT password_hash, max_age_group, is_active, failed_attempts, locked_until, updated_at "
    "FROM parental_controls WHERE tenant_id = $1 AND user_uuid = $2";
// The limit the authentication hook carries on the principal.
inline constexpr std::string_view kActiveLimit =
    "SELECT max_age_group FROM parental_controls WHERE tenant_id = $1 AND user_uuid = $2 AND is_active = 1";
inline constexpr std::string_view kUpsert =
    "INSERT INTO parental_controls (tenant_id, user_uuid, password_hash, max_age_group, is_active, failed_attempts, "
    "locked_until, updated_at) VALUES ($1, $2, $3, $4, $5, 0, NULL, $6) ON CONFLICT (tenant_id, user_uuid) DO UPDATE "
    "SET password_hash = excluded.password_hash, max_age_group = excluded.max_age_group, "
    "is_active = excluded.is_active, updated_at = excluded.updated_at";
// The first account of a user (a concurrent first PUT loses: 0 rows).
inline constexpr std::string_view kInsert =
    "INSERT INTO parental_controls (tenant_id, user_uuid, password_hash, max_age_group, is_active, failed_attempts, "
    "locked_until, updated_at) VALUES ($1, $2, $3, $4, $5, 0, NULL, $6) ON CONFLICT (tenant_id, user_uuid) DO NOTHING";

// One password or code attempt, taken before it is checked and only while
// not locked ($3 now): the count and the lock are one statement, so parallel
// attempts cannot pass the limit. The attempt that reaches $4 sets the lock
// until $5 and starts the count again.
inline constexpr std::string_view kTakeAttempt =
    "UPDATE parental_controls SET "
    "locked_until = CASE WHEN failed_attempts + 1 >= $4 THEN $5 ELSE NULL END, "
    "failed_attempts = CASE WHEN failed_attempts + 1 >= $4 THEN 0 ELSE failed_attempts + 1 END "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND (locked_until IS NULL OR locked_until <= $3)";
// A right password or code: the count starts again and the lock goes.
inline constexpr std::string_view kClearAttempts =
    "UPDATE parental_controls SET failed_attempts = 0, locked_until = NULL WHERE tenant_id = $1 AND user_uuid = $2";
// A reset: the new password, no lock.
inline constexpr std::string_view kSetPassword =
    "UPDATE parental_controls SET password_hash = $3, failed_attempts = 0, locked_until = NULL, updated_at = $4 "
    "WHERE tenant_id = $1 AND user_uuid = $2";

inline constexpr std::string_view kInsertCode =
    "INSERT INTO parental_reset_codes (tenant_id, user_uuid, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)";
inline constexpr std::string_view kCountCodesSince =
    "SELECT COUNT(*) FROM parental_reset_codes WHERE tenant_id = $1 AND user_uuid = $2 AND created_at > $3";
// A new code retires the older ones.
inline constexpr std::string_view kRetireCodes =
    "UPDATE parental_reset_codes SET used_at = $3 WHERE tenant_id = $1 AND user_uuid = $2 AND used_at IS NULL";
// The one statement that accepts a code: unused and not expired ($4 now).
inline constexpr std::string_view kUseCode =
    "UPDATE parental_reset_codes SET used_at = $4 WHERE tenant_id = $1 AND user_uuid = $2 AND code_hash = $3 "
    "AND used_at IS NULL AND expires_at > $4";

}  // namespace portal::parental_control::sql
