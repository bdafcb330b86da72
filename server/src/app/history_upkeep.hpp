#pragma once
// The history upkeep (issue 76 item 4; docs/operations.md "Partitions and retention"): the plays
// (stream_tickets), their usage reports (stream_reports), the events and the staff audit log grow for
// years. On PostgreSQL they are partitioned by month (migration 0063): a run makes sure this month's
// partition and the next `months_ahead` ones exist, gives the months a DEFAULT partition caught (rows of a
// clock far off, of a past long ago) partitions of their own, and drops whole months past each table's
// retention. On SQLite, which has no partitions, a run deletes the rows past retention in batches.
//
// One instance at a time: a run claims the row of history_upkeep with a lease a heartbeat renews
// (core/lease.hpp); an instance that finds it held skips the run. Every step is idempotent (a month made
// or dropped is made or dropped once), so a run taken over after a crash finishes what the dead one began.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"

namespace portal::app {

struct HistoryRetention {
  int months_ahead = 3;
  int plays_months = 25;   // stream_tickets with their stream_reports; 0 = for ever
  int events_months = 13;  // events
  int audit_months = 84;   // audit_log
};

// What a run did (logged, and kept in history_upkeep.last_result).
struct HistoryUpkeepRun {
  bool claimed = false;                 // false: another instance held the claim, nothing done
  std::vector<std::string> created;     // partitions made (PostgreSQL), e.g. "events_p2027_02"
  std::vector<std::string> dropped;     // partitions dropped past retention (PostgreSQL)
  std::int64_t moved_rows = 0;          // rows a DEFAULT partition held, moved into their month's partition
  std::int64_t deleted_rows = 0;        // rows past retention deleted (SQLite; a DEFAULT partition's on PostgreSQL)
  std::string summary() const;
};

class HistoryUpkeep {
 public:
  HistoryUpkeep(db::Database& db, const core::Clock& clock, HistoryRetention retention);

  // One run, if this instance gets the claim. Throws what the database throws (the claim then lapses).
  // `months` (YYYY-MM) are made too, within retention: rows about to be written for them (portal
  // generate-activity's window) then land in their partitions rather than in DEFAULT.
  HistoryUpkeepRun run(const std::vector<std::string>& months = {});

  // The first month (YYYY-MM) a table keeps at `now` ("" = every month: retention 0), by its retention.
  static std::string first_kept_month(std::chrono::system_clock::time_point now, int months);
  // For the tests: a pause inside the claim, so two instances overlap.
  void set_test_pause(std::chrono::milliseconds pause) { test_pause_ = pause; }

 private:
  void upkeep_postgres(HistoryUpkeepRun& out, const std::vector<std::string>& months);
  void upkeep_sqlite(HistoryUpkeepRun& out);

  db::Database& db_;
  const core::Clock& clock_;
  HistoryRetention retention_;
  std::chrono::milliseconds test_pause_{0};
};

}  // namespace portal::app
