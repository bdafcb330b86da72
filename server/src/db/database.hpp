#pragma once
// The storage contract. Two drivers implement it: SQLite (the embedded default)
// and PostgreSQL (several stateless portal instances share one database).
//
// SQL is written once, in PostgreSQL placeholder style ($1, $2, ...); the
// SQLite driver binds $N as ?N. Keep statements portable: TEXT, INTEGER,
// BIGINT, REAL, booleans as INTEGER 0/1, JSON as TEXT, times as ISO-8601 UTC
// TEXT, "ON CONFLICT ... DO UPDATE", "RETURNING".
//
// Every call blocks: run it on the database thread pool (db/blocking.hpp),
// never on an I/O thread. Failures of the database itself throw db::Error.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace portal::db {

// A bound parameter or a fetched column value.
using Value = std::variant<std::nullptr_t, std::int64_t, double, std::string>;
using Params = std::vector<Value>;

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A UNIQUE / PRIMARY KEY / FOREIGN KEY violation: callers may map it to 409.
struct ConstraintError : Error {
  using Error::Error;
};
// No connection came free within the checkout timeout: the database is
// saturated (or a caller holds one connection while waiting for another).
// The HTTP boundary answers 503 SERVICE_UNAVAILABLE with Retry-After.
struct PoolExhausted : Error {
  using Error::Error;
};
// PostgreSQL rolled the transaction back as a serialization failure (SQLSTATE
// 40001) or a deadlock victim (40P01): the same work may simply run again.
// transaction() does so itself (kTransientRetries times) before it lets this out.
struct TransientError : Error {
  using Error::Error;
};

// How long a call waits for a free connection before PoolExhausted.
inline constexpr std::chrono::milliseconds kDefaultCheckoutTimeout{5000};
// How many times a transaction (or a single statement) that failed with a
// TransientError runs again, after a short jittered pause.
inline constexpr int kTransientRetries = 3;

class Row {
 public:
  Row(const std::vector<std::string>* columns, std::vector<Value> values)
      : columns_(columns), values_(std::move(values)) {}
  std::size_t size() const { return values_.size(); }
  bool is_null(std::size_t i) const { return std::holds_alternative<std::nullptr_t>(values_.at(i)); }
  // Conversions throw db::Error on a type that cannot convert; NULL gives "" / 0.
  std::string text(std::size_t i) const;
  std::int64_t integer(std::size_t i) const;
  double real(std::size_t i) const;
  std::optional<std::string> optional_text(std::size_t i) const;
  // A text column moved out of the row (large values read once, such as kept answers).
  std::string take_text(std::size_t i);
  // By column name (case sensitive, as returned by the driver).
  std::string text(std::string_view column) const { return text(index(column)); }
  std::int64_t integer(std::string_view column) const { return integer(index(column)); }
  bool is_null(std::string_view column) const { return is_null(index(column)); }
  const Value& value(std::size_t i) const { return values_.at(i); }
  // The statement's column names (nullptr for a row built without them).
  const std::vector<std::string>* columns() const { return columns_; }

 private:
  std::size_t index(std::string_view column) const;
  const std::vector<std::string>* columns_;
  std::vector<Value> values_;
};

struct Rows {
  std::shared_ptr<std::vector<std::string>> columns;
  std::vector<Row> rows;
  bool empty() const { return rows.empty(); }
  std::size_t size() const { return rows.size(); }
  const Row& operator[](std::size_t i) const { return rows.at(i); }
  auto begin() const { return rows.begin(); }
  auto end() const { return rows.end(); }
};

// One connection. Used by one thread at a time.
class Session {
 public:
  virtual ~Session() = default;
  virtual Rows query(std::string_view sql, const Params& params = {}) = 0;
  // Returns the number of affected rows.
  virtual std::int64_t execute(std::string_view sql, const Params& params = {}) = 0;
  // Runs several ';'-separated statements without parameters (migrations).
  virtual void execute_script(std::string_view sql) = 0;
};

class Database {
 public:
  virtual ~Database() = default;
  // "sqlite" or "postgres": the migrations runner picks dialect twins by it.
  virtual std::string_view dialect() const = 0;
  // A single statement on a pooled connection (reads may run concurrently).
  virtual Rows query(std::string_view sql, const Params& params = {}) = 0;
  virtual std::int64_t execute(std::string_view sql, const Params& params = {}) = 0;
  // Runs fn inside one transaction: commit when fn returns, rollback when it
  // throws (the exception is rethrown). SQLite: BEGIN IMMEDIATE on the single
  // writer connection, so writers never deadlock. PostgreSQL: READ COMMITTED;
  // a serialization failure or deadlock (40001, 40P01) rolls back and runs fn
  // AGAIN from the start, up to kTransientRetries times. So fn must have no
  // effect outside the database (no mail, no provider call, no cache write)
  // and must not keep state from a failed run: assign, never accumulate, the
  // variables it shares with its caller.
  virtual void transaction(const std::function<void(Session&)>& fn) = 0;
  // True when a trivial query succeeds (for /readyz).
  virtual bool ping() noexcept = 0;
};

// Opens "postgresql://..." / "postgres://..." with libpq, anything else as an
// SQLite file path (parent directories are created). pool_size bounds the
// number of connections; a call waits at most checkout_timeout for one (then
// PoolExhausted).
std::unique_ptr<Database> open(const std::string& url, int pool_size = 4,
                               std::chrono::milliseconds checkout_timeout = kDefaultCheckoutTimeout);

// The pause before retry number `attempt` (1, 2, ...) of a TransientError:
// a few milliseconds, doubling, with random jitter so two victims of one
// deadlock do not meet again.
std::chrono::milliseconds transient_backoff(int attempt);

}  // namespace portal::db
