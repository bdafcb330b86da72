#pragma once
// Reads and writes of the bulk jobs (bulk_sql.hpp), tenant id first but for the worker's look for open jobs, which
// serves every tenant. Blocking: call from the database pool or the worker's thread.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/bulk/bulk_types.hpp"

namespace portal::bulk {

class BulkRepository {
 public:
  explicit BulkRepository(db::Database& db) : db_(db) {}

  // The job and its items (in the caller's transaction, with its Idempotency-Key mark).
  static void insert(db::Session& s, const Job& job, const std::vector<std::string>& targets);
  void transaction(const std::function<void(db::Session&)>& fn) { db_.transaction(fn); }
  std::optional<Job> find(std::int64_t tenant_id, const std::string& id);
  std::vector<Failure> failures(std::int64_t tenant_id, const std::string& id, std::int64_t limit);

  // The worker.
  std::vector<Job> open(const std::string& now, std::int64_t limit);
  bool claim(std::int64_t tenant_id, const std::string& id, const std::string& holder, const std::string& now,
             const std::string& until);
  bool renew(std::int64_t tenant_id, const std::string& id, const std::string& holder, const std::string& until);
  void release(std::int64_t tenant_id, const std::string& id, const std::string& holder);
  std::vector<Item> pending(std::int64_t tenant_id, const std::string& id, std::int64_t limit);
  // In the row's transaction: false when the row was no longer pending (another holder did it).
  static bool mark_done(db::Session& s, std::int64_t tenant_id, const std::string& id, std::int64_t position);
  // A refused row (nothing written), in a transaction of its own.
  void mark_failed(std::int64_t tenant_id, const std::string& id, std::int64_t position, const std::string& code,
                   const std::string& reason);
  bool finish(std::int64_t tenant_id, const std::string& id, const std::string& holder, const std::string& now);

 private:
  db::Database& db_;
};

}  // namespace portal::bulk
