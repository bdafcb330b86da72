#include "domains/staff/staff_repository.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/value_from.hpp>  // the audit snapshot of a revocation (SessionsRevokedAudit)
#include <stdexcept>

#include "db/row_reads.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/staff/staff_sql.hpp"

namespace portal::staff {

static void read_column(const db::Row& r, std::size_t i, Role& out) {
  out = parse_role(r.text(i)).value_or(Role::support);
}

BOOST_DESCRIBE_STRUCT(Account, (), (id, tenant_id, email, role, status, language, password_hash, totp_secret,
                                    totp_last_step, failed_logins, locked_until, created_at))
static_assert(db::columns_match<Account>(PORTAL_STAFF_ACCOUNT_COLUMNS));
BOOST_DESCRIBE_STRUCT(OpenInvitation, (), (staff_id, totp_secret, expires_at))
BOOST_DESCRIBE_STRUCT(LiveSession, (), (session_id, expires_at, idle_until, account))

namespace {

db::Value tenant_value(const std::optional<std::int64_t>& id) { return id ? db::Value(*id) : db::Value(nullptr); }

// Thrown inside a transaction to roll it back when a conditional write lost.
struct Lost {};

}  // namespace

std::optional<Account> StaffRepository::by_email(std::int64_t tenant_key, const std::string& email) {
  return db::read_first<Account>(db_.query(sql::kAccountByEmail, {tenant_key, email}));
}

std::optional<Account> StaffRepository::by_id(const std::string& id) {
  return db::read_first<Account>(db_.query(sql::kAccountById, {id}));
}

std::vector<Account> StaffRepository::of_tenant(std::int64_t tenant_id) {
  return db::read_rows<Account>(db_.query(sql::kAccountsOfTenant, {tenant_id}));
}

void StaffRepository::invite(const Account& a, bool fresh, const std::string& token_hash, const std::string& secret,
                             const std::string& now, const std::string& expires_at, const audit::Entry& entry) {
  db_.transaction([&](db::Session& s) {
    if (fresh)
      s.execute(sql::kInsertAccount, {a.id, tenant_value(a.tenant_id), a.email, std::string(role_name(a.role)),
                                      a.language, now});
    else
      s.execute(sql::kUpdateInvitedRole, {a.id, std::string(role_name(a.role)), a.language, now});
    s.execute(sql::kDeleteOpenInvitations, {a.id});
    s.execute(sql::kInsertInvitation, {token_hash, a.id, secret, now, expires_at});
    audit::AuditRepository::append(s, entry);
  });
}

std::optional<OpenInvitation> StaffRepository::invitation(const std::string& token_hash, const std::string& now) {
  return db::read_first<OpenInvitation>(db_.query(sql::kInvitation, {token_hash, now}));
}

bool StaffRepository::accept(const std::string& token_hash, const std::string& staff_id,
                             const std::string& password_hash, const std::string& secret, std::int64_t step,
                             const std::string& now, const audit::Entry& entry) {
  bool won = false;
  try {
    db_.transaction([&](db::Session& s) {
      won = false;
      if (s.execute(sql::kUseInvitation, {token_hash, now}) != 1) throw Lost{};
      if (s.execute(sql::kActivate, {staff_id, password_hash, secret, step, now}) != 1) throw Lost{};
      s.execute(sql::kRevokeSessionsOf, {staff_id, now});  // a re-invited member's old sessions
      s.execute(sql::kDeleteOpenResets, {staff_id});
      audit::AuditRepository::append(s, entry);
      won = true;
    });
  } catch (const Lost&) {
    return false;
  }
  return won;
}

bool StaffRepository::insert_enrolled(const Account& a, const std::string& now) {
  auto key = a.tenant_id.value_or(0);
  if (by_email(key, a.email)) return false;
  db_.execute(sql::kInsertEnrolled, {a.id, tenant_value(a.tenant_id), a.email, std::string(role_name(a.role)),
                                     a.password_hash, a.totp_secret, now});
  return true;
}

bool StaffRepository::spend_step(const std::string& staff_id, std::int64_t step) {
  return db_.execute(sql::kSpendStep, {staff_id, step}) == 1;
}

void StaffRepository::reinvite(const std::string& staff_id, const std::string& token_hash, const std::string& secret,
                               const std::string& now, const std::string& expires_at, const audit::Entry& entry) {
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kDeleteOpenInvitations, {staff_id});
    s.execute(sql::kDeleteOpenResets, {staff_id});
    s.execute(sql::kInsertInvitation, {token_hash, staff_id, secret, now, expires_at});
    audit::AuditRepository::append(s, entry);
  });
}

void StaffRepository::record(const audit::Entry& entry) {
  db_.transaction([&](db::Session& s) { audit::AuditRepository::append(s, entry); });
}

void StaffRepository::insert_reset(const std::string& token_hash, const std::string& staff_id, const std::string& now,
                                   const std::string& expires_at, const audit::Entry& entry) {
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kDeleteOpenResets, {staff_id});
    s.execute(sql::kInsertReset, {token_hash, staff_id, now, expires_at});
    audit::AuditRepository::append(s, entry);
  });
}

std::optional<std::string> StaffRepository::reset_member(const std::string& token_hash, const std::string& now) {
  auto rows = db_.query(sql::kReset, {token_hash, now});
  if (rows.empty()) return std::nullopt;
  return rows[0].text(0);
}

