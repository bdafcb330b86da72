#include "domains/identity/tokens_repository.hpp"

#include <boost/describe/class.hpp>

#include "db/row_reads.hpp"
#include "domains/identity/identity_sql.hpp"

namespace portal::identity {

BOOST_DESCRIBE_STRUCT(TokensRepository::AccessRow, (), (session_id, user_uuid))
BOOST_DESCRIBE_STRUCT(CodeRow, (), (user_uuid, redirect_url, expires_at))
BOOST_DESCRIBE_STRUCT(ResetRow, (), (user_uuid, expires_at))
BOOST_DESCRIBE_STRUCT(PendingRegistration, (), (email, name, last_name, password_hash, redirect_url))
BOOST_DESCRIBE_STRUCT(EmailChange, (), (user_uuid, new_email))

namespace {

// The columns of sql::kRefreshToken.
struct RefreshRow {
  std::string session_id;
  std::string expires_at;
  std::optional<std::string> used_at;
  std::optional<std::string> successor;
};
BOOST_DESCRIBE_STRUCT(RefreshRow, (), (session_id, expires_at, used_at, successor))

void insert_pair(db::Session& s, std::int64_t tenant_id, const std::string& session_id, const IssuedHashes& h,
                 const std::string& now) {
  s.execute(sql::kInsertAccessToken, {tenant_id, h.access_hash, session_id, h.access_expires, now});
  s.execute(sql::kInsertRefreshToken, {tenant_id, h.refresh_hash, session_id, h.refresh_expires, now});
}

}  // namespace

void TokensRepository::open_session(std::int64_t tenant_id, const std::string& session_id,
                                    const std::string& user_uuid, const IssuedHashes& hashes, const std::string& now) {
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kInsertSession, {tenant_id, session_id, user_uuid, now});
    insert_pair(s, tenant_id, session_id, hashes, now);
  });
}

bool TokensRepository::rotate(std::int64_t tenant_id, const std::string& used_refresh_hash,
                              const std::string& session_id, const IssuedHashes& next, const std::string& successor,
                              const std::string& now) {
  bool rotated = false;
  db_.transaction([&](db::Session& s) {
    rotated = false;  // a retried transaction (db::TransientError) decides again
    if (s.execute(sql::kUseRefreshToken, {tenant_id, used_refresh_hash, now, successor}) != 1) return;
    s.execute(sql::kForgetSuccessors, {tenant_id, session_id, used_refresh_hash});
    insert_pair(s, tenant_id, session_id, next, now);
    rotated = true;
  });
  return rotated;
}

std::optional<RefreshState> TokensRepository::refresh_state(std::int64_t tenant_id, const std::string& hash) {
  auto r = db::read_first<RefreshRow>(db_.query(sql::kRefreshToken, {tenant_id, hash}));
  if (!r) return std::nullopt;
  return RefreshState{r->session_id, r->expires_at, r->used_at.has_value(), r->used_at.value_or(""),
                      r->successor.value_or("")};
}

std::optional<TokensRepository::AccessRow> TokensRepository::access(std::int64_t tenant_id,
                                                                    const std::string& access_hash,
                                                                    const std::string& now) {
  return db::read_first<AccessRow>(db_.query(sql::kAccessTokenSession, {tenant_id, access_hash, now}));
}

bool TokensRepository::session_revoked(std::int64_t tenant_id, const std::string& session_id) {
  const auto revoked_at = db::read_value<std::optional<std::string>>(db_.query(sql::kSessionRevoked, {tenant_id, session_id}));
  return !revoked_at || revoked_at->has_value();  // no such session, or revoked
}

bool TokensRepository::revoke_session(std::int64_t tenant_id, const std::string& session_id,
                                      const std::string& reason, const std::string& now) {
  return db_.execute(sql::kRevokeSession, {tenant_id, session_id, now, reason}) > 0;
}

void TokensRepository::revoke_user_sessions(std::int64_t tenant_id, const std::string& user_uuid,
                                            const std::string& reason, const std::string& now) {
  db_.execute(sql::kRevokeUserSessions, {tenant_id, user_uuid, now, reason});
}

std::int64_t TokensRepository::revoke_user_sessions(db::Session& s, std::int64_t tenant_id,
                                                    const std::string& user_uuid, const std::string& reason,
                                                    const std::string& now) {
  return s.execute(sql::kRevokeUserSessions, {tenant_id, user_uuid, now, reason});
}

