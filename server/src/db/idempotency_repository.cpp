#include "db/idempotency_repository.hpp"

#include "core/ids.hpp"

namespace portal::db {
namespace {

constexpr std::string_view kInsertClaim =
    "INSERT INTO idempotency_keys (tenant_id, user_uuid, idem_key, scope, status, answer, created_at) "
    "VALUES ($1, $2, $3, $4, 0, $5, $6) ON CONFLICT (tenant_id, user_uuid, idem_key) DO NOTHING";
constexpr std::string_view kFind =
    "SELECT scope, status, answer, created_at, recovery FROM idempotency_keys "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND idem_key = $3";
// A stale claim with a recovery point is taken over by the same call only (it
// resumes that call); one without is free for any call. RETURNING reads the
// recovery point as of the take-over, so a slow holder's mark is either seen
// here or refused (its token is gone).
constexpr std::string_view kTakeOver =
    "UPDATE idempotency_keys SET scope = $4, answer = $5, created_at = $6 "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND idem_key = $3 AND status = 0 AND answer = $7 "
    "AND (recovery IS NULL OR scope = $4) RETURNING recovery";
constexpr std::string_view kMark =
    "UPDATE idempotency_keys SET recovery = $5 "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND idem_key = $3 AND status = 0 AND answer = $4";
constexpr std::string_view kComplete =
    "UPDATE idempotency_keys SET status = $5, answer = $6 "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND idem_key = $3 AND status = 0 AND answer = $4";
constexpr std::string_view kRelease =
    "DELETE FROM idempotency_keys WHERE tenant_id = $1 AND user_uuid = $2 AND idem_key = $3 AND status = 0 "
    "AND answer = $4 AND recovery IS NULL";
// A live holder's beat; a claim made stale on purpose (created_at '') stays stale.
constexpr std::string_view kRenew =
    "UPDATE idempotency_keys SET created_at = $5 "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND idem_key = $3 AND status = 0 AND answer = $4 AND created_at <> ''";
// A claim whose work committed cannot be forgotten: it goes stale at once.
constexpr std::string_view kStale =
    "UPDATE idempotency_keys SET created_at = '' "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND idem_key = $3 AND status = 0 AND answer = $4 AND recovery IS NOT NULL";

}  // namespace

IdempotencyRecord IdempotencyRepository::claim(std::int64_t tenant_id, const std::string& user_uuid,
                                               const std::string& key, const std::string& fingerprint,
                                               const std::string& now, const std::string& stale_before) {
  const std::string token = core::random_hex(16);
  // A few rounds at most: a key released or taken over between two statements.
  for (int round = 0; round < 4; ++round) {
    if (db_.execute(kInsertClaim, {tenant_id, user_uuid, key, fingerprint, token, now}) == 1)
      return {IdempotencyRecord::State::claimed, fingerprint, 0, {}, token, {}};
    auto rows = db_.query(kFind, {tenant_id, user_uuid, key});
    if (rows.empty()) continue;  // released meanwhile: try the insert again
    const auto& row = rows[0];
    const auto status = row.integer(1);
    if (status != 0)
      return {IdempotencyRecord::State::answered, row.text(0), static_cast<int>(status), row.text(2), {}, {}};
    const bool committed = !row.is_null(4);
    if (row.text(3) >= stale_before || (committed && row.text(0) != fingerprint))
      return {IdempotencyRecord::State::running, row.text(0), 0, {}, {}, {}};
    // The holder has run for too long to be alive: the key is this call's again,
    // with what the holder's work committed, if anything.
    auto taken = db_.query(kTakeOver, {tenant_id, user_uuid, key, fingerprint, token, now, row.text(2)});
    if (!taken.empty())
      return {IdempotencyRecord::State::claimed, fingerprint, 0, {}, token, taken[0].optional_text(0).value_or("")};
  }
  return {IdempotencyRecord::State::running, fingerprint, 0, {}, {}, {}};  // busy: the caller polls again
}

bool IdempotencyRepository::mark(Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                                 const std::string& key, const std::string& token, const std::string& recovery) {
  return s.execute(kMark, {tenant_id, user_uuid, key, token, recovery}) == 1;
}

bool IdempotencyRepository::complete(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key,
                                     const std::string& token, int status, const std::string& body) {
  return db_.execute(kComplete, {tenant_id, user_uuid, key, token, std::int64_t{status}, body}) == 1;
}

void IdempotencyRepository::release(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key,
                                    const std::string& token) {
  if (db_.execute(kRelease, {tenant_id, user_uuid, key, token}) == 1) return;
  db_.execute(kStale, {tenant_id, user_uuid, key, token});
}

bool IdempotencyRepository::renew(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key,
                                  const std::string& token, const std::string& now) {
  return db_.execute(kRenew, {tenant_id, user_uuid, key, token, now}) == 1;
}

}  // namespace portal::db