bool StaffRepository::use_reset(const std::string& token_hash, const std::string& staff_id,
                                const std::string& password_hash, const std::string& now, const audit::Entry& entry) {
  bool won = false;
  try {
    db_.transaction([&](db::Session& s) {
      won = false;
      if (s.execute(sql::kUseReset, {token_hash, now}) != 1) throw Lost{};
      if (s.execute(sql::kSetPassword, {staff_id, password_hash, now}) != 1) throw Lost{};
      s.execute(sql::kRevokeSessionsOf, {staff_id, now});
      s.execute(sql::kDeleteOpenResets, {staff_id});
      audit::AuditRepository::append(s, entry);
      won = true;
    });
  } catch (const Lost&) {
    return false;
  }
  return won;
}

namespace {
// A row that still holds a TOTP secret in the clear: its key (an account's id, an invitation's token hash) and the secret.
struct PlainSecretRow {
  std::string id;
  std::string totp_secret;
};
BOOST_DESCRIBE_STRUCT(PlainSecretRow, (), (id, totp_secret))

std::vector<std::pair<std::string, std::string>> pairs(const db::Rows& rows) {
  std::vector<std::pair<std::string, std::string>> out;
  for (auto& r : db::read_rows<PlainSecretRow>(rows)) out.emplace_back(std::move(r.id), std::move(r.totp_secret));
  return out;
}
}  // namespace

std::vector<std::pair<std::string, std::string>> StaffRepository::plain_account_secrets() {
  return pairs(db_.query(sql::kPlainAccountSecrets, {}));
}

std::vector<std::pair<std::string, std::string>> StaffRepository::plain_invitation_secrets() {
  return pairs(db_.query(sql::kPlainInvitationSecrets, {}));
}

bool StaffRepository::seal_account_secret(const std::string& id, const std::string& plain, const std::string& sealed) {
  return db_.execute(sql::kSealAccountSecret, {id, plain, sealed}) == 1;
}

bool StaffRepository::seal_invitation_secret(const std::string& token_hash, const std::string& plain,
                                             const std::string& sealed) {
  return db_.execute(sql::kSealInvitationSecret, {token_hash, plain, sealed}) == 1;
}

std::optional<std::string> StaffRepository::some_sealed_secret() {
  auto rows = db_.query(sql::kSomeSealedSecret, {});
  if (rows.empty()) return std::nullopt;
  return rows[0].text(0);
}

void StaffRepository::open_session(const SessionRow& r, const audit::Entry& entry) {
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kInsertSession,
              {r.id, r.staff_id, r.token_hash, r.created_at, r.expires_at, r.idle_until, r.client_address});
    audit::AuditRepository::append(s, entry);
  });
}

std::optional<LiveSession> StaffRepository::live_session(const std::string& token_hash, const std::string& now) {
  return db::read_first<LiveSession>(db_.query(sql::kLiveSession, {token_hash, now}));
}

void StaffRepository::touch_session(const std::string& session_id, const std::string& idle_until,
                                    const std::string& threshold) {
  db_.execute(sql::kTouchSession, {session_id, idle_until, threshold});
}

void StaffRepository::revoke_session(const std::string& session_id, const std::string& now) {
  db_.execute(sql::kRevokeSession, {session_id, now});
}

std::int64_t StaffRepository::revoke_sessions_of(const std::string& staff_id, const std::string& now,
                                                 const audit::Entry& entry) {
  std::int64_t n = 0;
  db_.transaction([&](db::Session& s) {
    n = s.execute(sql::kRevokeSessionsOf, {staff_id, now});
    audit::Entry recorded = entry;
    recorded.after = boost::json::value_from(SessionsRevokedAudit{n});
    audit::AuditRepository::append(s, recorded);
  });
  return n;
}

std::int64_t StaffRepository::set_status(const std::string& staff_id, const std::string& status, const std::string& now,
                                         const audit::Entry& entry) {
  std::int64_t ended = 0;
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kUpdateStatus, {staff_id, status, now});
    if (status == "disabled") {
      ended = s.execute(sql::kRevokeSessionsOf, {staff_id, now});
      s.execute(sql::kDeleteOpenInvitations, {staff_id});
    }
    audit::AuditRepository::append(s, entry);
  });
  return ended;
}

bool StaffRepository::remove_invited(const std::string& staff_id, const audit::Entry& entry) {
  bool removed = false;
  db_.transaction([&](db::Session& s) {
    removed = s.execute(sql::kDeleteInvited, {staff_id}) > 0;
    if (removed) audit::AuditRepository::append(s, entry);
  });
  return removed;
}

void StaffRepository::change_role(const std::string& staff_id, Role role, const std::string& now,
                                  const audit::Entry& entry) {
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kUpdateRole, {staff_id, std::string(role_name(role)), now});
    audit::AuditRepository::append(s, entry);
  });
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(Account, sql::kAccountByEmail);
PORTAL_ROW_READS(Account, sql::kAccountById);
PORTAL_ROW_READS(Account, sql::kAccountsOfTenant);
PORTAL_ROW_READS(OpenInvitation, sql::kInvitation);
PORTAL_ROW_READS(LiveSession, sql::kLiveSession);
PORTAL_ROW_READS(PlainSecretRow, sql::kPlainAccountSecrets);
PORTAL_ROW_READS(PlainSecretRow, sql::kPlainInvitationSecrets);
}  // namespace portal::staff
