#include "domains/identity/throttle_repository.hpp"

#include <boost/describe/class.hpp>

#include "db/row_reads.hpp"
#include "domains/identity/identity_sql.hpp"

namespace portal::identity {

BOOST_DESCRIBE_STRUCT(AttemptWindow, (), (count, oldest, newest))
PORTAL_ROW_READS(AttemptWindow, sql::kAttemptsSince);

namespace {
std::string scope_name(ThrottleScope s) {
  switch (s) {
    case ThrottleScope::pair: return "pair";
    case ThrottleScope::account: return "account";
    case ThrottleScope::address: return "address";
    case ThrottleScope::device: return "device";
    case ThrottleScope::registration: return "register";
    case ThrottleScope::reset_address: return "reset_address";
    case ThrottleScope::reset_email: return "reset_email";
    case ThrottleScope::confirm_email: return "confirm_email";
  }
  return "address";
}
}  // namespace

void ThrottleRepository::record(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject,
                                const std::string& now) {
  db_.execute(sql::kInsertAttempt, {tenant_id, scope_name(scope), subject, now});
}

AttemptWindow ThrottleRepository::since(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject,
                                        const std::string& window_start) {
  auto w = db::read_first<AttemptWindow>(db_.query(sql::kAttemptsSince, {tenant_id, scope_name(scope), subject, window_start}));
  if (!w || w->count == 0) return {};
  return *w;
}

void ThrottleRepository::clear(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject) {
  db_.execute(sql::kClearAttempts, {tenant_id, scope_name(scope), subject});
}

std::int64_t ThrottleRepository::clear_account(db::Session& s, std::int64_t tenant_id, const std::string& account,
                                               const std::string& pair_prefix) {
  std::int64_t cleared = s.execute(sql::kClearAttempts, {tenant_id, scope_name(ThrottleScope::account), account});
  // Pair subjects start with the account: read them and compare here (no LIKE escaping rules).
  for (const auto& row : s.query(sql::kAttemptSubjects, {tenant_id, scope_name(ThrottleScope::pair)})) {
    const std::string subject = row.text(0);
    if (subject.starts_with(pair_prefix))
      cleared += s.execute(sql::kClearAttempts, {tenant_id, scope_name(ThrottleScope::pair), subject});
  }
  return cleared;
}

void ThrottleRepository::prune(std::int64_t tenant_id, const std::string& before) {
  db_.execute(sql::kDeleteOldAttempts, {tenant_id, before});
}

}  // namespace portal::identity
