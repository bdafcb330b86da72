#pragma once
// The console's catalog statements (catalog_admin_service.hpp). Every one
// filters by tenant_id ($1). Unlike the storefront's, they see every article,
// published or not.
#include <string_view>

namespace portal::catalog::admin_sql {

// A list row; {title} is the title in the console language, else English.
#define PORTAL_CATALOG_ADMIN_ROW                                                                                        \
  "a.id, COALESCE((SELECT t.title FROM catalog_article_texts t WHERE t.tenant_id = a.tenant_id AND t.article_id = a.id" \
  " AND t.lang = {lang}), (SELECT t.title FROM catalog_article_texts t WHERE t.tenant_id = a.tenant_id"                 \
  " AND t.article_id = a.id AND t.lang = 'en'), '') AS title, a.content_type, a.section, a.rating, a.published,"        \
  " a.available_from, a.available_until, a.updated_at, a.version, a.doc"

inline constexpr std::string_view kRowColumns = PORTAL_CATALOG_ADMIN_ROW;
inline constexpr std::string_view kListRows = "SELECT " PORTAL_CATALOG_ADMIN_ROW " FROM catalog_articles a";
inline constexpr std::string_view kListCount = "SELECT COUNT(*) FROM catalog_articles a";
inline constexpr std::string_view kListIds = "SELECT a.id FROM catalog_articles a";
inline constexpr std::string_view kCategorySection =
    "SELECT section FROM catalog_categories WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kWhere = " WHERE a.tenant_id = $1";
// The filters: these, and the storefront's list's own pieces for section and type (catalog_sql.hpp kListSection,
// kListType). q: the id, or part of a title in any language (case folded).
inline constexpr std::string_view kQuery =
    " AND (a.id = {id} OR EXISTS (SELECT 1 FROM catalog_article_texts t WHERE t.tenant_id = a.tenant_id"
    " AND t.article_id = a.id AND LOWER(t.title) LIKE {like} ESCAPE '\\'))";
inline constexpr std::string_view kRating = " AND a.rating = {v}";
inline constexpr std::string_view kUnpublished = " AND a.published = 0";
inline constexpr std::string_view kPublishedNow =
    " AND a.published = 1 AND (a.available_from IS NULL OR a.available_from <= {now})"
    " AND (a.available_until IS NULL OR a.available_until > {now})";
inline constexpr std::string_view kScheduled = " AND a.published = 1 AND a.available_from > {now}";
inline constexpr std::string_view kExpired = " AND a.published = 1 AND a.available_until <= {now}";
// Filters over the stored doc (serialised without spaces): {v} is a LIKE pattern.
inline constexpr std::string_view kDocLike = " AND a.doc LIKE {v} ESCAPE '\\'";
inline constexpr std::string_view kDocNotLike = " AND a.doc NOT LIKE {v} ESCAPE '\\'";

inline constexpr std::string_view kFind =
    "SELECT " PORTAL_CATALOG_ADMIN_ROW " FROM catalog_articles a WHERE a.tenant_id = $1 AND a.id = $2";
inline constexpr std::string_view kChildren =
    "SELECT " PORTAL_CATALOG_ADMIN_ROW " FROM catalog_articles a WHERE a.tenant_id = $1 AND a.parent_id = $2"
    " ORDER BY a.position, a.id LIMIT 500";
inline constexpr std::string_view kNextId = "SELECT COALESCE(MAX(id), 0) + 1 FROM catalog_articles WHERE tenant_id = $1";
inline constexpr std::string_view kNextPosition =
    "SELECT COALESCE(MAX(position), 0) + 1 FROM catalog_articles WHERE tenant_id = $1";
inline constexpr std::string_view kPosition = "SELECT position FROM catalog_articles WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kVersion = "SELECT version FROM catalog_articles WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kVersions = "SELECT id, version FROM catalog_articles WHERE tenant_id = $1";

// The export: the file the import reads (docs/catalog-format.md).
inline constexpr std::string_view kExportCategories =
    "SELECT id, section, parent_id, artwork, titles FROM catalog_categories WHERE tenant_id = $1 ORDER BY position, id";
inline constexpr std::string_view kExportArticles =
    "SELECT doc FROM catalog_articles WHERE tenant_id = $1 ORDER BY position, id";
inline constexpr std::string_view kExportChallenges =
    "SELECT doc FROM catalog_challenges WHERE tenant_id = $1 ORDER BY position, id";

// The catalog as a file (issue 78 item 2): every stored article with its place, read once per dry run or apply.
inline constexpr std::string_view kStoredArticles =
    "SELECT id, position, doc FROM catalog_articles WHERE tenant_id = $1 ORDER BY position, id";
inline constexpr std::string_view kCategoryIds = "SELECT id FROM catalog_categories WHERE tenant_id = $1";
inline constexpr std::string_view kInsertImportFile =
    "INSERT INTO catalog_import_files (id, tenant_id, file_name, format, mode, sha256, bytes, body, counts, created_at)"
    " VALUES ($2, $1, $3, $4, $5, $6, $7, $8, $9, $10)";
inline constexpr std::string_view kImportFile =
    "SELECT file_name, format, body FROM catalog_import_files WHERE tenant_id = $1 AND id = $2";

#undef PORTAL_CATALOG_ADMIN_ROW

}  // namespace portal::catalog::admin_sql
