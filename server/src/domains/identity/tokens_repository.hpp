#pragma once
// Sessions (token families), access and refresh tokens, one-time codes and
// password-reset sessions. Only SHA-256 hashes of secrets reach this layer.
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

class TokensRepository {
 public:
  explicit TokensRepository(db::Database& db) : db_(db) {}

  // A new session with its first token pair, in one transaction.
  void open_session(std::int64_t tenant_id, const std::string& session_id, const std::string& user_uuid,
                    const IssuedHashes& hashes, const std::string& now);
  // Marks the refresh token used and adds the next pair to its session, in
  // one transaction; false when the token was already used (or is unknown):
  // nothing is added then.
  bool rotate(std::int64_t tenant_id, const std::string& used_refresh_hash, const std::string& session_id,
              const IssuedHashes& next, const std::string& now);
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

  void insert_code(std::int64_t tenant_id, const std::string& code_hash, const std::string& user_uuid,
                   const std::string& redirect_url, const std::string& expires_at, const std::string& now);
  // Marks the code used; true for exactly one caller.
  bool use_code(std::int64_t tenant_id, const std::string& code_hash, const std::string& now);
  std::optional<CodeRow> code(std::int64_t tenant_id, const std::string& code_hash);
  void delete_stale_codes(std::int64_t tenant_id, const std::string& before);

  void insert_reset(std::int64_t tenant_id, const std::string& token_hash, const std::string& user_uuid,
                    const std::string& expires_at, const std::string& now);
  bool use_reset(std::int64_t tenant_id, const std::string& token_hash, const std::string& now);
  std::optional<ResetRow> reset(std::int64_t tenant_id, const std::string& token_hash);

 private:
  db::Database& db_;
};

}  // namespace portal::identity
