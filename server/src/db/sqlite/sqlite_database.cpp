#include "db/sqlite/sqlite_database.hpp"

#include <sqlite3.h>

#include "db/pool_stats.hpp"

namespace portal::db {

namespace {

constexpr int kBusyTimeoutMs = 5000;
// Statements come from named constants, so the cache stays small; the bound
// only guards against a caller that builds SQL dynamically.
constexpr std::size_t kMaxCachedStatements = 512;

// Resets a cached statement whatever happens, so it never holds a read
// snapshot (which would stop WAL checkpoints) or stale bindings.
struct StatementReset {
  sqlite3_stmt* stmt;
  ~StatementReset() {
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
  }
};

Value column_value(sqlite3_stmt* stmt, int i) {
  switch (sqlite3_column_type(stmt, i)) {
    case SQLITE_INTEGER:
      return static_cast<std::int64_t>(sqlite3_column_int64(stmt, i));
    case SQLITE_FLOAT:
      return sqlite3_column_double(stmt, i);
    case SQLITE_NULL:
      return nullptr;
    default: {  // TEXT and BLOB both come back as bytes
      const auto* data = static_cast<const char*>(sqlite3_column_blob(stmt, i));
      int size = sqlite3_column_bytes(stmt, i);
      return std::string(data ? data : "", static_cast<std::size_t>(size));
    }
  }
}

}  // namespace

std::string sqlite_placeholders(std::string_view sql) {
  std::string out;
  out.reserve(sql.size());
  std::size_t i = 0;
  auto copy_until = [&](std::string_view end) {
    std::size_t stop = sql.find(end, i);
    stop = stop == std::string_view::npos ? sql.size() : stop + end.size();
    out.append(sql.substr(i, stop - i));
    i = stop;
  };
  while (i < sql.size()) {
    char c = sql[i];
    if (c == '\'' || c == '"') {
      out.push_back(c);
      ++i;
      copy_until(std::string_view(&sql[i - 1], 1));  // '' escapes are two adjacent literals
    } else if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {
      copy_until("\n");
    } else if (c == '/' && i + 1 < sql.size() && sql[i + 1] == '*') {
      copy_until("*/");
    } else if (c == '$' && i + 1 < sql.size() && sql[i + 1] >= '0' && sql[i + 1] <= '9') {
      out.push_back('?');
      ++i;
    } else {
      out.push_back(c);
      ++i;
    }
  }
  return out;
}

SqliteConnection::SqliteConnection(const std::string& path, bool reader) {
  // Before SQLite initialises (the first connection): no memory statistics,
  // whose global mutex every allocation of every connection would take.
  static const bool configured = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
  (void)configured;
  // NOMUTEX: our own locks guarantee one thread per connection at a time.
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw Error("cannot open SQLite database '" + path + "': " + message);
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
  try {
    if (!reader) execute_script("PRAGMA journal_mode=WAL");
    execute_script("PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL");
    // A reader that tried to write would bypass the writer mutex.
    if (reader) execute_script("PRAGMA query_only=ON");
  } catch (...) {
    sqlite3_close_v2(db_);
    throw;
  }
}

SqliteConnection::~SqliteConnection() {
  for (auto& [sql, stmt] : statements_) sqlite3_finalize(stmt);
  sqlite3_close_v2(db_);
}

void SqliteConnection::fail(int rc, std::string_view sql) const {
  std::string message = sqlite3_errmsg(db_);
  std::string context = sql.empty() ? std::string() : " [" + std::string(sql.substr(0, 200)) + "]";
  if ((rc & 0xff) == SQLITE_CONSTRAINT) throw ConstraintError(message);
  throw Error("sqlite: " + message + context);
}

sqlite3_stmt* SqliteConnection::prepare(std::string_view sql) {
  std::string key(sql);
  if (auto it = statements_.find(key); it != statements_.end()) return it->second;
  if (statements_.size() >= kMaxCachedStatements) {
    for (auto& [text, stmt] : statements_) sqlite3_finalize(stmt);
    statements_.clear();
  }
  std::string rewritten = sqlite_placeholders(sql);
  sqlite3_stmt* stmt = nullptr;
  const char* tail = nullptr;
  int rc = sqlite3_prepare_v3(db_, rewritten.c_str(), static_cast<int>(rewritten.size()),
                              SQLITE_PREPARE_PERSISTENT, &stmt, &tail);
  if (rc != SQLITE_OK) fail(rc, sql);
  if (!stmt) throw Error("sqlite: empty statement");
  // One statement per call: trailing SQL would silently be ignored otherwise.
  for (; tail && *tail; ++tail) {
    if (*tail != ' ' && *tail != '\n' && *tail != '\t' && *tail != '\r' && *tail != ';') {
      sqlite3_finalize(stmt);
      throw Error("sqlite: more than one statement; use execute_script [" + key.substr(0, 200) + "]");
    }
  }
  statements_.emplace(std::move(key), stmt);
  return stmt;
}

void SqliteConnection::bind(sqlite3_stmt* stmt, const Params& params) {
  int expected = sqlite3_bind_parameter_count(stmt);
  if (expected != static_cast<int>(params.size())) {
    throw Error("sqlite: statement takes " + std::to_string(expected) + " parameters, " +
                std::to_string(params.size()) + " given [" + std::string(sqlite3_sql(stmt)).substr(0, 200) + "]");
  }
  for (int i = 0; i < expected; ++i) {
    const Value& v = params[static_cast<std::size_t>(i)];
    int rc = SQLITE_OK;
    if (auto* n = std::get_if<std::int64_t>(&v)) {
      rc = sqlite3_bind_int64(stmt, i + 1, *n);
    } else if (auto* d = std::get_if<double>(&v)) {
      rc = sqlite3_bind_double(stmt, i + 1, *d);
    } else if (auto* s = std::get_if<std::string>(&v)) {
      // STATIC: params outlive the statement's execution within this call.
      rc = sqlite3_bind_text64(stmt, i + 1, s->data(), s->size(), SQLITE_STATIC, SQLITE_UTF8);
    } else {
      rc = sqlite3_bind_null(stmt, i + 1);
    }
    if (rc != SQLITE_OK) fail(rc, sqlite3_sql(stmt));
  }
}

Rows SqliteConnection::query(std::string_view sql, const Params& params) {
  sqlite3_stmt* stmt = prepare(sql);
  StatementReset reset{stmt};
  bind(stmt, params);
  Rows rows;
  int count = sqlite3_column_count(stmt);
  rows.columns = std::make_shared<std::vector<std::string>>();
  rows.columns->reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) rows.columns->emplace_back(sqlite3_column_name(stmt, i));
  for (;;) {
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_DONE) break;
    if (rc != SQLITE_ROW) fail(rc, sql);
    std::vector<Value> values;
    values.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) values.push_back(column_value(stmt, i));
    rows.rows.emplace_back(rows.columns.get(), std::move(values));
  }
  return rows;
}

