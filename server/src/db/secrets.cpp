#include "db/secrets.hpp"

#include "core/ids.hpp"

namespace portal::db {
namespace {
constexpr std::string_view kInsert =
    "INSERT INTO catalog_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING";
constexpr std::string_view kSelect = "SELECT value FROM catalog_secrets WHERE name = $1";
}  // namespace

std::string shared_secret(Database& db, std::string_view name) {
  db.execute(kInsert, {std::string(name), core::random_hex(32)});
  return db.query(kSelect, {std::string(name)})[0].text(0);
}

}  // namespace portal::db
