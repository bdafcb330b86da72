#include "app/history_upkeep.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <map>
#include <set>
#include <stdexcept>
#include <thread>

#include "core/ids.hpp"
#include "core/lease.hpp"
#include "core/log.hpp"
#include "core/utc_time.hpp"

namespace portal::app {
namespace {

using std::chrono::system_clock;

// The history tables and their time column (PostgreSQL's partition key). A table that refers to another
// comes before it: its months are dropped first, and a month's rows moved out of DEFAULT first (the
// tickets' DEFAULT rows leave with a cascade to the reports still there otherwise).
struct Table {
  std::string_view name, key;
  int HistoryRetention::*months;
};
constexpr Table kTables[] = {
    {"stream_reports", "ticket_created_at", &HistoryRetention::plays_months},
    {"stream_tickets", "created_at", &HistoryRetention::plays_months},
    {"events", "created_at", &HistoryRetention::events_months},
    {"audit_log", "at", &HistoryRetention::audit_months},
};
// A usage report lives in its ticket's month: the two tables get and lose the same months.
bool same_months(std::string_view a, std::string_view b) {
  const auto plays = [](std::string_view t) { return t == "stream_reports" || t == "stream_tickets"; };
  return a == b || (plays(a) && plays(b));
}

constexpr std::string_view kClaim =
    "UPDATE history_upkeep SET lease_token = $1, leased_until = $2 "
    "WHERE id = 1 AND (lease_token IS NULL OR leased_until IS NULL OR leased_until <= $3)";
constexpr std::string_view kRenew = "UPDATE history_upkeep SET leased_until = $2 WHERE id = 1 AND lease_token = $1";
constexpr std::string_view kRelease =
    "UPDATE history_upkeep SET lease_token = NULL, leased_until = NULL, last_run_at = $2, last_result = $3 "
    "WHERE id = 1 AND lease_token = $1";
constexpr std::string_view kHandBack =
    "UPDATE history_upkeep SET lease_token = NULL, leased_until = NULL WHERE id = 1 AND lease_token = $1";

// The partitions of a table (PostgreSQL): their names.
constexpr std::string_view kPartitions =
    "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = to_regclass($1)";
// The SQLite batch: the rows past retention, a few thousand at a time (the one writer is not held long).
constexpr std::int64_t kDeleteBatch = 5000;

bool is_month(std::string_view m) {
  if (m.size() != 7 || m[4] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6})
    if (m[i] < '0' || m[i] > '9') return false;
  const int month = (m[5] - '0') * 10 + (m[6] - '0');
  return month >= 1 && month <= 12;
}

std::string month_text(std::chrono::year_month ym) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u", static_cast<int>(ym.year()), static_cast<unsigned>(ym.month()));
  return buf;
}

std::chrono::year_month month_of(system_clock::time_point t) {
  const std::chrono::year_month_day d{std::chrono::floor<std::chrono::days>(t)};
  return {d.year(), d.month()};
}

// "2026-11" → "2026-12" (a valid month only).
std::string next_month(const std::string& m) {
  const std::chrono::year_month ym{std::chrono::year{std::stoi(m.substr(0, 4))},
                                   std::chrono::month{static_cast<unsigned>(std::stoi(m.substr(5, 2)))}};
  return month_text(ym + std::chrono::months{1});
}

// <table>_pYYYY_MM, and back ("" when the name is not one).
std::string partition_name(std::string_view table, const std::string& month) {
  return std::string(table) + "_p" + month.substr(0, 4) + "_" + month.substr(5, 2);
}
std::string month_of_partition(std::string_view table, const std::string& name) {
  const std::string prefix = std::string(table) + "_p";
  if (name.size() != prefix.size() + 7 || name.compare(0, prefix.size(), prefix) != 0) return "";
  std::string m = name.substr(prefix.size());
  m[4] = '-';
  return is_month(m) ? m : "";
}

