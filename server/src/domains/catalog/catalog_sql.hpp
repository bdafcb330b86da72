#pragma once
// The catalog's statements. Every one filters by tenant_id ($1). A few come in
// two dialects (SQLite, PostgreSQL).
#include <string_view>

namespace portal::catalog::sql {

// The columns of the records (catalog_rows.hpp: their structs, checked against these lists).
#define PORTAL_CATALOG_COLUMNS \
  "a.id, a.content_type, a.section, a.parent_id, a.rating, a.release_date, a.slug, a.read_count, a.doc"
#define PORTAL_CATALOG_CATEGORY_COLUMNS "c.id, c.section, c.parent_id, c.artwork, c.titles"
#define PORTAL_CATALOG_SEARCH_DOCUMENT_COLUMNS "a.id, a.section, a.content_type, a.rating, a.release_date, d.body"
inline constexpr std::string_view kArticleColumns = PORTAL_CATALOG_COLUMNS;
inline constexpr std::string_view kChallengeColumns = "id, game_id, doc";
inline constexpr std::string_view kCategoryColumns = PORTAL_CATALOG_CATEGORY_COLUMNS ", count";
inline constexpr std::string_view kSearchDocumentColumns = PORTAL_CATALOG_SEARCH_DOCUMENT_COLUMNS;

inline constexpr std::string_view kUpsertCategory =
    "INSERT INTO catalog_categories (tenant_id, id, section, parent_id, artwork, titles, position) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tenant_id, id) DO UPDATE SET section = excluded.section, "
    "parent_id = excluded.parent_id, artwork = excluded.artwork, titles = excluded.titles, position = excluded.position";

inline constexpr std::string_view kArticleExists = "SELECT 1 FROM catalog_articles WHERE tenant_id = $1 AND id = $2";
// The articles whose document carries prices (the currency check of a settings change reads them).
inline constexpr std::string_view kPricedArticles =
    "SELECT id, doc AS text FROM catalog_articles WHERE tenant_id = $1 AND doc LIKE '%\"prices\"%' ORDER BY id";
inline constexpr std::string_view kArticleIds = "SELECT id FROM catalog_articles WHERE tenant_id = $1";
// --prune: an article absent from the file goes with its texts, relations and
// teams, kept answers and search document (foreign keys cascade).
inline constexpr std::string_view kDeleteArticle = "DELETE FROM catalog_articles WHERE tenant_id = $1 AND id = $2";

inline constexpr std::string_view kUpsertChallenge =
    "INSERT INTO catalog_challenges (tenant_id, id, game_id, position, doc) VALUES ($1, $2, $3, $4, $5) "
    "ON CONFLICT (tenant_id, id) DO UPDATE SET game_id = excluded.game_id, position = excluded.position, "
    "doc = excluded.doc";
inline constexpr std::string_view kChallengeIds = "SELECT id FROM catalog_challenges WHERE tenant_id = $1";
inline constexpr std::string_view kDeleteChallenge = "DELETE FROM catalog_challenges WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kFindChallenge =
    "SELECT id, game_id, doc FROM catalog_challenges WHERE tenant_id = $1 AND id = $2";  // kChallengeColumns
inline constexpr std::string_view kChallengeExists = "SELECT 1 FROM catalog_challenges WHERE tenant_id = $1 AND id = $2";
// Idempotent: a second opt-in keeps the first one's time.
inline constexpr std::string_view kOptIn =
    "INSERT INTO catalog_challenge_optins (tenant_id, challenge_id, user_uuid, created_at) VALUES ($1, $2, $3, $4) "
    "ON CONFLICT DO NOTHING";
inline constexpr std::string_view kOptedIn =
    "SELECT created_at FROM catalog_challenge_optins WHERE tenant_id = $1 AND challenge_id = $2 AND user_uuid = $3";

inline constexpr std::string_view kCategoryExists = "SELECT 1 FROM catalog_categories WHERE tenant_id = $1 AND id = $2";

inline constexpr std::string_view kUpsertArticle =
    "INSERT INTO catalog_articles (tenant_id, id, content_type, section, parent_id, rating, release_date, sort_title, "
    "slug, developer_name, position, doc, published, available_from, available_until, updated_at, price_rank) VALUES ($1, $2, "
    "$3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) "
    "ON CONFLICT (tenant_id, id) DO UPDATE SET content_type = excluded.content_type, section = excluded.section, "
    "parent_id = excluded.parent_id, rating = excluded.rating, release_date = excluded.release_date, "
    "sort_title = excluded.sort_title, slug = excluded.slug, developer_name = excluded.developer_name, "
    "position = excluded.position, doc = excluded.doc, published = excluded.published, "
    "available_from = excluded.available_from, available_until = excluded.available_until, "
    "price_rank = excluded.price_rank, "
    // An unchanged doc keeps its version and time: importing an export changes nothing.
    "version = CASE WHEN catalog_articles.doc = excluded.doc THEN catalog_articles.version "
    "ELSE catalog_articles.version + 1 END, "
    "updated_at = CASE WHEN catalog_articles.doc = excluded.doc THEN catalog_articles.updated_at ELSE excluded.updated_at END";

// An import's rows are written in batches (db/row_batch.hpp): {ids} is a list of the articles' placeholders.
inline constexpr std::string_view kDeleteTexts =
    "DELETE FROM catalog_article_texts WHERE tenant_id = $1 AND article_id IN ({ids})";
inline constexpr std::string_view kDeleteCategories =
    "DELETE FROM catalog_article_categories WHERE tenant_id = $1 AND article_id IN ({ids})";
inline constexpr std::string_view kDeleteArtists =
    "DELETE FROM catalog_article_artists WHERE tenant_id = $1 AND article_id IN ({ids})";
inline constexpr std::string_view kDeleteMembers =
    "DELETE FROM catalog_playlist_members WHERE tenant_id = $1 AND playlist_id IN ({ids})";
inline constexpr std::string_view kInsertText =
    "INSERT INTO catalog_article_texts (tenant_id, article_id, lang, title, description) VALUES ($1, $2, $3, $4, $5)";
inline constexpr std::string_view kInsertCategory =
    "INSERT INTO catalog_article_categories (tenant_id, article_id, category_id, position) VALUES ($1, $2, $3, $4) "
    "ON CONFLICT DO NOTHING";
inline constexpr std::string_view kInsertArtist =
    "INSERT INTO catalog_article_artists (tenant_id, article_id, artist_id, position) VALUES ($1, $2, $3, $4) "
    "ON CONFLICT DO NOTHING";
inline constexpr std::string_view kInsertMember =
    "INSERT INTO catalog_playlist_members (tenant_id, playlist_id, member_id, position) VALUES ($1, $2, $3, $4) "
    "ON CONFLICT DO NOTHING";
// An article's search document (catalog_search_index.hpp reads them).
inline constexpr std::string_view kUpsertSearchDocument =
    "INSERT INTO catalog_search_documents (tenant_id, article_id, body) VALUES ($1, $2, $3)"
    " ON CONFLICT (tenant_id, article_id) DO UPDATE SET body = excluded.body";

// Artist names for the search body of articles that name artists.
inline constexpr std::string_view kArticleDoc = "SELECT doc FROM catalog_articles WHERE tenant_id = $1 AND id = $2";

inline constexpr std::string_view kFindArticle =
    "SELECT " PORTAL_CATALOG_COLUMNS " FROM catalog_articles a WHERE a.tenant_id = $1 AND a.id = $2";

// Lists (issue 14): one statement per filter shape and order, put together by
// catalog_repository.cpp list_statement() from these parts, so that each shape
// meets an index of 0015 that matches its filter and order (their plans are
// kept in catalog_plans_test.cpp). Values are parameters: $1 tenant, $2/$3
// rating window, then the filters' values, the language, limit and offset.
// Without a content type, publishers stay out: they are a directory of the
// games section (/games/publisher/:name), not something to play.
// A page's answers are looked up per row of the page only: as a subquery of the
// select list, not a join, so the rows that OFFSET skips are never looked up
// (a join looks up every row it walks past).
inline constexpr std::string_view kListViews =
    "SELECT (SELECT v.body FROM catalog_article_views v WHERE v.tenant_id = a.tenant_id AND v.article_id = a.id"
    " AND v.lang = {lang}) AS body{total} FROM catalog_articles a";
inline constexpr std::string_view kListRecords = "SELECT " PORTAL_CATALOG_COLUMNS " FROM catalog_articles a";
inline constexpr std::string_view kListCount = "SELECT COUNT(*) FROM catalog_articles a";
inline constexpr std::string_view kListInCategory =
    " JOIN catalog_article_categories c ON c.tenant_id = a.tenant_id AND c.article_id = a.id AND c.category_id = {category}";
inline constexpr std::string_view kListWhere =
    " WHERE a.tenant_id = $1 AND a.rating >= $2 AND a.rating <= $3 AND a.published = 1";
inline constexpr std::string_view kListSection = " AND a.section = {section}";
inline constexpr std::string_view kListType = " AND a.content_type = {type}";
inline constexpr std::string_view kListNoPublishers = " AND a.content_type <> 'publisher'";
// A publisher's slug: the articles whose developer_name is that publisher's English title.
inline constexpr std::string_view kListDeveloper =
    " AND a.developer_name IN (SELECT p.developer_name FROM catalog_articles p WHERE p.tenant_id = $1"
    " AND p.content_type = 'publisher' AND p.slug = {developer})";
inline constexpr std::string_view kOrderPosition = " ORDER BY a.position, a.id";
inline constexpr std::string_view kOrderCategoryPosition = " ORDER BY c.position, c.article_id";
inline constexpr std::string_view kOrderNew = " ORDER BY a.release_date DESC, a.id DESC";
inline constexpr std::string_view kOrderPopular = " ORDER BY a.read_count DESC, a.id";
inline constexpr std::string_view kOrderTitle = " ORDER BY a.sort_title, a.id";
// Top rated: the customers' ratings as kept by kRankByRatings; cheapest first, what is not sold alone last (0060).
inline constexpr std::string_view kOrderRated = " ORDER BY a.rating_rank DESC, a.id";
inline constexpr std::string_view kOrderPrice = " ORDER BY a.price_rank, a.id";
inline constexpr std::string_view kListPage = " LIMIT {limit} OFFSET {offset}";

// The count of a list without a developer filter, from the counts kept per
// import (category_id '' = any): a few rows per filter, never the articles.
// A page of kept answers carries it as a second column (kPageTotal): one
// statement per page; the count alone is asked only for an empty page.
inline constexpr std::string_view kCountKept =
    "SELECT CAST(COALESCE(SUM(n.articles), 0) AS BIGINT) FROM catalog_list_counts n WHERE n.tenant_id = $1"
    " AND n.rating >= $2 AND n.rating <= $3 AND n.category_id = {category}";
inline constexpr std::string_view kPageTotal = ", ({count}) AS total";
inline constexpr std::string_view kCountKeptSection = " AND n.section = {section}";
inline constexpr std::string_view kCountKeptType = " AND n.content_type = {type}";
inline constexpr std::string_view kCountKeptNoPublishers = " AND n.content_type <> 'publisher'";
// Rewritten in the import's transaction.
inline constexpr std::string_view kDeleteCounts = "DELETE FROM catalog_list_counts WHERE tenant_id = $1";
inline constexpr std::string_view kKeepCounts =
    "INSERT INTO catalog_list_counts (tenant_id, category_id, section, content_type, rating, articles)"
    " SELECT tenant_id, '', section, content_type, rating, COUNT(*) FROM catalog_articles WHERE tenant_id = $1 AND published = 1"
    " GROUP BY tenant_id, section, content_type, rating";
inline constexpr std::string_view kKeepCategoryCounts =
    "INSERT INTO catalog_list_counts (tenant_id, category_id, section, content_type, rating, articles)"
    " SELECT a.tenant_id, c.category_id, a.section, a.content_type, a.rating, COUNT(*) FROM catalog_article_categories c"
    " JOIN catalog_articles a ON a.tenant_id = c.tenant_id AND a.id = c.article_id WHERE c.tenant_id = $1 AND a.published = 1"
    " GROUP BY a.tenant_id, c.category_id, a.section, a.content_type, a.rating";

// The article answers per language (catalog_views.hpp), written at import.
inline constexpr std::string_view kUpsertView =
    "INSERT INTO catalog_article_views (tenant_id, article_id, lang, body) VALUES ($1, $2, $3, $4)"
    " ON CONFLICT (tenant_id, article_id, lang) DO UPDATE SET body = excluded.body";
inline constexpr std::string_view kDeleteViews =
    "DELETE FROM catalog_article_views WHERE tenant_id = $1 AND article_id IN ({ids})";
inline constexpr std::string_view kView =
    "SELECT body FROM catalog_article_views WHERE tenant_id = $1 AND article_id = $2 AND lang = $3";
// Articles that name one of the given artists ($2: a JSON array of ids): their
// answers carry the artists' titles, so they are written again with them.
inline constexpr std::string_view kArticlesOfArtistsSqlite =
    "SELECT DISTINCT article_id FROM catalog_article_artists WHERE tenant_id = $1"
    " AND artist_id IN (SELECT value FROM json_each($2))";
inline constexpr std::string_view kArticlesOfArtistsPostgres =
    "SELECT DISTINCT article_id FROM catalog_article_artists WHERE tenant_id = $1"
    " AND artist_id IN (SELECT value::bigint FROM json_array_elements_text($2::json))";
// Articles without their answers of the current shape ($1: English's view_key; a catalog imported before 0015,
// or answers kept by a build whose ArticleDto differed): written at start-up.
inline constexpr std::string_view kArticlesWithoutViews =
    "SELECT a.tenant_id, a.id AS article_id FROM catalog_articles a WHERE a.published = 1"
    " AND NOT EXISTS (SELECT 1 FROM catalog_article_views v"
    " WHERE v.tenant_id = a.tenant_id AND v.article_id = a.id AND v.lang = $1)";
inline constexpr std::string_view kAnyCounts = "SELECT 1 FROM catalog_list_counts WHERE tenant_id = $1 LIMIT 1";
inline constexpr std::string_view kTenantsWithArticles = "SELECT DISTINCT tenant_id FROM catalog_articles";

inline constexpr std::string_view kAllArticles =
    "SELECT " PORTAL_CATALOG_COLUMNS " FROM catalog_articles a WHERE a.tenant_id = $1 ORDER BY a.id";
inline constexpr std::string_view kOnlineGames =
    "SELECT " PORTAL_CATALOG_COLUMNS " FROM catalog_articles a WHERE a.tenant_id = $1 AND a.content_type = 'online_game'"
    " AND a.published = 1"
    " ORDER BY a.id LIMIT 1000";
inline constexpr std::string_view kChildren =
    "SELECT " PORTAL_CATALOG_COLUMNS " FROM catalog_articles a WHERE a.tenant_id = $1 AND a.parent_id = $2 AND a.published = 1"
    " AND a.rating >= $3 AND a.rating <= $4 ORDER BY a.position, a.id LIMIT 200";
inline constexpr std::string_view kByArtist =
    "SELECT " PORTAL_CATALOG_COLUMNS " FROM catalog_articles a JOIN catalog_article_artists r"
    " ON r.tenant_id = a.tenant_id AND r.article_id = a.id WHERE a.tenant_id = $1 AND r.artist_id = $2"
    " AND a.content_type = $3 AND a.rating >= $4 AND a.rating <= $5 AND a.published = 1"
    " ORDER BY a.release_date DESC, a.id LIMIT 200";
// An artist's top tracks: the most played first (read_count), newest on a tie.
inline constexpr std::string_view kArtistTopTracks =
    "SELECT " PORTAL_CATALOG_COLUMNS " FROM catalog_articles a JOIN catalog_article_artists r"
    " ON r.tenant_id = a.tenant_id AND r.article_id = a.id WHERE a.tenant_id = $1 AND r.artist_id = $2"
    " AND a.content_type = 'full_track_music' AND a.rating >= $3 AND a.rating <= $4 AND a.published = 1"
    " ORDER BY a.read_count DESC, a.release_date DESC, a.id LIMIT $5";
inline constexpr std::string_view kPlaylistMembers =
    "SELECT " PORTAL_CATALOG_COLUMNS " FROM catalog_articles a JOIN catalog_playlist_members m"
    " ON m.tenant_id = a.tenant_id AND m.member_id = a.id WHERE a.tenant_id = $1 AND m.playlist_id = $2"
    " AND a.rating >= $3 AND a.rating <= $4 AND a.published = 1 ORDER BY m.position, a.id LIMIT 200";
inline constexpr std::string_view kByDeveloper =
    "SELECT " PORTAL_CATALOG_COLUMNS " FROM catalog_articles a WHERE a.tenant_id = $1 AND a.developer_name = $2"
    " AND a.content_type <> 'publisher' AND a.rating >= $3 AND a.rating <= $4 AND a.published = 1"
    " ORDER BY a.position, a.id LIMIT 200";


// The search's documents (catalog_search_index.hpp), a page at a time in
// article order ($2: the last article of the page before, $3: the page size):
// each article with its stored search body, and the titles of every language.
inline constexpr std::string_view kSearchDocuments =
    "SELECT " PORTAL_CATALOG_SEARCH_DOCUMENT_COLUMNS " FROM catalog_articles a"
    " JOIN catalog_search_documents d ON d.tenant_id = a.tenant_id AND d.article_id = a.id"
    " WHERE a.tenant_id = $1 AND a.id > $2 AND a.published = 1 ORDER BY a.id LIMIT $3";
inline constexpr std::string_view kSearchDocumentTitles =
    "SELECT article_id AS id, title AS text FROM catalog_article_texts"
    " WHERE tenant_id = $1 AND article_id > $2 AND article_id <= $3"
    " ORDER BY article_id";
// The same for these articles ({ids}: their placeholders, from $2).
inline constexpr std::string_view kSearchDocumentsOf =
    "SELECT " PORTAL_CATALOG_SEARCH_DOCUMENT_COLUMNS " FROM catalog_articles a"
    " JOIN catalog_search_documents d ON d.tenant_id = a.tenant_id AND d.article_id = a.id"
    " WHERE a.tenant_id = $1 AND a.id IN ({ids}) AND a.published = 1 ORDER BY a.id";
inline constexpr std::string_view kSearchDocumentTitlesOf =
    "SELECT article_id AS id, title AS text FROM catalog_article_texts WHERE tenant_id = $1 AND article_id IN ({ids})"
    " ORDER BY article_id";

// The change log (catalog_changes.hpp, migration 0035). The tenant's last number
// is catalog_search_generations.generation (0 without a row).
inline constexpr std::string_view kSearchGeneration =
    "SELECT generation FROM catalog_search_generations WHERE tenant_id = $1";
inline constexpr std::string_view kNextCatalogChange =
    "INSERT INTO catalog_search_generations (tenant_id, generation) VALUES ($1, 1) ON CONFLICT (tenant_id)"
    " DO UPDATE SET generation = catalog_search_generations.generation + 1 RETURNING generation";
inline constexpr std::string_view kInsertCatalogChange =
    "INSERT INTO catalog_changes (tenant_id, seq, article_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING";
inline constexpr std::string_view kPruneCatalogChanges = "DELETE FROM catalog_changes WHERE tenant_id = $1 AND seq < $2";
// The changes after $2 up to $3, in order.
inline constexpr std::string_view kCatalogChangesAfter =
    "SELECT seq, article_id FROM catalog_changes WHERE tenant_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq, article_id";
// The kept answers of a search page's hits ({ids}: their placeholders).
inline constexpr std::string_view kViewsOf =
    "SELECT article_id AS id, body AS text FROM catalog_article_views WHERE tenant_id = $1 AND lang = $2 AND article_id IN ({ids})";

inline constexpr std::string_view kCategories =
    "SELECT " PORTAL_CATALOG_CATEGORY_COLUMNS ", (SELECT CAST(COALESCE(SUM(n.articles), 0) AS BIGINT)"
    " FROM catalog_list_counts n WHERE n.tenant_id = c.tenant_id AND n.category_id = c.id AND n.rating >= $3"
    " AND n.rating <= $4) AS count"
    " FROM catalog_categories c WHERE c.tenant_id = $1 AND ($2 = '' OR c.section = $2) ORDER BY c.position, c.id";
inline constexpr std::string_view kCategory =
    "SELECT " PORTAL_CATALOG_CATEGORY_COLUMNS ", 0 AS count FROM catalog_categories c"
    " WHERE c.tenant_id = $1 AND c.id = $2";

// The counter only moves for an article the caller may see.
inline constexpr std::string_view kCountRead =
    "UPDATE catalog_articles SET read_count = read_count + 1 WHERE tenant_id = $1 AND id = $2"
    " AND rating >= $3 AND rating <= $4 AND published = 1 RETURNING read_count";

#undef PORTAL_CATALOG_SEARCH_FROM
#undef PORTAL_CATALOG_COLUMNS
#undef PORTAL_CATALOG_CATEGORY_COLUMNS
#undef PORTAL_CATALOG_SEARCH_DOCUMENT_COLUMNS

// An article's rank among the top rated (migration 0060): the mean of its customers' scores (1 to 5) pulled toward 3
// by three imagined votes, in thousandths, so one 5 does not outrank many 4s; 3000 for an article nobody rated.
// Kept in the transaction of each rating (engagement), like read_count for the most played.
inline constexpr std::string_view kRankByRatings =
    "UPDATE catalog_articles SET rating_rank = (SELECT (COALESCE(SUM(r.score), 0) * 1000 + 9000) / (COUNT(*) + 3) "
    "FROM ratings r WHERE r.tenant_id = $1 AND r.article_id = $2) WHERE tenant_id = $1 AND id = $2";

}  // namespace portal::catalog::sql
