#pragma once
// PostgreSQL driver (libpq): a bounded pool of connections, each statement
// prepared once per connection, $N parameters sent as text, results converted
// by column type. A connection found broken
// is closed and replaced on the next checkout. A checkout waits at most the
// checkout timeout (then PoolExhausted); a serialization failure or deadlock
// (40001, 40P01) is a TransientError, and transaction(), execute() and
// query() run the work again a few times before letting it out.
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "db/database.hpp"
#include "db/pool_stats.hpp"

struct pg_conn;
struct pg_result;

namespace portal::db {

// A PostgreSQL URL's own `pool_mode=transaction` (docs/operations.md "Through PgBouncer"): the portal reaches the
// database through a pooler in transaction mode (PgBouncer), which gives each transaction whatever server
// connection is free, so nothing may live in a session: no named prepared statements, no SET. Answers the URL
// without that parameter (libpq knows none such) and whether it was there.
struct PostgresTarget {
  std::string url;
  bool transaction_pooling = false;
};
PostgresTarget postgres_target(const std::string& url);

class PostgresConnection final : public Session {
 public:
  // transaction_pooling: every statement unnamed (parsed each time) and no session settings.
  explicit PostgresConnection(const std::string& url, bool transaction_pooling = false);
  ~PostgresConnection() override;
  PostgresConnection(const PostgresConnection&) = delete;
  PostgresConnection& operator=(const PostgresConnection&) = delete;

  Rows query(std::string_view sql, const Params& params = {}) override;
  std::int64_t execute(std::string_view sql, const Params& params = {}) override;
  void execute_script(std::string_view sql) override;

  bool connected() const;
  // Idle and connected: fit to go back to the pool.
  bool healthy() const;
  bool transaction_failed() const;
  // A statement failed with 40001/40P01 since the last clear (so a
  // transaction whose caller swallowed that failure can still be retried).
  bool transient_failure() const { return transient_failure_; }
  void clear_transient_failure() { transient_failure_ = false; }

 private:
  using Result = std::unique_ptr<pg_result, void (*)(pg_result*)>;
  Result run(std::string_view sql, const Params& params);
  [[noreturn]] void fail(const pg_result* res, std::string_view sql);

  pg_conn* conn_ = nullptr;
  // The statements this connection has prepared, by their text: a statement
  // run again skips parsing and planning. Bounded: when full, all go.
  std::unordered_map<std::string, std::string> prepared_;
  std::size_t next_statement_ = 0;
  bool transient_failure_ = false;
  bool transaction_pooling_ = false;
};

class PostgresDatabase final : public Database {
 public:
  // Connects once up front so a wrong URL fails at start-up, not on the first request. stats: where the pool counts
  // its connections (the process' pool_stats(); a read replica's pool counts apart, db/replicas.hpp).
  PostgresDatabase(std::string url, int pool_size,
                   std::chrono::milliseconds checkout_timeout = kDefaultCheckoutTimeout,
                   PoolStats* stats = nullptr);
  ~PostgresDatabase() override;

  std::string_view dialect() const override { return "postgres"; }
  Rows query(std::string_view sql, const Params& params = {}) override;
  std::int64_t execute(std::string_view sql, const Params& params = {}) override;
  void transaction(const std::function<void(Session&)>& fn) override;
  bool ping() noexcept override;

 private:
  class Lease;
  std::unique_ptr<PostgresConnection> checkout();
  void give_back(std::unique_ptr<PostgresConnection> conn);
  void run_transaction(const std::function<void(Session&)>& fn);

  std::string url_;
  bool transaction_pooling_ = false;
  int pool_size_;
  std::chrono::milliseconds checkout_timeout_;
  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<PostgresConnection>> idle_;
  int open_ = 0;  // connections in use or idle
  PoolStats& stats_;
};

}  // namespace portal::db