// The audit log refuses DELETE (its append-only trigger, migration 0029): the upkeep's own moves and
// retention deletes step past it inside their transaction, which turns it back on before it commits.
void audit_guard(db::Session& s, bool off, std::string_view partition) {
  s.execute("ALTER TABLE " + std::string(partition) + (off ? " DISABLE" : " ENABLE") +
            " TRIGGER audit_log_no_change");
}
constexpr std::string_view kSqliteAuditGuard =
    "CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log\n"
    "BEGIN\n"
    "  SELECT RAISE(ABORT, 'audit_log is append-only');\n"
    "END;";

}  // namespace

std::string HistoryUpkeepRun::summary() const {
  if (!claimed) return "not claimed";
  std::string s = "created " + std::to_string(created.size()) + ", dropped " + std::to_string(dropped.size()) +
                  ", moved " + std::to_string(moved_rows) + " rows, deleted " + std::to_string(deleted_rows) + " rows";
  return s;
}

HistoryUpkeep::HistoryUpkeep(db::Database& db, const core::Clock& clock, HistoryRetention retention)
    : db_(db), clock_(clock), retention_(retention) {}

std::string HistoryUpkeep::first_kept_month(system_clock::time_point now, int months) {
  if (months <= 0) return "";
  // The current month counts: retention 13 at 2026-11 keeps 2025-11 … 2026-11.
  return month_text(month_of(now) - std::chrono::months{months - 1});
}

HistoryUpkeepRun HistoryUpkeep::run(const std::vector<std::string>& months) {
  HistoryUpkeepRun out;
  const std::string token = core::new_uuid();
  const auto until = [this] { return core::utc_text(clock_.now() + core::kLeaseLength); };
  if (db_.execute(kClaim, {token, until(), core::utc_text(clock_.now())}) == 0) return out;
  out.claimed = true;
  std::atomic<bool> lost{false};
  try {
    core::Heartbeat beat([&] { return db_.execute(kRenew, {token, until()}) > 0; }, [&] { lost = true; });
    if (test_pause_.count() > 0) std::this_thread::sleep_for(test_pause_);
    if (db_.dialect() == "postgres")
      upkeep_postgres(out, months);
    else
      upkeep_sqlite(out);
    if (lost) throw std::runtime_error("history upkeep: the claim lapsed mid-run");
  } catch (...) {
    try {
      db_.execute(kHandBack, {token});
    } catch (...) {  // the database away: the claim lapses by itself
    }
    throw;
  }
  db_.execute(kRelease, {token, core::utc_text(clock_.now()), out.summary()});
  return out;
}

