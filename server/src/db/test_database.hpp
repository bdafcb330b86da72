#pragma once
// For service tests: a migrated SQLite database of its own, with tenants 1
// and 2 ("t1", "t2") and the given users (uuid, tenant; user id "id-" and the
// uuid after its first two characters). The caller removes the directory.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/database.hpp"
#include "db/migrations.hpp"

namespace portal::db {

inline std::filesystem::path test_directory(std::string_view name) {
  return std::filesystem::temp_directory_path() / (std::string(name) + "-" + std::to_string(std::random_device{}()));
}

inline std::unique_ptr<Database> open_test_database(const std::filesystem::path& dir,
                                                    const std::vector<std::pair<std::string, std::int64_t>>& users) {
  auto db = open((dir / "portal.db").string(), 2);
  migrate(*db, load_migrations(std::filesystem::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
  for (std::int64_t tenant : {1, 2})
    db->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES ($1, $2, $2, 'x', 'x')",
                {tenant, "t" + std::to_string(tenant)});
  for (const auto& [uuid, tenant] : users)
    db->execute("INSERT INTO users (uuid, tenant_id, user_id, created_at, updated_at) VALUES ($1, $2, $3, 'x', 'x')",
                {uuid, tenant, "id-" + uuid.substr(2)});
  return db;
}

}  // namespace portal::db
