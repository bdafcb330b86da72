#pragma once
// Page structure trees (JSON text) by tenant and name. Blocking: call from
// the database pool.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"

namespace portal::structure {

class StructureRepository {
 public:
  explicit StructureRepository(db::Database& db) : db_(db) {}

  std::optional<std::string> get(std::int64_t tenant_id, std::string_view name);
  std::vector<std::string> names(std::int64_t tenant_id);
  // Returns true when a row was inserted or its tree changed.
  bool upsert(std::int64_t tenant_id, std::string_view name, std::string_view tree_json);

 private:
  db::Database& db_;
};

}  // namespace portal::structure