void TokensRepository::insert_code(std::int64_t tenant_id, const std::string& code_hash, const std::string& user_uuid,
                                   const std::string& redirect_url, const std::string& expires_at,
                                   const std::string& now) {
  db_.execute(sql::kInsertCode, {tenant_id, code_hash, user_uuid, redirect_url, expires_at, now});
}

bool TokensRepository::use_code(std::int64_t tenant_id, const std::string& code_hash, const std::string& now) {
  return db_.execute(sql::kUseCode, {tenant_id, code_hash, now}) == 1;
}

std::optional<CodeRow> TokensRepository::code(std::int64_t tenant_id, const std::string& code_hash) {
  return db::read_first<CodeRow>(db_.query(sql::kCode, {tenant_id, code_hash}));
}

void TokensRepository::delete_stale_codes(std::int64_t tenant_id, const std::string& before) {
  db_.execute(sql::kDeleteStaleCodes, {tenant_id, before});
}

void TokensRepository::insert_reset(std::int64_t tenant_id, const std::string& token_hash,
                                    const std::string& user_uuid, const std::string& expires_at,
                                    const std::string& now) {
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kDeleteUserResets, {tenant_id, user_uuid});
    s.execute(sql::kInsertReset, {tenant_id, token_hash, user_uuid, expires_at, now});
  });
}

bool TokensRepository::use_reset(std::int64_t tenant_id, const std::string& token_hash, const std::string& now) {
  return db_.execute(sql::kUseReset, {tenant_id, token_hash, now}) == 1;
}

std::optional<ResetRow> TokensRepository::reset(std::int64_t tenant_id, const std::string& token_hash) {
  return db::read_first<ResetRow>(db_.query(sql::kReset, {tenant_id, token_hash}));
}

void TokensRepository::insert_registration(std::int64_t tenant_id, const std::string& token_hash,
                                           const PendingRegistration& r, const std::string& expires_at,
                                           const std::string& now) {
  db_.execute(sql::kInsertRegistration, {tenant_id, token_hash, r.email, r.name, r.last_name, r.password_hash,
                                         r.redirect_url, expires_at, now});
}

std::optional<PendingRegistration> TokensRepository::use_registration(std::int64_t tenant_id,
                                                                      const std::string& token_hash,
                                                                      const std::string& now) {
  if (db_.execute(sql::kUseRegistration, {tenant_id, token_hash, now}) != 1) return std::nullopt;
  return db::read_first<PendingRegistration>(db_.query(sql::kRegistration, {tenant_id, token_hash}));
}

void TokensRepository::delete_stale_registrations(std::int64_t tenant_id, const std::string& before) {
  db_.execute(sql::kDeleteStaleRegistrations, {tenant_id, before});
}

void TokensRepository::insert_email_change(std::int64_t tenant_id, const std::string& token_hash,
                                           const std::string& user_uuid, const std::string& new_email,
                                           const std::string& expires_at, const std::string& now) {
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kDeleteUserEmailChanges, {tenant_id, user_uuid});
    s.execute(sql::kInsertEmailChange, {tenant_id, token_hash, user_uuid, new_email, expires_at, now});
  });
}

std::optional<std::string> TokensRepository::pending_email(std::int64_t tenant_id, const std::string& user_uuid,
                                                           const std::string& now) {
  return db::read_value<std::string>(db_.query(sql::kPendingEmail, {tenant_id, user_uuid, now}));
}

std::optional<EmailChange> TokensRepository::use_email_change(std::int64_t tenant_id, const std::string& token_hash,
                                                              const std::string& now) {
  if (db_.execute(sql::kUseEmailChange, {tenant_id, token_hash, now}) != 1) return std::nullopt;
  return db::read_first<EmailChange>(db_.query(sql::kEmailChange, {tenant_id, token_hash}));
}

void TokensRepository::drop_email_changes(std::int64_t tenant_id, const std::string& user_uuid) {
  db_.execute(sql::kDeleteUserEmailChanges, {tenant_id, user_uuid});
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(RefreshRow, sql::kRefreshToken);
PORTAL_ROW_READS(TokensRepository::AccessRow, sql::kAccessTokenSession);
PORTAL_ROW_READS(CodeRow, sql::kCode);
PORTAL_ROW_READS(ResetRow, sql::kReset);
PORTAL_ROW_READS(PendingRegistration, sql::kRegistration);
PORTAL_ROW_READS(EmailChange, sql::kEmailChange);
}  // namespace portal::identity
