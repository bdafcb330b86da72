#include "db/migrations.hpp"

#include "db/timestamp.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

namespace portal::db {

namespace {

constexpr std::string_view kCreateTable =
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    " version INTEGER PRIMARY KEY,"
    " name TEXT NOT NULL,"
    " applied_at TEXT NOT NULL)";
constexpr std::string_view kIsApplied = "SELECT 1 FROM schema_migrations WHERE version = $1";
constexpr std::string_view kRecord = "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)";
constexpr std::string_view kMaxVersion = "SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations";
constexpr std::string_view kSqliteHasTable =
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'";
constexpr std::string_view kPostgresHasTable = "SELECT 1 WHERE to_regclass('schema_migrations') IS NOT NULL";
// Several portal instances may start together against one PostgreSQL: the
// transaction-scoped advisory lock lets one of them migrate at a time.
constexpr std::string_view kPostgresLock = "SELECT pg_advisory_xact_lock(727001)";

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw MigrationError("cannot read migration " + path.string());
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

void lock_if_shared(Database& db, Session& session) {
  if (db.dialect() == "postgres") session.query(kPostgresLock);
}

}  // namespace

std::vector<Migration> load_migrations(const std::filesystem::path& dir, std::string_view dialect) {
  if (!std::filesystem::is_directory(dir)) throw MigrationError("migrations directory not found: " + dir.string());
  // NNNN_name.sql, or NNNN_name.<dialect>.sql for statements that differ.
  static const std::regex pattern(R"(^(\d{4})_([A-Za-z0-9_\-]+?)(?:\.(sqlite|postgres))?\.sql$)");

  struct Found {
    std::string name;
    std::filesystem::path portable;
    std::filesystem::path twin;         // for this dialect
    std::filesystem::path other_twin;   // for the other one
  };
  std::map<int, Found> found;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    std::string file = entry.path().filename().string();
    std::smatch m;
    if (!std::regex_match(file, m, pattern)) {
      if (entry.path().extension() == ".sql") throw MigrationError("migration file name not understood: " + file);
      continue;
    }
    int version = std::stoi(m[1].str());
    Found& f = found[version];
    if (!f.name.empty() && f.name != m[2].str()) {
      throw MigrationError("duplicate migration version " + m[1].str() + ": " + f.name + " and " + m[2].str());
    }
    f.name = m[2].str();
    std::filesystem::path* slot = !m[3].matched ? &f.portable : m[3].str() == dialect ? &f.twin : &f.other_twin;
    *slot = entry.path();
  }

  std::vector<Migration> out;
  int expected = 1;
  for (const auto& [version, f] : found) {
    if (version != expected) {
      throw MigrationError("migration " + std::to_string(expected) + " is missing (next found: " +
                           std::to_string(version) + ")");
    }
    ++expected;
    if (!f.portable.empty() && (!f.twin.empty() || !f.other_twin.empty())) {
      throw MigrationError("migration " + std::to_string(version) + " has both a portable file and dialect twins");
    }
    const auto& path = f.portable.empty() ? f.twin : f.portable;
    if (path.empty()) {
      throw MigrationError("migration " + std::to_string(version) + " has no file for dialect " +
                           std::string(dialect));
    }
    out.push_back(Migration{version, f.name, read_file(path)});
  }
  return out;
}

int current_version(Database& db) {
  auto has_table = db.query(db.dialect() == "postgres" ? kPostgresHasTable : kSqliteHasTable);
  if (has_table.empty()) return 0;
  auto rows = db.query(kMaxVersion);
  return static_cast<int>(rows[0].integer(0));
}

int migrate(Database& db, const std::vector<Migration>& migrations) {
  // Checked before anything is written: a newer schema is never touched.
  int known = migrations.empty() ? 0 : migrations.back().version;
  int applied_version = current_version(db);
  if (applied_version > known) {
    throw MigrationError("the database schema is at version " + std::to_string(applied_version) +
                         " but this portal binary only knows migrations up to " + std::to_string(known) +
                         "; run a newer portal or point it at another database");
  }
  db.transaction([&](Session& s) {
    lock_if_shared(db, s);
    s.execute(kCreateTable);
  });

  int applied = 0;
  for (const Migration& m : migrations) {
    if (m.version <= applied_version) continue;
    bool ran = false;
    db.transaction([&](Session& s) {
      ran = false;  // a retried transaction (TransientError) decides again
      lock_if_shared(db, s);
      // Re-checked under the lock: another instance may have just applied it.
      if (!s.query(kIsApplied, {std::int64_t{m.version}}).empty()) return;
      try {
        s.execute_script(m.sql);
      } catch (const Error& e) {
        throw MigrationError("migration " + std::to_string(m.version) + "_" + m.name + " failed: " + e.what());
      }
      s.execute(kRecord, {std::int64_t{m.version}, m.name, utc_timestamp()});
      ran = true;
    });
    if (ran) ++applied;
  }
  return applied;
}

}  // namespace portal::db
