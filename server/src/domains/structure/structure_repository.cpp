#include "domains/structure/structure_repository.hpp"

#include "db/timestamp.hpp"
#include "domains/structure/structure_sql.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::structure {

std::optional<std::string> StructureRepository::get(std::int64_t tenant_id, std::string_view name) {
  auto rows = db_.query(sql::kSelectTree, {tenant_id, std::string(name)});
  if (rows.empty()) return std::nullopt;
  return rows[0].text(0);
}

std::vector<std::string> StructureRepository::names(std::int64_t tenant_id) {
  std::vector<std::string> out;
  for (const db::Row& row : db_.query(sql::kSelectNames, {tenant_id})) out.push_back(row.text(0));
  return out;
}

bool StructureRepository::upsert(std::int64_t tenant_id, std::string_view name, std::string_view tree_json) {
  bool written = false;
  db_.transaction([&](db::Session& s) {
    written = s.execute(sql::kUpsert, {tenant_id, std::string(name), std::string(tree_json), db::utc_timestamp()}) > 0;
    if (written) tenants::raise_config_version(s, tenant_id);  // every instance's structure cache follows
  });
  return written;
}

}  // namespace portal::structure
