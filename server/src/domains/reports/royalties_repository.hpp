#pragma once
// The royalty statements' writes (royalties_service.hpp): a month issued in one transaction, its
// statement row and frozen lines. Blocking: call on the pool.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/reports/usage_types.hpp"

namespace portal::reports {

class RoyaltiesRepository {
 public:
  explicit RoyaltiesRepository(db::Database& db) : db_(db) {}

  enum class Issue { issued, already_issued };
  // Runs `work` (the service's checks, insert_statement and the audit entry) in one transaction.
  // already_issued when royalty_statements' primary key refused the month (another instance issued it
  // at the same moment): all of it rolled back. Any other exception of `work` passes through.
  Issue issuing(const std::function<void(db::Session&)>& work);
  // The month's statement row and its frozen lines, in the issuing transaction.
  static void insert_statement(db::Session& s, std::int64_t tenant_id, const std::string& month, const std::string& at,
                               const std::string& actor, const std::vector<RoyaltyLine>& lines);

 private:
  db::Database& db_;
};

}  // namespace portal::reports
