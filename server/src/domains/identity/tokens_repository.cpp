#include "domains/identity/tokens_repository.hpp"

#include "domains/identity/identity_sql.hpp"

namespace portal::identity {
namespace {

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
  auto rows = db_.query(sql::kRefreshToken, {tenant_id, hash});
  if (rows.empty()) return std::nullopt;
  const auto& r = rows[0];
  return RefreshState{r.text(0), r.text(1), !r.is_null(2), r.optional_text(2).value_or(""), r.optional_text(3).value_or("")};
}

std::optional<TokensRepository::AccessRow> TokensRepository::access(std::int64_t tenant_id,
                                                                    const std::string& access_hash,
                                                                    const std::string& now) {
  auto rows = db_.query(sql::kAccessTokenSession, {tenant_id, access_hash, now});
  if (rows.empty()) return std::nullopt;
  return AccessRow{rows[0].text(0), rows[0].text(1)};
}

bool TokensRepository::session_revoked(std::int64_t tenant_id, const std::string& session_id) {
  auto rows = db_.query(sql::kSessionRevoked, {tenant_id, session_id});
  return rows.empty() || !rows[0].is_null(0);
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
  auto rows = db_.query(sql::kCode, {tenant_id, code_hash});
  if (rows.empty()) return std::nullopt;
  return CodeRow{rows[0].text(0), rows[0].text(1), rows[0].text(2)};
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
  auto rows = db_.query(sql::kReset, {tenant_id, token_hash});
  if (rows.empty()) return std::nullopt;
  return ResetRow{rows[0].text(0), rows[0].text(1)};
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
  auto rows = db_.query(sql::kRegistration, {tenant_id, token_hash});
  if (rows.empty()) return std::nullopt;
  const auto& r = rows[0];
  return PendingRegistration{r.text(0), r.text(1), r.text(2), r.text(3), r.text(4)};
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
  auto rows = db_.query(sql::kPendingEmail, {tenant_id, user_uuid, now});
  if (rows.empty()) return std::nullopt;
  return rows[0].text(0);
}

std::optional<EmailChange> TokensRepository::use_email_change(std::int64_t tenant_id, const std::string& token_hash,
                                                              const std::string& now) {
  if (db_.execute(sql::kUseEmailChange, {tenant_id, token_hash, now}) != 1) return std::nullopt;
  auto rows = db_.query(sql::kEmailChange, {tenant_id, token_hash});
  if (rows.empty()) return std::nullopt;
  return EmailChange{rows[0].text(0), rows[0].text(1)};
}

void TokensRepository::drop_email_changes(std::int64_t tenant_id, const std::string& user_uuid) {
  db_.execute(sql::kDeleteUserEmailChanges, {tenant_id, user_uuid});
}

}  // namespace portal::identity
