#pragma once
// Counted sign-in failures, registrations and reset requests, kept in the
// database so several portal instances share the counts. Blocking; tenant id
// first.
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"

namespace portal::identity {

enum class ThrottleScope {
  pair,           // failed sign-ins of one account from one address
  account,        // failed sign-ins of one account from anywhere
  address,        // failed sign-ins from one address, any account
  device,         // failed sign-ins with one device cookie (its nonce)
  registration,   // registrations from one address
  reset_address,  // reset mails asked for from one address
  reset_email,    // reset mails asked for one e-mail
  confirm_email,  // mails with a confirmation link to one e-mail (registration, e-mail change)
};

struct AttemptWindow {
  std::int64_t count = 0;
  std::string oldest;  // ISO time of the oldest attempt in the window; "" when none
  std::string newest;  // ISO time of the newest attempt in the window; "" when none
};

class ThrottleRepository {
 public:
  explicit ThrottleRepository(db::Database& db) : db_(db) {}
  void record(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject, const std::string& now);
  AttemptWindow since(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject,
                      const std::string& window_start);
  void clear(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject);
  // In the caller's transaction: the failed sign-ins that lock one account (its own count and
  // each address's count for it; `pair_prefix` is "<account>|"). Answers how many rows went.
  std::int64_t clear_account(db::Session& s, std::int64_t tenant_id, const std::string& account,
                             const std::string& pair_prefix);
  void prune(std::int64_t tenant_id, const std::string& before);

 private:
  db::Database& db_;
};

}  // namespace portal::identity
