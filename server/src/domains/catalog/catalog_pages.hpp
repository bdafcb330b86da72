#pragma once
// The catalog's part of a portal page (the page shell's first paint): which
// article a detail page shows, which list a list page shows, the document head
// of an article, and the data the page payload carries for them. The rules
// mirror the client's routes (web/src/config/paths.ts, catalog-list.tsx).
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "http/html_shell.hpp"
#include "http/json.hpp"

namespace portal::core {
struct Tenant;
}
namespace portal::tenants {
using core::Tenant;
}

namespace portal::catalog {

class CatalogService;

inline constexpr std::int64_t kPageListSize = 24;  // the client's ARTICLES_PAGE_SIZE

// The article id a catalog detail page shows ("/music/tracks/neon-skyline/2101"
// for route "/music/tracks/:title/:track" -> 2101): the last path segment when
// the route is a detail route and the segment an id (http::parse_id); the slug
// before it is ignored, so stale slugs still resolve.
std::optional<std::int64_t> detail_article_id(std::string_view route, std::string_view path);

// The list a catalog list page shows first (the client's catalog-list table:
// section / contentType / category from the path or query), nullopt for
// other routes. Paging and rating are left at their defaults.
struct PageList {
  std::string section, content_type, category;
  std::string sort;  // "", new, popular, title: the `sort` query, else a named list's (featured → popular)
};
std::optional<PageList> page_list(std::string_view route, std::string_view path, std::string_view query);

// The words a search page shows results for ("/search?q=golden+hour" -> "golden hour", trimmed as
// the client trims them), nullopt for other routes, no words or more than the API takes.
inline constexpr std::int64_t kPageSearchSize = 50;  // the client's SEARCH_LIMIT
std::optional<std::string> page_search(std::string_view route, std::string_view query);

// The document head of an article page: title, description, image, og:type and
// the schema.org JSON-LD (MusicRecording, MusicAlbum, Movie, TVSeries, VideoGame, ...).
http::PageHead article_head(const boost::json::object& article, std::string_view origin_free_url);

// What the catalog adds to one page's first payload.
struct PageCatalog {
  boost::json::object data;            // "article" (detail pages); else empty
  http::JsonMembers raw_data;          // "list" (list pages), "search" (search pages), spliced from the kept answers
  std::optional<http::PageHead> head;  // detail pages: the article's
  bool not_found = false;              // a detail page of an unknown article
};
// Blocking (run it on the database pool). The rating window is the tenant's:
// pages have no maxRating parameter.
PageCatalog page_catalog(CatalogService& catalog, const tenants::Tenant& tenant, std::string_view route,
                         std::string_view path, std::string_view query, const std::string& lang);

}  // namespace portal::catalog
