#pragma once
// Sessions (token families), access and refresh tokens, one-time codes,
// password-reset sessions, and the links of registrations and e-mail changes.
// Only SHA-256 hashes of secrets reach this layer (and a refresh token's
// successor pair sealed with a key of the used token, credentials.hpp).
// Blocking; tenant id first. Times are ISO-8601 UTC text.
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"

namespace portal::identity {

struct IssuedHashes {
  std::string access_hash;
  std::string access_expires;
  std::string refresh_hash;
  std::string refresh_expires;
};

struct RefreshState {
  std::string session_id;
  std::string expires_at;
  bool used = false;
  std::string used_at;    // "" while unused
  std::string successor;  // the sealed successor pair; "" when none or forgotten
};

struct CodeRow {
  std::string user_uuid;
  std::string redirect_url;
  std::string expires_at;
};

struct ResetRow {
  std::string user_uuid;
  std::string expires_at;
};

struct PendingRegistration {
  std::string email;
  std::string name;
  std::string last_name;
  std::string password_hash;
  std::string redirect_url;
};

struct EmailChange {
  std::string user_uuid;
  std::string new_email;
};

class TokensRepository {
 public:
  explicit TokensRepository(db::Database& db) : db_(db) {}

  // A new session with its first token pair, in one transaction.
  void open_session(std::int64_t tenant_id, const std::string& session_id, const std::string& user_uuid,
                    const IssuedHashes& hashes, const std::string& now);
  // Marks the refresh token used (keeping `successor`, the sealed next pair),
  // adds the next pair to its session and forgets the sealed successors of
  // the family's older tokens, in one transaction; false when the token was
  // already used (or is unknown): nothing is written then.
  bool rotate(std::int64_t tenant_id, const std::string& used_refresh_hash, const std::string& session_id,
              const IssuedHashes& next, const std::string& successor, const std::string& now);
  std::optional<RefreshState> refresh_state(std::int64_t tenant_id, const std::string& refresh_hash);

  // The session and user of a live access token (unexpired, session not revoked).
  struct AccessRow {
    std::string session_id;
    std::string user_uuid;
  };
  std::optional<AccessRow> access(std::int64_t tenant_id, const std::string& access_hash, const std::string& now);

  bool session_revoked(std::int64_t tenant_id, const std::string& session_id);
  bool revoke_session(std::int64_t tenant_id, const std::string& session_id, const std::string& reason,
                      const std::string& now);
  void revoke_user_sessions(std::int64_t tenant_id, const std::string& user_uuid, const std::string& reason,
                            const std::string& now);
  // The same in the caller's transaction; answers how many sessions ended.
  std::int64_t revoke_user_sessions(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                                    const std::string& reason, const std::string& now);
  db::Database& database() { return db_; }

  void insert_code(std::int64_t tenant_id, const std::string& code_hash, const std::string& user_uuid,
                   const std::string& redirect_url, const std::string& expires_at, const std::string& now);
  // Marks the code used; true for exactly one caller.
  bool use_code(std::int64_t tenant_id, const std::string& code_hash, const std::string& now);
  std::optional<CodeRow> code(std::int64_t tenant_id, const std::string& code_hash);
  void delete_stale_codes(std::int64_t tenant_id, const std::string& before);

  // The user's one live reset session: older ones are deleted in the same transaction.
  void insert_reset(std::int64_t tenant_id, const std::string& token_hash, const std::string& user_uuid,
                    const std::string& expires_at, const std::string& now);
  bool use_reset(std::int64_t tenant_id, const std::string& token_hash, const std::string& now);
  std::optional<ResetRow> reset(std::int64_t tenant_id, const std::string& token_hash);

  void insert_registration(std::int64_t tenant_id, const std::string& token_hash, const PendingRegistration& r,
                           const std::string& expires_at, const std::string& now);
  // Spends an unexpired, unused registration link; nullopt for exactly the other callers.
  std::optional<PendingRegistration> use_registration(std::int64_t tenant_id, const std::string& token_hash,
                                                      const std::string& now);
  void delete_stale_registrations(std::int64_t tenant_id, const std::string& before);

  // The user's one live e-mail change: older ones are deleted in the same transaction.
  void insert_email_change(std::int64_t tenant_id, const std::string& token_hash, const std::string& user_uuid,
                           const std::string& new_email, const std::string& expires_at, const std::string& now);
  std::optional<std::string> pending_email(std::int64_t tenant_id, const std::string& user_uuid, const std::string& now);
  // Spends an unexpired, unused e-mail-change link; nullopt for exactly the other callers.
  std::optional<EmailChange> use_email_change(std::int64_t tenant_id, const std::string& token_hash,
                                              const std::string& now);
  void drop_email_changes(std::int64_t tenant_id, const std::string& user_uuid);

 private:
  db::Database& db_;
};

}  // namespace portal::identity
