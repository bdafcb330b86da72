#pragma once
// Many rows written with few statements. A million-article import writes about twenty rows an article; one
// statement a row is one round trip a row on PostgreSQL (≈ 0.15 ms through PgBouncer), which held an import to
// ≈ 300 articles a second. These send the rows of one statement together:
//
//   RowBatch texts(s, sql::kInsertText);      // a one-row INSERT whose VALUES tuple holds $1..$k
//   texts.add({tenant, id, "en", title, description});   // sent when kRowsPerStatement rows are waiting
//   texts.flush();                            // the rest; also the caller's job before it reads what it wrote
//
//   execute_for_ids(s, "DELETE FROM t WHERE tenant_id = $1 AND article_id IN ({ids})", {tenant}, ids);
//
// Both are portable: a multi-row VALUES list (with its ON CONFLICT tail) and an IN list of placeholders run on
// SQLite and PostgreSQL alike. A statement carries at most kMaxParameters values (SQLite allows 32,766, PostgreSQL
// 65,535). Rows are sent in the order they were added; a caller that needs one table's rows before another's
// flushes the first batch before it adds to the second.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"

namespace portal::db {

inline constexpr std::size_t kMaxParameters = 30000;
inline constexpr std::size_t kRowsPerStatement = 500;

class RowBatch {
 public:
  // `insert` is "INSERT INTO t (a, b) VALUES ($1, $2) [tail]"; its tuple names each of $1..$k once.
  RowBatch(Session& session, std::string_view insert);
  RowBatch(const RowBatch&) = delete;
  RowBatch& operator=(const RowBatch&) = delete;
  ~RowBatch() = default;  // rows not flushed are dropped: a throw on the way must not write half a batch

  void add(Params row);  // k values
  void flush();
  std::size_t rows_per_statement() const { return rows_per_statement_; }

 private:
  std::string statement(std::size_t rows) const;

  Session& session_;
  std::string head_, tuple_, tail_;  // "INSERT ... VALUES ", "($1, $2)", " ON CONFLICT ..."
  std::size_t width_ = 0;            // k
  std::size_t rows_per_statement_ = 0;
  std::string full_;  // the statement of rows_per_statement_ rows, made once
  Params waiting_;
};

// Runs `sql` (whose `{ids}` stands for a list of placeholders following `fixed`'s) for every id, in statements of
// up to kRowsPerStatement ids; answers the rows affected.
std::int64_t execute_for_ids(Session& session, std::string_view sql, const Params& fixed,
                             const std::vector<std::int64_t>& ids);

}  // namespace portal::db
