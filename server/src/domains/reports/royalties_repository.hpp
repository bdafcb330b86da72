#pragma once
// The royalty statements' reads and writes (royalties_service.hpp): the issued months, their frozen
// lines and the usage aggregates a statement sums; a month issued in one transaction, its statement
// row and frozen lines. Blocking: call on the pool.
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/reports/usage_source.hpp"
#include "domains/reports/usage_types.hpp"

namespace portal::reports {

// An issued month: when and by whom.
struct IssuedMonth {
  std::string month, issued_at, issued_by;
};

// The reads a statement is made of, on the database or in the issuing transaction (`query` runs on
// either).
class RoyaltyReads {
 public:
  explicit RoyaltyReads(UsageQuery query) : query_(std::move(query)) {}
  std::map<std::string, IssuedMonth> issued_months(std::int64_t tenant_id) const;
  // The first month that has aggregates or a statement ("" when none).
  std::string first_month(std::int64_t tenant_id) const;
  // The frozen lines of the issued months in [from, to) (YYYY-MM), one per article and month.
  std::vector<RoyaltyLine> frozen_lines(std::int64_t tenant_id, const std::string& from, const std::string& to) const;
  // The usage aggregates of the months in [from, to) summed per article (title "": the catalog has it).
  std::vector<RoyaltyLine> usage_lines(std::int64_t tenant_id, const std::string& from, const std::string& to) const;
  // The licensor each article names in the catalog now (usage_licensors).
  std::map<std::int64_t, std::string> licensors(std::int64_t tenant_id, const std::set<std::int64_t>& ids) const;
  // The articles' titles (usage_titles).
  ArticleTitles titles(std::int64_t tenant_id, const std::vector<std::int64_t>& ids) const;

 private:
  UsageQuery query_;
};

class RoyaltiesRepository {
 public:
  explicit RoyaltiesRepository(db::Database& db) : db_(db) {}

  // The reads on the database, or in the issuing transaction.
  RoyaltyReads reads() const;
  static RoyaltyReads reads(db::Session& s);

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
