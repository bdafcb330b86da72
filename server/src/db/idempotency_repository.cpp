#include "db/idempotency_repository.hpp"

#include "core/ids.hpp"

namespace portal::db {
namespace {

constexpr std::string_view kInsertClaim =
    "INSERT INTO idempotency_keys (tenant_id, user_uuid, idem_key, scope, status, answer, created_at) "
    "VALUES ($1, $2, $3, $4, 0, $5, $6) ON CONFLICT (tenant_id, user_uuid, idem_key) DO NOTHING";
constexpr std::string_view kFind =
    "SELECT scope, status, answer, created_at FROM idempotency_keys "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND idem_key = $3";
constexpr std::string_view kTakeOver =
    "UPDATE idempotency_keys SET scope = $4, answer = $5, created_at = $6 "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND idem_key = $3 AND status = 0 AND answer = $7";
constexpr std::string_view kComplete =
    "UPDATE idempotency_keys SET status = $5, answer = $6 "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND idem_key = $3 AND status = 0 AND answer = $4";
constexpr std::string_view kRelease =
    "DELETE FROM idempotency_keys WHERE tenant_id = $1 AND user_uuid = $2 AND idem_key = $3 AND status = 0 AND answer = $4";

}  // namespace

IdempotencyRecord IdempotencyRepository::claim(std::int64_t tenant_id, const std::string& user_uuid,
                                               const std::string& key, const std::string& fingerprint,
                                               const std::string& now, const std::string& stale_before) {
  const std::string token = core::random_hex(16);
  // A few rounds at most: a key released or taken over between two statements.
  for (int round = 0; round < 4; ++round) {
    if (db_.execute(kInsertClaim, {tenant_id, user_uuid, key, fingerprint, token, now}) == 1)
      return {IdempotencyRecord::State::claimed, fingerprint, 0, {}, token};
    auto rows = db_.query(kFind, {tenant_id, user_uuid, key});
    if (rows.empty()) continue;  // released meanwhile: try the insert again
    const auto& row = rows[0];
    const auto status = row.integer(1);
    if (status != 0) return {IdempotencyRecord::State::answered, row.text(0), static_cast<int>(status), row.text(2), {}};
    if (row.text(3) >= stale_before) return {IdempotencyRecord::State::running, row.text(0), 0, {}, {}};
    // The holder has run for too long to be alive: the key is free again.
    if (db_.execute(kTakeOver, {tenant_id, user_uuid, key, fingerprint, token, now, row.text(2)}) == 1)
      return {IdempotencyRecord::State::claimed, fingerprint, 0, {}, token};
  }
  return {IdempotencyRecord::State::running, fingerprint, 0, {}, {}};  // busy: the caller polls again
}

bool IdempotencyRepository::complete(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key,
                                     const std::string& token, int status, const std::string& body) {
  return db_.execute(kComplete, {tenant_id, user_uuid, key, token, std::int64_t{status}, body}) == 1;
}

void IdempotencyRepository::release(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key,
                                    const std::string& token) {
  db_.execute(kRelease, {tenant_id, user_uuid, key, token});
}

}  // namespace portal::db