void HistoryUpkeep::upkeep_postgres(HistoryUpkeepRun& out, const std::vector<std::string>& asked) {
  const auto now = clock_.now();
  std::map<std::string_view, std::set<std::string>> existing, wanted;
  std::set<std::string> ahead;
  for (int i = 0; i <= retention_.months_ahead; ++i) ahead.insert(month_text(month_of(now) + std::chrono::months{i}));

  for (const auto& t : kTables) {
    for (const auto& row : db_.query(kPartitions, {std::string(t.name)}))
      if (auto m = month_of_partition(t.name, row.text(0)); !m.empty()) existing[t.name].insert(m);
    const std::string first = first_kept_month(now, retention_.*t.months);
    auto& w = wanted[t.name];
    w.insert(ahead.begin(), ahead.end());
    for (const auto& m : asked)
      if (is_month(m) && (first.empty() || m >= first)) w.insert(m);
    // The months DEFAULT caught, within retention: each gets its partition (the older ones are deleted below).
    for (const auto& row : db_.query("SELECT DISTINCT substr(" + std::string(t.key) + ", 1, 7) FROM " +
                                     std::string(t.name) + "_default")) {
      const auto m = row.text(0);
      if (is_month(m) && (first.empty() || m >= first)) w.insert(m);
    }
  }
  // The plays' two tables: the same months.
  for (const auto& a : kTables)
    for (const auto& b : kTables)
      if (a.name != b.name && same_months(a.name, b.name)) wanted[a.name].insert(wanted[b.name].begin(), wanted[b.name].end());

  std::set<std::string> months;
  for (const auto& t : kTables)
    for (const auto& m : wanted[t.name])
      if (!existing[t.name].contains(m)) months.insert(m);

  for (const auto& m : months) {
    const std::string next = next_month(m);
    const std::string bounds = " FOR VALUES FROM ('" + m + "') TO ('" + next + "')";
    std::vector<std::string> made;
    std::int64_t moved = 0;
    db_.transaction([&](db::Session& s) {
      made.clear();
      moved = 0;
      std::vector<const Table*> standalone;
      for (const auto& t : kTables) {
        if (!wanted[t.name].contains(m) || existing[t.name].contains(m)) continue;
        const std::string table(t.name), key(t.key), part = partition_name(t.name, m), def = table + "_default";
        const std::string in_month = " WHERE " + key + " >= '" + m + "' AND " + key + " < '" + next + "'";
        if (s.query("SELECT 1 FROM " + def + in_month + " LIMIT 1").empty()) {
          s.execute("CREATE TABLE IF NOT EXISTS " + part + " PARTITION OF " + table + bounds);
        } else {
          // DEFAULT holds rows of the month: they move to a table of their own, attached below (a partition
          // cannot be made while DEFAULT holds rows of its range).
          s.execute("CREATE TABLE " + part + " (LIKE " + table + " INCLUDING DEFAULTS INCLUDING CONSTRAINTS)");
          if (t.name == "audit_log") audit_guard(s, true, def);
          moved += s.execute("WITH moved AS (DELETE FROM " + def + in_month + " RETURNING *) INSERT INTO " + part +
                             " SELECT * FROM moved");
          if (t.name == "audit_log") audit_guard(s, false, def);
          standalone.push_back(&t);
        }
        made.push_back(part);
      }
      // Referred-to tables first: a report's month attaches once its tickets' month is there.
      for (auto it = standalone.rbegin(); it != standalone.rend(); ++it)
        s.execute("ALTER TABLE " + std::string((*it)->name) + " ATTACH PARTITION " +
                  partition_name((*it)->name, m) + bounds);
    });
    out.created.insert(out.created.end(), made.begin(), made.end());
    out.moved_rows += moved;
  }

  // Retention: whole months past it, detached and dropped (a referring table's first); then what DEFAULT
  // holds from before them.
  for (const auto& t : kTables) {
    const std::string first = first_kept_month(now, retention_.*t.months);
    if (first.empty()) continue;
    const std::string table(t.name), key(t.key), def = table + "_default";
    for (const auto& m : existing[t.name]) {
      if (m >= first) continue;
      const auto part = partition_name(t.name, m);
      db_.transaction([&](db::Session& s) {
        s.execute("ALTER TABLE " + table + " DETACH PARTITION " + part);
        s.execute("DROP TABLE " + part);
      });
      out.dropped.push_back(part);
    }
    std::int64_t deleted = 0;
    db_.transaction([&](db::Session& s) {
      if (t.name == "audit_log") audit_guard(s, true, def);
      deleted = s.execute("DELETE FROM " + def + " WHERE " + key + " < $1", {first});
      if (t.name == "audit_log") audit_guard(s, false, def);
    });
    out.deleted_rows += deleted;
  }
}

void HistoryUpkeep::upkeep_sqlite(HistoryUpkeepRun& out) {
  const auto now = clock_.now();
  for (const auto& t : kTables) {
    const std::string first = first_kept_month(now, retention_.*t.months);
    if (first.empty()) continue;
    const std::string table(t.name), key(t.key);
    const std::string batch = "DELETE FROM " + table + " WHERE rowid IN (SELECT rowid FROM " + table + " WHERE " +
                              key + " < $1 LIMIT " + std::to_string(kDeleteBatch) + ")";
    for (;;) {
      std::int64_t n = 0;
      db_.transaction([&](db::Session& s) {
        if (t.name == "audit_log") s.execute("DROP TRIGGER audit_log_no_delete");
        n = s.execute(batch, {first});
        if (t.name == "audit_log") s.execute_script(kSqliteAuditGuard);
      });
      out.deleted_rows += n;
      if (n < kDeleteBatch) break;
    }
  }
}

}  // namespace portal::app
