#include "db/postgres/postgres_database.hpp"

#include <libpq-fe.h>

#include <cctype>
#include <charconv>
#include <cstring>
#include <thread>

#include "core/log.hpp"
#include "core/text.hpp"
#include "db/pool_stats.hpp"
#include "db/unavailable.hpp"

namespace portal::db {

namespace {

// Type OIDs from pg_type.h (stable across server versions).
constexpr Oid kBool = 16, kInt8 = 20, kInt2 = 21, kInt4 = 23, kFloat4 = 700, kFloat8 = 701, kNumeric = 1700;

struct ResultGuard {
  PGresult* res;
  ~ResultGuard() { PQclear(res); }
};

std::string text_of(const Value& v) {
  if (auto* n = std::get_if<std::int64_t>(&v)) return std::to_string(*n);
  if (auto* d = std::get_if<double>(&v)) {
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, *d);  // shortest round-trip form
    return std::string(buf, end);
  }
  return std::get<std::string>(v);
}

Value convert(const PGresult* res, int row, int col) {
  if (PQgetisnull(res, row, col)) return nullptr;
  const char* raw = PQgetvalue(res, row, col);
  std::string_view text(raw, static_cast<std::size_t>(PQgetlength(res, row, col)));
  switch (PQftype(res, col)) {
    case kInt2:
    case kInt4:
    case kInt8: {
      std::int64_t n = 0;
      std::from_chars(text.data(), text.data() + text.size(), n);
      return n;
    }
    case kFloat4:
    case kFloat8:
    case kNumeric: {
      double d = 0;
      std::from_chars(text.data(), text.data() + text.size(), d);  // NaN/Infinity parse too
      return d;
    }
    case kBool:
      return static_cast<std::int64_t>(text == "t" ? 1 : 0);
    default:
      return std::string(text);
  }
}

[[noreturn]] void throw_result_error(const PGresult* res, pg_conn* conn, std::string_view sql) {
  const char* state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : nullptr;
  std::string message = res ? PQresultErrorMessage(res) : PQerrorMessage(conn);
  while (!message.empty() && std::isspace(static_cast<unsigned char>(message.back()))) message.pop_back();
  // SQLSTATE class 23: integrity constraint violation.
  if (state && state[0] == '2' && state[1] == '3') throw ConstraintError(message);
  // serialization_failure, deadlock_detected: the transaction was rolled back.
  if (state && (std::strcmp(state, "40001") == 0 || std::strcmp(state, "40P01") == 0))
    throw TransientError("postgres: " + message + " [" + std::string(sql.substr(0, 200)) + "]");
  // The connection is gone (class 08, or no answer at all), or the server is shutting down or not yet
  // accepting (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now).
  const bool lost = !conn || PQstatus(conn) == CONNECTION_BAD;
  if (lost || (state && ((state[0] == '0' && state[1] == '8') || std::strncmp(state, "57P0", 4) == 0)))
    throw Unavailable("postgres: database unavailable: " + message);
  throw Error("postgres: " + message + " [" + std::string(sql.substr(0, 200)) + "]");
}

// Statements a connection keeps prepared (the few hundred of the backend;
// list and search statements vary with their filters).
constexpr std::size_t kMaxPrepared = 512;

// Silences NOTICEs such as "relation already exists, skipping".
void ignore_notice(void*, const char*) {}

bool is_select(std::string_view sql) {
  std::size_t i = 0;
  while (i < sql.size() && std::isspace(static_cast<unsigned char>(sql[i]))) ++i;
  return core::iequals(sql.substr(i, 6), "SELECT");
}

// Runs work (one statement or one transaction) again after a TransientError,
// up to kTransientRetries times, pausing briefly; no connection is held
// during the pause.
template <class F>
auto retry_transient(std::string_view what, F&& work) {
  for (int attempt = 1;; ++attempt) {
    try {
      return work();
    } catch (const TransientError& e) {
      if (attempt > kTransientRetries) throw;
      core::log_json(spdlog::level::warn, "database retry",
                     {{"what", std::string(what)}, {"attempt", attempt}, {"error", e.what()}});
    }
    std::this_thread::sleep_for(transient_backoff(attempt));
  }
}

}  // namespace

PostgresTarget postgres_target(const std::string& url) {
  PostgresTarget target{url, false};
  const auto query = url.find('?');
  if (query == std::string::npos) return target;
  std::string kept;
  for (std::size_t at = query + 1; at <= url.size();) {
    const auto end = std::min(url.find('&', at), url.size());
    const std::string pair = url.substr(at, end - at);
    if (pair == "pool_mode=transaction") target.transaction_pooling = true;
    else if (!pair.empty()) kept += (kept.empty() ? "" : "&") + pair;
    at = end + 1;
  }
  target.url = url.substr(0, query) + (kept.empty() ? "" : "?" + kept);
  return target;
}

