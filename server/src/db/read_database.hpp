#pragma once
// The read handle (docs/operations.md "Read replicas"): the database of the repositories whose reads may be a moment
// old (the storefront's catalog, search and structures, the reports). A SELECT made in a request the route table
// lets read from a replica (db/read_scope.hpp) goes to one that may serve the reader (db/replicas.hpp), and to the
// primary when none may or the replica fails; every other statement, every transaction, and every read outside
// such a request goes to the primary. A write through it sends the rest of the request's reads to the primary.
// Without replicas it is the primary itself, statement for statement.
#include "db/database.hpp"
#include "db/replicas.hpp"

namespace portal::db {

class ReadDatabase final : public Database {
 public:
  // replicas: null, or the set the health check keeps current.
  ReadDatabase(Database& primary, ReplicaSet* replicas) : primary_(primary), replicas_(replicas) {}

  std::string_view dialect() const override { return primary_.dialect(); }
  Rows query(std::string_view sql, const Params& params = {}) override;
  std::int64_t execute(std::string_view sql, const Params& params = {}) override;
  void transaction(const std::function<void(Session&)>& fn) override;
  bool ping() noexcept override { return primary_.ping(); }

 private:
  Database& primary_;
  ReplicaSet* replicas_;
};

// Whether a statement only reads: it starts with SELECT (a WITH may hide a write; it goes to the primary).
bool reads_only(std::string_view sql);

}  // namespace portal::db
