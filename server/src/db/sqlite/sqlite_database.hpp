#pragma once
// SQLite driver: one writer connection behind a mutex for execute() and
// transaction(), a small pool of read-only connections for query(). WAL lets
// the readers run while the writer writes. Each connection caches its
// prepared statements, keyed by the SQL text. Waiting for the writer or a
// reader ends after the checkout timeout with PoolExhausted.
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "db/database.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace portal::db {

// "$1 ... $12" -> "?1 ... ?12", leaving quoted text and comments alone.
std::string sqlite_placeholders(std::string_view sql);

class SqliteConnection final : public Session {
 public:
  SqliteConnection(const std::string& path, bool reader);
  ~SqliteConnection() override;
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  Rows query(std::string_view sql, const Params& params = {}) override;
  std::int64_t execute(std::string_view sql, const Params& params = {}) override;
  void execute_script(std::string_view sql) override;

  // True when the statement does not write (decides reader vs writer).
  bool read_only(std::string_view sql);
  bool in_transaction() const;

 private:
  sqlite3_stmt* prepare(std::string_view sql);
  void bind(sqlite3_stmt* stmt, const Params& params);
  [[noreturn]] void fail(int rc, std::string_view sql) const;

  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, sqlite3_stmt*> statements_;
};

class SqliteDatabase final : public Database {
 public:
  // readers: number of read connections (0 for ":memory:", whose connections
  // would each see a different empty database).
  SqliteDatabase(const std::string& path, int readers,
                 std::chrono::milliseconds checkout_timeout = kDefaultCheckoutTimeout);
  ~SqliteDatabase() override;

  std::string_view dialect() const override { return "sqlite"; }
  Rows query(std::string_view sql, const Params& params = {}) override;
  std::int64_t execute(std::string_view sql, const Params& params = {}) override;
  void transaction(const std::function<void(Session&)>& fn) override;
  bool ping() noexcept override;

 private:
  class ReaderLease;
  using WriterLock = std::unique_lock<std::recursive_timed_mutex>;
  WriterLock lock_writer();

  std::chrono::milliseconds checkout_timeout_;
  // Recursive so that a stray db.execute() inside transaction() on the same
  // thread joins the transaction instead of deadlocking.
  std::recursive_timed_mutex writer_mutex_;
  std::unique_ptr<SqliteConnection> writer_;

  std::mutex readers_mutex_;
  std::condition_variable readers_cv_;
  std::vector<std::unique_ptr<SqliteConnection>> readers_;
  std::vector<SqliteConnection*> idle_readers_;
};

}  // namespace portal::db