PostgresConnection::PostgresConnection(const std::string& url, bool transaction_pooling)
    : transaction_pooling_(transaction_pooling) {
  conn_ = PQconnectdb(url.c_str());
  if (PQstatus(conn_) != CONNECTION_OK) {
    std::string message = PQerrorMessage(conn_);
    PQfinish(conn_);
    conn_ = nullptr;
    while (!message.empty() && std::isspace(static_cast<unsigned char>(message.back()))) message.pop_back();
    throw Unavailable("postgres: cannot connect: " + message);
  }
  PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
  // The portal writes its times itself (UTC text); the session's zone only for what a statement might print. A
  // pooler in transaction mode would give the SET to whichever connection is free: the database's own setting holds.
  if (!transaction_pooling_) execute_script("SET TIME ZONE 'UTC'");
}

PostgresConnection::~PostgresConnection() { PQfinish(conn_); }

bool PostgresConnection::connected() const { return conn_ && PQstatus(conn_) == CONNECTION_OK; }

bool PostgresConnection::transaction_failed() const { return PQtransactionStatus(conn_) == PQTRANS_INERROR; }

bool PostgresConnection::healthy() const {
  return conn_ && PQstatus(conn_) == CONNECTION_OK && PQtransactionStatus(conn_) == PQTRANS_IDLE;
}

PostgresConnection::Result PostgresConnection::run(std::string_view sql, const Params& params) {
  std::vector<std::string> texts(params.size());
  std::vector<const char*> values(params.size(), nullptr);
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (std::holds_alternative<std::nullptr_t>(params[i])) continue;  // SQL NULL
    texts[i] = text_of(params[i]);
    values[i] = texts[i].c_str();
  }
  std::string statement(sql);
  if (transaction_pooling_) {  // unnamed: parsed and run in one exchange, nothing left on the server connection
    Result res(PQexecParams(conn_, statement.c_str(), static_cast<int>(params.size()), nullptr, values.data(), nullptr,
                            nullptr, 0),
               &PQclear);
    ExecStatusType status = res ? PQresultStatus(res.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) fail(res.get(), sql);
    return res;
  }
  auto prepared = prepared_.find(statement);
  if (prepared == prepared_.end()) {
    if (prepared_.size() >= kMaxPrepared) {
      execute_script("DEALLOCATE ALL");
      prepared_.clear();
    }
    std::string name = "p" + std::to_string(next_statement_++);
    // paramTypes = nullptr: the server infers each $N's type from its use.
    Result made(PQprepare(conn_, name.c_str(), statement.c_str(), static_cast<int>(params.size()), nullptr), &PQclear);
    if (!made || PQresultStatus(made.get()) != PGRES_COMMAND_OK) fail(made.get(), sql);
    prepared = prepared_.emplace(std::move(statement), std::move(name)).first;
  }
  Result res(PQexecPrepared(conn_, prepared->second.c_str(), static_cast<int>(params.size()), values.data(), nullptr,
                            nullptr, 0),
             &PQclear);
  ExecStatusType status = res ? PQresultStatus(res.get()) : PGRES_FATAL_ERROR;
  if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) fail(res.get(), sql);
  return res;
}

void PostgresConnection::fail(const pg_result* res, std::string_view sql) {
  try {
    throw_result_error(res, conn_, sql);
  } catch (const TransientError&) {
    transient_failure_ = true;
    throw;
  }
}

Rows PostgresConnection::query(std::string_view sql, const Params& params) {
  Result res = run(sql, params);
  Rows rows;
  int columns = PQnfields(res.get());
  rows.columns = std::make_shared<std::vector<std::string>>();
  for (int c = 0; c < columns; ++c) rows.columns->emplace_back(PQfname(res.get(), c));
  int count = PQntuples(res.get());
  rows.rows.reserve(static_cast<std::size_t>(count));
  for (int r = 0; r < count; ++r) {
    std::vector<Value> values;
    values.reserve(static_cast<std::size_t>(columns));
    for (int c = 0; c < columns; ++c) values.push_back(convert(res.get(), r, c));
    rows.rows.emplace_back(rows.columns.get(), std::move(values));
  }
  return rows;
}

std::int64_t PostgresConnection::execute(std::string_view sql, const Params& params) {
  Result res = run(sql, params);
  const char* affected = PQcmdTuples(res.get());
  std::int64_t n = 0;
  if (affected && *affected) std::from_chars(affected, affected + std::char_traits<char>::length(affected), n);
  return n;
}

void PostgresConnection::execute_script(std::string_view sql) {
  std::string text(sql);
  // PQexec (simple protocol) accepts several ';'-separated statements.
  ResultGuard guard{PQexec(conn_, text.c_str())};
  ExecStatusType status = guard.res ? PQresultStatus(guard.res) : PGRES_FATAL_ERROR;
  if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK && status != PGRES_EMPTY_QUERY) fail(guard.res, sql);
}