std::int64_t SqliteConnection::execute(std::string_view sql, const Params& params) {
  sqlite3_stmt* stmt = prepare(sql);
  StatementReset reset{stmt};
  bind(stmt, params);
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
  }  // RETURNING rows are drained: the change only completes at SQLITE_DONE
  if (rc != SQLITE_DONE) fail(rc, sql);
  return sqlite3_changes64(db_);
}

void SqliteConnection::execute_script(std::string_view sql) {
  std::string text(sql);
  char* error = nullptr;
  int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error);
  if (rc != SQLITE_OK) {
    std::string message = error ? error : sqlite3_errstr(rc);
    sqlite3_free(error);
    if ((rc & 0xff) == SQLITE_CONSTRAINT) throw ConstraintError(message);
    throw Error("sqlite: " + message);
  }
}

bool SqliteConnection::read_only(std::string_view sql) { return sqlite3_stmt_readonly(prepare(sql)) != 0; }

bool SqliteConnection::in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }

// Borrows an idle reader for one call and hands it back.
class SqliteDatabase::ReaderLease {
 public:
  explicit ReaderLease(SqliteDatabase& db) : db_(db) {
    std::unique_lock lock(db_.readers_mutex_);
    bool free = false;
    {
      PoolCount waiting(pool_stats().waiting);
      free = db_.readers_cv_.wait_for(lock, db_.checkout_timeout_, [&] { return !db_.idle_readers_.empty(); });
    }
    if (!free) {
      ++pool_stats().exhausted;
      throw PoolExhausted("sqlite: no free reader within " + std::to_string(db_.checkout_timeout_.count()) + " ms");
    }
    conn_ = db_.idle_readers_.back();
    db_.idle_readers_.pop_back();
    ++pool_stats().in_use;
  }
  ~ReaderLease() {
    --pool_stats().in_use;
    {
      std::lock_guard lock(db_.readers_mutex_);
      db_.idle_readers_.push_back(conn_);
    }
    db_.readers_cv_.notify_one();
  }
  SqliteConnection* operator->() const { return conn_; }

 private:
  SqliteDatabase& db_;
  SqliteConnection* conn_;
};

SqliteDatabase::SqliteDatabase(const std::string& path, int readers, std::chrono::milliseconds checkout_timeout)
    : checkout_timeout_(checkout_timeout) {
  writer_ = std::make_unique<SqliteConnection>(path, false);
  if (path == ":memory:") return;
  for (int i = 0; i < readers; ++i) {
    readers_.push_back(std::make_unique<SqliteConnection>(path, true));
    idle_readers_.push_back(readers_.back().get());
  }
}

SqliteDatabase::~SqliteDatabase() = default;

SqliteDatabase::WriterLock SqliteDatabase::lock_writer() {
  PoolCount waiting(pool_stats().waiting);
  WriterLock lock(writer_mutex_, checkout_timeout_);
  if (!lock.owns_lock()) {
    ++pool_stats().exhausted;
    throw PoolExhausted("sqlite: the writer was not free within " + std::to_string(checkout_timeout_.count()) + " ms");
  }
  return lock;
}

Rows SqliteDatabase::query(std::string_view sql, const Params& params) {
  if (!readers_.empty()) {
    ReaderLease reader(*this);
    if (reader->read_only(sql)) return reader->query(sql, params);
  }
  // INSERT ... RETURNING and friends go through the writer.
  auto lock = lock_writer();
  PoolCount in_use(pool_stats().in_use);
  return writer_->query(sql, params);
}

std::int64_t SqliteDatabase::execute(std::string_view sql, const Params& params) {
  auto lock = lock_writer();
  PoolCount in_use(pool_stats().in_use);
  return writer_->execute(sql, params);
}

void SqliteDatabase::transaction(const std::function<void(Session&)>& fn) {
  auto lock = lock_writer();
  PoolCount in_use(pool_stats().in_use);
  // IMMEDIATE takes the write lock up front: no upgrade deadlock later.
  writer_->execute_script("BEGIN IMMEDIATE");
  try {
    fn(*writer_);
    writer_->execute_script("COMMIT");
  } catch (...) {
    if (writer_->in_transaction()) {
      try {
        writer_->execute_script("ROLLBACK");
      } catch (...) {  // the original failure is the one worth reporting
      }
    }
    throw;
  }
}

bool SqliteDatabase::ping() noexcept {
  try {
    return !query("SELECT 1").empty();
  } catch (...) {
    return false;
  }
}

}  // namespace portal::db
