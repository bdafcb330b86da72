#pragma once
// What the page shell embeds, drawn from the domains: global settings, the
// structures a page needs for its first paint, and the signed-in user.
#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <optional>
#include <string_view>

#include "app/portal_face.hpp"

namespace portal::structure {
class StructureService;
}
namespace portal::identity {
class IdentityService;
}
namespace portal::catalog {
class CatalogService;
}

namespace portal::app {

PageDataSource make_page_data(structure::StructureService& structures, identity::IdentityService& identity,
                              catalog::CatalogService& catalog, boost::asio::thread_pool& db_pool);

// The article id a catalog detail page shows ("/music/tracks/neon-skyline/2101"
// for route "/music/tracks/:title/:track" -> 2101): the last path segment when
// the route is a detail route and the segment a number; the slug before it is
// ignored, so stale slugs still resolve.
std::optional<std::int64_t> detail_article_id(std::string_view route, std::string_view path);

// The structure a content page shows (the client's content-page.tsx):
// "/vouchers" for route "/:name" -> "vouchers", "/info/faq" -> "info-faq",
// "/marketing/x" -> "marketing-x", "/impressum", "/launch"; nullopt for other routes.
std::optional<std::string> content_structure(std::string_view route, std::string_view path);

// The list a catalog list page shows first (the client's catalog-list table:
// section / contentType / category from the path or query), nullopt for
// other routes. Paging and rating are left at their defaults.
struct PageList {
  std::string section, content_type, category;
  std::string sort;  // "", new, popular, title: the `sort` query, else a named list's (featured → popular)
};
std::optional<PageList> page_list(std::string_view route, std::string_view path, std::string_view query);

// The document head of an article page: title, description, image, og:type and
// the schema.org JSON-LD (MusicRecording, MusicAlbum, Movie, TVSeries, VideoGame, ...).
PageHead article_head(const boost::json::object& article, std::string_view origin_free_url);

}  // namespace portal::app
