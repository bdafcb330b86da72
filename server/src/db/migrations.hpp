#pragma once
// Numbered migrations: files NNNN_name.sql in a directory (portable SQL), or a
// twin NNNN_name.sqlite.sql / NNNN_name.postgres.sql chosen by dialect.
// Applied in order at start-up, each in its own transaction, recorded in
// schema_migrations(version, name, applied_at). A database that has a version
// this binary does not know is refused (MigrationError), never touched.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace portal::db {

struct Migration {
  int version;
  std::string name;
  std::string sql;
};

struct MigrationError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Reads the migrations for a dialect, sorted by version; throws on gaps or
// duplicate versions.
std::vector<Migration> load_migrations(const std::filesystem::path& dir, std::string_view dialect);

// Applies what is missing; returns how many were applied.
int migrate(Database& db, const std::vector<Migration>& migrations);

// The highest applied version, 0 for an empty database.
int current_version(Database& db);

}  // namespace portal::db
