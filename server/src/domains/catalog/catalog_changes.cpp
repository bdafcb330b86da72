#include "domains/catalog/catalog_changes.hpp"

#include <algorithm>
#include <vector>

#include "db/row_struct.hpp"
#include "domains/catalog/catalog_sql.hpp"

namespace portal::catalog {
namespace {

// The tenant's next number; the row stays locked to the end of the caller's
// transaction (PostgreSQL), so numbers commit in their order.
std::int64_t next_number(db::Session& s, std::int64_t tenant_id) {
  const auto seq = db::read_value<std::int64_t>(s.query(sql::kNextCatalogChange, {tenant_id})).value_or(0);
  // Now and then, what no instance should still need.
  if (seq % 100 == 0) s.execute(sql::kPruneCatalogChanges, {tenant_id, seq - kKeptChangeNumbers});
  return seq;
}

}  // namespace

void note_articles_changed(db::Session& s, std::int64_t tenant_id, std::span<const std::int64_t> article_ids) {
  std::vector<std::int64_t> ids;
  for (auto id : article_ids)
    if (id != 0) ids.push_back(id);
  if (ids.empty()) return;
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  const auto seq = next_number(s, tenant_id);
  for (auto id : ids) s.execute(sql::kInsertCatalogChange, {tenant_id, seq, id});
}

void note_catalog_rewritten(db::Session& s, std::int64_t tenant_id) {
  const auto seq = next_number(s, tenant_id);
  s.execute(sql::kInsertCatalogChange, {tenant_id, seq, std::int64_t{0}});
}

}  // namespace portal::catalog
