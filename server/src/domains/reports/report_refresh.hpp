#pragma once
// The reports' aggregates, kept incrementally (issue 35): each family of aggregates is a
// RefreshSource; the claimed refresh job (reports_refresher.hpp) refreshes the dirty days of every
// source. Shared by the tasks of issue 35 (money writes it, usage copies it unchanged).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace portal::reports {
// One family of aggregates (revenue, subscribers, usage, ...).
struct RefreshSource {
  std::string name;
  // Days (YYYY-MM-DD, UTC) whose aggregates may be stale: the days of raw rows written or changed at or
  // after `since` (an ISO UTC text as db::utc_timestamp writes; "" means: every day that has raw rows).
  // Reads only, outside any transaction: on SQLite a transaction holds the one writer, and a full rebuild's
  // reads must not stop the storefront's writes.
  std::function<std::vector<std::string>(db::Database&, std::int64_t tenant_id, const std::string& since)> dirty_days;
  // Recomputes one day's aggregate rows of this family from the raw rows (DELETE that day + INSERT … SELECT),
  // inside the caller's transaction.
  std::function<void(db::Session&, std::int64_t tenant_id, const std::string& day)> refresh_day;
};
}  // namespace portal::reports
