#include "domains/catalog/catalog_changes.hpp"

#include "domains/catalog/catalog_sql.hpp"

namespace portal::catalog {

void note_articles_changed(db::Session& session, std::int64_t tenant_id, const std::vector<std::int64_t>& ids) {
  if (ids.empty()) return;
  session.execute(sql::kRaiseSearchGeneration, {tenant_id});
}

}  // namespace portal::catalog
