#pragma once
// How the database pools of this process are used, for the metrics (app/app.cpp: portal_db_* gauges) and so for
// the alert on a saturated pool (docs/portal.rules.yml). The drivers count as they lend connections: one in use
// from checkout to return (SQLite's writer while a call holds it), a caller waiting for one, and each checkout that
// gave up after the checkout timeout (PoolExhausted, answered 503). Process-wide: a server opens one database.
#include <atomic>
#include <cstdint>

namespace portal::db {

struct PoolStats {
  std::atomic<std::int64_t> in_use{0};
  std::atomic<std::int64_t> waiting{0};
  std::atomic<std::int64_t> exhausted{0};  // since the start
};

inline PoolStats& pool_stats() {
  static PoolStats stats;
  return stats;
}

// Counts one connection in use (or one caller waiting) for its lifetime.
class PoolCount {
 public:
  explicit PoolCount(std::atomic<std::int64_t>& counter) : counter_(counter) { ++counter_; }
  ~PoolCount() { --counter_; }
  PoolCount(const PoolCount&) = delete;
  PoolCount& operator=(const PoolCount&) = delete;

 private:
  std::atomic<std::int64_t>& counter_;
};

}  // namespace portal::db
