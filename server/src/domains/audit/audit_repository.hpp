#pragma once
// Writes and reads audit entries. append() takes the session of the write it
// records, so the entry and the change commit (or roll back) together.
// Blocking: call from the database pool.
#include <cstdint>

#include "db/database.hpp"
#include "domains/audit/audit_types.hpp"

namespace portal::audit {

class AuditRepository {
 public:
  explicit AuditRepository(db::Database& db) : db_(db) {}

  static void append(db::Session& session, const Entry& entry);

  // The tenant's entries matching a validated filter, newest first, one page.
  Page list(std::int64_t tenant_id, const Filter& filter);
  // Every matching entry up to `limit`, newest first (the CSV export).
  std::vector<Entry> all(std::int64_t tenant_id, const Filter& filter, std::int64_t limit);

 private:
  db::Database& db_;
};

}  // namespace portal::audit
