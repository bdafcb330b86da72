#pragma once
// Catalog storage. Every call takes the tenant id first and blocks: run it on
// the database pool.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/catalog/catalog_changes.hpp"
#include "domains/catalog/catalog_import.hpp"
#include "domains/catalog/catalog_search_index.hpp"
#include "domains/catalog/catalog_statement.hpp"
#include "domains/catalog/catalog_types.hpp"

namespace portal::catalog {

class CatalogRepository {
 public:
  explicit CatalogRepository(db::Database& db) : db_(db) {}

  bool category_exists(std::int64_t tenant_id, std::string_view id);
  bool article_exists(std::int64_t tenant_id, std::int64_t id);
  // The ids of the tenant's articles with a price in `currency` (a settings change of the currency).
  std::vector<std::int64_t> priced_in(std::int64_t tenant_id, std::string_view currency);
  // Upserts the whole set in one transaction (read counters and opt-ins are
  // kept). With prune, articles and challenges of the tenant absent from the
  // set are deleted in the same transaction; answers how many articles went.
  // The written and pruned articles go into the search's change log
  // (catalog_changes.hpp). hook (the console's writes): called last in the
  // transaction (its own checks and its audit entry).
  using WriteHook = std::function<void(db::Session&)>;
  std::int64_t write(std::int64_t tenant_id, const ImportSet& set, bool prune = false, const WriteHook& hook = {});

  // The tenant's online games (any rating): who may fetch a game directory.
  std::vector<ArticleRecord> online_games(std::int64_t tenant_id);
  // Every article of the tenant, published or not, in id order (the activity generator's catalog).
  std::vector<ArticleRecord> all_articles(std::int64_t tenant_id);

  std::optional<ChallengeRecord> challenge(std::int64_t tenant_id, std::int64_t id);
  // Records the opt-in unless there is one; false when no such challenge.
  bool opt_in(std::int64_t tenant_id, std::int64_t challenge_id, const std::string& user_uuid, const std::string& now);
  bool opted_in(std::int64_t tenant_id, std::int64_t challenge_id, const std::string& user_uuid);

  std::optional<ArticleRecord> find(std::int64_t tenant_id, std::int64_t id);
  // A list page (the query's filters, order, rating window and paging): the
  // articles, or their kept answers in query.lang. The total comes from the
  // counts kept per import (a developer filter counts its articles).
  Page list(std::int64_t tenant_id, const ListQuery& query);
  ViewPage list_views(std::int64_t tenant_id, const ListQuery& query);
  // The kept answer of one article in lang; nullopt when there is none.
  std::optional<std::string> view(std::int64_t tenant_id, std::int64_t id, std::string_view lang);
  std::vector<ArticleRecord> children(std::int64_t tenant_id, std::int64_t parent_id, RatingRange r);
  std::vector<ArticleRecord> by_artist(std::int64_t tenant_id, std::int64_t artist_id, std::string_view type, RatingRange r);
  std::vector<ArticleRecord> artist_top_tracks(std::int64_t tenant_id, std::int64_t artist_id, RatingRange r, std::int64_t limit);
  std::vector<ArticleRecord> playlist_members(std::int64_t tenant_id, std::int64_t playlist_id, RatingRange r);
  std::vector<ArticleRecord> by_developer(std::int64_t tenant_id, std::string_view developer, RatingRange r);
  // The number of the tenant's last catalog change (catalog_changes.hpp; 0
  // before the first): an in-memory search index that applied less is behind.
  std::int64_t search_generation(std::int64_t tenant_id);
  // The changes numbered after `after` up to `upto`, in order.
  std::vector<CatalogChange> catalog_changes(std::int64_t tenant_id, std::int64_t after, std::int64_t upto);
  // Every article of the tenant as the search sees it (catalog_search_index.hpp),
  // read a page at a time.
  void search_documents(std::int64_t tenant_id, const std::function<void(const SearchDocument&)>& each);
  // The same for these articles (those without a search document are left out).
  std::vector<SearchDocument> search_documents_of(std::int64_t tenant_id, std::span<const std::int64_t> ids);
  // The kept answers of these articles in lang, in the order of ids (an id
  // without one is left out).
  std::vector<std::string> views_of(std::int64_t tenant_id, const std::vector<std::int64_t>& ids, std::string_view lang);
  // Writes the kept answers and list counts of a catalog imported before they
  // existed (migration 0015); nothing when every article has them.
  void fill_views_if_missing();
  std::vector<CategoryRecord> categories(std::int64_t tenant_id, std::string_view section, RatingRange r);
  std::optional<CategoryRecord> category(std::int64_t tenant_id, std::string_view id);
  // The new count, nullopt when there is no such (visible) article.
  std::optional<std::int64_t> count_read(std::int64_t tenant_id, std::int64_t id, RatingRange r);
  // The media signing secret, created on first use.
  std::string media_secret();

  std::string_view dialect() const { return db_.dialect(); }

 private:
  db::Database& db_;
};

// The statement of a list page of kept answers and of its count, with their
// values (catalog_sql.hpp "Lists"); catalog_plans_test.cpp checks their plans.
Statement list_page_statement(std::int64_t tenant_id, const ListQuery& query);
Statement list_count_statement(std::int64_t tenant_id, const ListQuery& query);

// Text as the search index keeps it, the same on both databases: Arabic
// harakat removed and Latin letters with diacritics folded to their base
// letter ("Blockläufer" -> "Blocklaufer", "néon" -> "neon"; ß stays).
std::string fold_for_search(std::string_view text);

}  // namespace portal::catalog
