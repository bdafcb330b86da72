#pragma once
// The CAMARA provider's own table (migration 0061): the operator's code of one bill payment. Tenant first ($1).
#include <string_view>

namespace portal::payments::camara_sql {

#define PORTAL_CAMARA_CHALLENGE_COLUMNS                                                                            \
  "id, user_uuid, reference, msisdn, kind, operator_payment_id, authorization_id, authentication_id, denied_status, " \
  "tries_left, expires_at, verified_at, retired_at, created_at"

inline constexpr std::string_view kInsert =
    "INSERT INTO camara_challenges (tenant_id, " PORTAL_CAMARA_CHALLENGE_COLUMNS ") "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, NULL, NULL, $13)";
// The challenges of (user, reference) still open (not verified, not retired), newest first.
inline constexpr std::string_view kOpen =
    "SELECT " PORTAL_CAMARA_CHALLENGE_COLUMNS " FROM camara_challenges WHERE tenant_id = $1 AND user_uuid = $2 "
    "AND reference = $3 AND verified_at IS NULL AND retired_at IS NULL ORDER BY created_at DESC, id DESC";
inline constexpr std::string_view kById =
    "SELECT " PORTAL_CAMARA_CHALLENGE_COLUMNS " FROM camara_challenges WHERE tenant_id = $1 AND id = $2";
// A wrong code spends a try; a conditional update, so concurrent guesses cannot spend more than there are.
inline constexpr std::string_view kSpendTry =
    "UPDATE camara_challenges SET tries_left = tries_left - 1 WHERE tenant_id = $1 AND id = $2 AND tries_left > 0 "
    "AND verified_at IS NULL AND retired_at IS NULL";
inline constexpr std::string_view kNoTries =
    "UPDATE camara_challenges SET tries_left = 0 WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kVerify =
    "UPDATE camara_challenges SET verified_at = $3 WHERE tenant_id = $1 AND id = $2 AND verified_at IS NULL "
    "AND retired_at IS NULL";
inline constexpr std::string_view kRetire =
    "UPDATE camara_challenges SET retired_at = $3 WHERE tenant_id = $1 AND id = $2 AND retired_at IS NULL";

}  // namespace portal::payments::camara_sql
