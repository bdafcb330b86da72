#pragma once
// The one place the console's catalog writes tell the rest of the portal that
// articles changed, in the write's transaction: today it raises the tenant's
// search generation (every instance's search index follows); the incremental
// index of issue 33 item 2 will take the ids instead. Lists, page shells and
// kept answers follow by other means (config_version, catalog_article_views),
// written by CatalogRepository::write in the same transaction.
#include <cstdint>
#include <vector>

#include "db/database.hpp"

namespace portal::catalog {

void note_articles_changed(db::Session& session, std::int64_t tenant_id, const std::vector<std::int64_t>& ids);

}  // namespace portal::catalog
