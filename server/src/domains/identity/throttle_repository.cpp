#include "domains/identity/throttle_repository.hpp"

#include "domains/identity/identity_sql.hpp"

namespace portal::identity {
namespace {
std::string scope_name(ThrottleScope s) { return s == ThrottleScope::account ? "account" : "address"; }
}  // namespace

void ThrottleRepository::record(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject,
                                const std::string& now) {
  db_.execute(sql::kInsertFailure, {tenant_id, scope_name(scope), subject, now});
}

FailureWindow ThrottleRepository::since(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject,
                                        const std::string& window_start) {
  auto rows = db_.query(sql::kFailuresSince, {tenant_id, scope_name(scope), subject, window_start});
  if (rows.empty()) return {};
  return {rows[0].integer(0), rows[0].text(1)};
}

void ThrottleRepository::clear(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject) {
  db_.execute(sql::kClearFailures, {tenant_id, scope_name(scope), subject});
}

void ThrottleRepository::prune(std::int64_t tenant_id, const std::string& before) {
  db_.execute(sql::kDeleteOldFailures, {tenant_id, before});
}

}  // namespace portal::identity
