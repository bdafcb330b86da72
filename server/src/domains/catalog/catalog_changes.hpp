#pragma once
// The catalog's change log (migration 0035, decisions.md "Search in memory"):
// what a write of articles tells every instance's search index. Call it inside
// the transaction of the write, after the articles' rows (and their search
// documents, catalog_search_documents) are written or deleted; the ids may name
// articles that no longer exist (deleted) or that are not searchable any more.
// Every instance reads the log on its next search and updates those articles'
// postings (within 2 s on every instance); nothing is rebuilt in front of a search.
#include <cstdint>
#include <initializer_list>
#include <span>

#include "db/database.hpp"

namespace portal::catalog {

// These articles of the tenant changed (written, unpublished or deleted).
void note_articles_changed(db::Session& s, std::int64_t tenant_id, std::span<const std::int64_t> article_ids);
// The same for a list written in place: note_articles_changed(s, tenant, {id}).
inline void note_articles_changed(db::Session& s, std::int64_t tenant_id, std::initializer_list<std::int64_t> article_ids) {
  note_articles_changed(s, tenant_id, std::span<const std::int64_t>(article_ids.begin(), article_ids.size()));
}

// The tenant's whole catalog changed (a large import): every instance rebuilds
// its index beside the serving one and swaps it in when done.
void note_catalog_rewritten(db::Session& s, std::int64_t tenant_id);

// A change of the log: the number of its transaction and one article (0: all).
struct CatalogChange {
  std::int64_t seq = 0;
  std::int64_t article_id = 0;
};

// Log numbers kept per tenant: an instance further behind rebuilds.
inline constexpr std::int64_t kKeptChangeNumbers = 10000;
// An import writing or pruning more articles than this notes the whole catalog
// (every instance rebuilds beside its serving index) rather than each article.
inline constexpr std::int64_t kIncrementalImportLimit = 1000;

}  // namespace portal::catalog
