#pragma once
// Users of one tenant. Blocking; tenant id first. An e-mail or MSISDN taken
// in the tenant is an outcome (Written::already_exists), not an exception;
// exceptions mean broken infrastructure.
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "domains/identity/identity_types.hpp"

namespace portal::identity {

// The outcome of a write that can meet the tenant's unique e-mail or MSISDN.
enum class Written { done, already_exists };

class UsersRepository {
 public:
  explicit UsersRepository(db::Database& db) : db_(db) {}

  Written insert(std::int64_t tenant_id, const User& user);
  // A user as registration and a saved language leave one, at past times (user.tenant_id, its language,
  // created_at and updated_at), in the caller's transaction: the synthetic activity (docs/operations.md).
  void insert_past(db::Session& s, const User& user);
  std::optional<User> by_uuid(std::int64_t tenant_id, const std::string& uuid);
  std::optional<User> by_email(std::int64_t tenant_id, const std::string& email);
  std::optional<User> by_msisdn(std::int64_t tenant_id, const std::string& msisdn);
  // How many users have an address matching a LIKE pattern ("gen-1-%@example.test").
  std::int64_t count_by_email(std::int64_t tenant_id, const std::string& pattern);

  // Name, last name and userInformation (the e-mail changes by set_email only).
  void update_profile(std::int64_t tenant_id, const std::string& uuid, const ProfileInput& profile,
                      const std::string& now);
  // The confirmed address of an e-mail change.
  Written set_email(std::int64_t tenant_id, const std::string& uuid, const std::string& email, const std::string& now);
  void set_password(std::int64_t tenant_id, const std::string& uuid, const std::string& hash, const std::string& now);
  void set_theme(std::int64_t tenant_id, const std::string& uuid, bool alternate, const std::string& now);
  void set_lang(std::int64_t tenant_id, const std::string& uuid, const std::string& lang, const std::string& now);

 private:
  std::optional<User> one(std::string_view sql, std::int64_t tenant_id, const std::string& key);
  db::Database& db_;
};

}  // namespace portal::identity