// Returns the connection to the pool, or drops it when it is broken or was
// left inside a transaction, so the next checkout opens a fresh one.
class PostgresDatabase::Lease {
 public:
  explicit Lease(PostgresDatabase& db) : db_(db), conn_(db.checkout()) {}
  ~Lease() { db_.give_back(std::move(conn_)); }
  PostgresConnection& operator*() const { return *conn_; }
  PostgresConnection* operator->() const { return conn_.get(); }

 private:
  PostgresDatabase& db_;
  std::unique_ptr<PostgresConnection> conn_;
};

PostgresDatabase::PostgresDatabase(std::string url, int pool_size, std::chrono::milliseconds checkout_timeout,
                                   PoolStats* stats)
    : pool_size_(pool_size), checkout_timeout_(checkout_timeout), stats_(stats ? *stats : pool_stats()) {
  auto target = postgres_target(url);
  url_ = std::move(target.url);
  transaction_pooling_ = target.transaction_pooling;
  idle_.push_back(std::make_unique<PostgresConnection>(url_, transaction_pooling_));
  open_ = 1;
}

PostgresDatabase::~PostgresDatabase() = default;

std::unique_ptr<PostgresConnection> PostgresDatabase::checkout() {
  std::unique_lock lock(mutex_);
  bool free = false;
  {
    PoolCount waiting(stats_.waiting);
    free = available_.wait_for(lock, checkout_timeout_, [&] { return !idle_.empty() || open_ < pool_size_; });
  }
  if (!free) ++stats_.exhausted;
  if (!free)
    throw PoolExhausted("postgres: no free connection within " + std::to_string(checkout_timeout_.count()) +
                        " ms (pool of " + std::to_string(pool_size_) + ")");
  while (!idle_.empty()) {
    auto conn = std::move(idle_.back());
    idle_.pop_back();
    if (conn->healthy()) {
      ++stats_.in_use;
      return conn;
    }
    --open_;  // broken while idle (server restart): replace below
  }
  ++open_;
  lock.unlock();
  try {
    auto fresh = std::make_unique<PostgresConnection>(url_, transaction_pooling_);
    ++stats_.in_use;
    return fresh;
  } catch (...) {
    {
      std::lock_guard relock(mutex_);
      --open_;
    }
    available_.notify_one();
    throw;
  }
}

void PostgresDatabase::give_back(std::unique_ptr<PostgresConnection> conn) {
  --stats_.in_use;
  {
    std::lock_guard lock(mutex_);
    if (conn && conn->healthy()) {
      idle_.push_back(std::move(conn));
    } else {
      --open_;
    }
  }
  available_.notify_one();
}

Rows PostgresDatabase::query(std::string_view sql, const Params& params) {
  return retry_transient("query", [&] {
    for (int attempt = 0;; ++attempt) {
      Lease conn(*this);
      try {
        return conn->query(sql, params);
      } catch (const TransientError&) {
        throw;
      } catch (const Error&) {
        // A pooled connection may have died with the server (restart, failover);
        // libpq only notices on use. A plain SELECT is safe to run once more on
        // a fresh connection; anything that may write is not retried.
        if (attempt > 0 || conn->connected() || !is_select(sql)) throw;
      }
    }
  });
}

// One statement outside a transaction is atomic: when it is a deadlock victim
// nothing of it was kept, so running it again is safe.
std::int64_t PostgresDatabase::execute(std::string_view sql, const Params& params) {
  return retry_transient("execute", [&] {
    Lease conn(*this);
    return conn->execute(sql, params);
  });
}

void PostgresDatabase::transaction(const std::function<void(Session&)>& fn) {
  retry_transient("transaction", [&] { run_transaction(fn); });
}

void PostgresDatabase::run_transaction(const std::function<void(Session&)>& fn) {
  Lease conn(*this);
  conn->clear_transient_failure();
  conn->execute_script("BEGIN");
  try {
    fn(*conn);
    // COMMIT of an aborted transaction "succeeds" as a ROLLBACK: a caller that
    // swallowed a failed statement must not believe its writes were kept.
    if (conn->transaction_failed()) {
      if (conn->transient_failure())
        throw TransientError("postgres: transaction aborted by a serialization failure or deadlock");
      throw Error("postgres: transaction aborted by an earlier failed statement");
    }
    conn->execute_script("COMMIT");
  } catch (...) {
    try {
      conn->execute_script("ROLLBACK");
    } catch (...) {  // a broken connection is dropped by the lease
    }
    throw;
  }
}

bool PostgresDatabase::ping() noexcept {
  try {
    return !query("SELECT 1").empty();
  } catch (...) {
    return false;
  }
}

}  // namespace portal::db
