#pragma once
// Failed sign-ins per account (the e-mail as typed) and per client address,
// kept in the database so several portal instances share the count.
// Blocking; tenant id first.
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"

namespace portal::identity {

enum class ThrottleScope { account, address };

struct FailureWindow {
  std::int64_t count = 0;
  std::string oldest;  // ISO time of the oldest failure in the window; "" when none
};

class ThrottleRepository {
 public:
  explicit ThrottleRepository(db::Database& db) : db_(db) {}
  void record(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject, const std::string& now);
  FailureWindow since(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject,
                      const std::string& window_start);
  void clear(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject);
  void prune(std::int64_t tenant_id, const std::string& before);

 private:
  db::Database& db_;
};

}  // namespace portal::identity
