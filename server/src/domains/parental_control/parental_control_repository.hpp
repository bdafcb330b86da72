#pragma once
// Parental-control storage. Every call takes the tenant id and the user's
// uuid and blocks: run it on the database pool. The lock-out count and the
// single use of a reset code are decided by single statements.
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "domains/parental_control/parental_control_types.hpp"

namespace portal::parental_control {

class ParentalControlRepository {
 public:
  explicit ParentalControlRepository(db::Database& db) : db_(db) {}

  std::optional<Account> account(std::int64_t tenant_id, const std::string& user_uuid);
  // The maxAgeGroup while active, else nullopt (one indexed read per request).
  std::optional<int> active_limit(std::int64_t tenant_id, const std::string& user_uuid);
  // A first account; false when one exists already.
  bool insert(std::int64_t tenant_id, const std::string& user_uuid, const Account& a, const std::string& now);
  void save(std::int64_t tenant_id, const std::string& user_uuid, const Account& a, const std::string& now);
  // Counts one attempt unless locked at `now`; false when locked.
  bool take_attempt(std::int64_t tenant_id, const std::string& user_uuid, const std::string& now, int max_attempts,
                    const std::string& lock_until);
  void clear_attempts(std::int64_t tenant_id, const std::string& user_uuid);

  // Reset codes (stored as SHA-256 hex only).
  std::int64_t codes_since(std::int64_t tenant_id, const std::string& user_uuid, const std::string& since);
  // Retires the user's open codes and stores the new one, in one transaction.
  void replace_code(std::int64_t tenant_id, const std::string& user_uuid, const std::string& code_hash,
                    const std::string& now, const std::string& expires_at);
  // Uses the code and sets the new password in one transaction; false when
  // the code is unknown, used or expired.
  bool use_code_and_set_password(std::int64_t tenant_id, const std::string& user_uuid, const std::string& code_hash,
                                 const std::string& password_hash, const std::string& now);

 private:
  db::Database& db_;
};

}  // namespace portal::parental_control
