#pragma once
// Streaming read replicas of the PostgreSQL primary (--database-replica, docs/operations.md "Read replicas").
//
// Each replica has a small pool of its own. A check every second (ReplicaSet::check, on a thread of its own) reads
// the primary's WAL position and each replica's replayed position, and from the primary's positions of the last
// seconds works out how far behind each replica is in time (replica_lag). A replica that does not answer, is not a
// standby, or is further behind than --replica-max-lag is left out until it catches up; with none in, the primary
// serves every read. Which replica serves a read (choose_replica) also depends on the reader: whoever just wrote
// carries the position of that write (http/read_after.hpp), and only a replica that has replayed it may serve them.
//
// Positions are pg_lsn values as numbers ("16/B374D848" -> 0x16B374D848).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"
#include "db/pool_stats.hpp"
#include "db/read_scope.hpp"

namespace portal::db {

// "16/B374D848" as a number; nullopt for anything else (at most 8 hex digits on each side).
std::optional<std::uint64_t> parse_lsn(std::string_view text);
std::string format_lsn(std::uint64_t lsn);

// The primary's WAL position at a moment (the checks' samples).
struct LsnSample {
  std::chrono::steady_clock::time_point at;
  std::uint64_t lsn = 0;
};

// How far behind in time a replica that replayed up to `replayed` is, from the primary's positions sampled in
// order (oldest first): zero when it replayed the latest; else the age of the oldest sample it has not replayed
// (the primary had written past it by then), which with samples a second apart is at most a second short. Behind
// even the oldest sample: that sample's age (a lower bound that keeps growing).
std::chrono::duration<double> replica_lag(std::span<const LsnSample> samples, std::uint64_t replayed,
                                          std::chrono::steady_clock::time_point now);

// A replica as the routing sees it: in rotation (answering, a standby, within the lag), and how far it replayed.
struct ReplicaHealth {
  bool in = false;
  std::uint64_t replayed = 0;
};

// Which replica serves a read that needs `after` replayed (0: any), taking turns by `turn` among those that may;
// nullopt: the primary serves it (none in rotation, or none has replayed the reader's write yet).
// `pinned` (index + 1, 0: none): the replica the reader used before, kept while it may serve.
std::optional<std::size_t> choose_replica(std::span<const ReplicaHealth> replicas, std::uint64_t after,
                                          std::size_t turn, std::uint32_t pinned = 0);

class ReplicaSet {
 public:
  struct Options {
    int pool_size = 4;
    std::chrono::milliseconds checkout_timeout{1000};  // a busy replica's reader falls back to the primary soon
    std::chrono::milliseconds max_lag{5000};
  };
  // URLs of PostgreSQL standbys (pool_mode=transaction as for the primary). Opens nothing yet: a replica that is
  // down at start-up is out until a check reaches it.
  ReplicaSet(Database& primary, std::vector<std::string> urls, Options options);
  ~ReplicaSet();

  // One health round (every second): the primary's position, then each replica's. Never throws.
  void check() noexcept;
  // Whatever this instance reads from the primary now (the tenants' configuration, say) no replica may contradict
  // with an older answer: from now on a replica serves only once it replayed the primary's present position (the
  // caches keyed by a configuration version are then never filled from before that version). Throws db::Error
  // when the primary cannot be asked.
  void raise_floor();

  // Where a read of `scope` goes: a replica's database (the scope is pinned to it), or nullptr for the primary.
  Database* pick(ReadScope& scope);
  // A replica's read failed: out until the next check finds it well.
  void failed(Database* replica) noexcept;

  // The primary's position after this instance's last write commit (the reader's mark; pg_current_wal_insert_lsn:
  // it covers a commit not flushed yet under synchronous_commit=off). Throws db::Error.
  std::uint64_t write_position();

  struct View {
    std::string name;       // host:port/database of the URL (no user, no password)
    std::string state;      // "in", "lagging", "down"
    double lag_seconds = 0;
    std::uint64_t replayed = 0;
    std::int64_t reads = 0;  // reads it served since the start
  };
  std::vector<View> views() const;
  std::size_t size() const { return replicas_.size(); }
  std::chrono::milliseconds max_lag() const { return options_.max_lag; }
  std::int64_t primary_reads() const { return primary_reads_.load(); }
  void count_primary_read() { ++primary_reads_; }

 private:
  struct Replica;
  Database& primary_;
  Options options_;
  std::vector<std::unique_ptr<Replica>> replicas_;
  mutable std::mutex mutex_;           // guards the replicas' states and the samples
  std::deque<LsnSample> samples_;      // the primary's positions of the last max_lag + a few seconds
  std::uint64_t floor_ = 0;            // raise_floor()
  std::atomic<std::size_t> turn_{0};
  std::atomic<std::int64_t> primary_reads_{0};
};

// A URL's place without its credentials, for logs and metrics: "db2.internal:5432/portal".
std::string replica_name(const std::string& url);

}  // namespace portal::db
