#pragma once
// The structures' part of a portal page (the page shell's first paint): which
// structures a page embeds, the head of a content page, and the global
// settings. Nodes are those of GET /backend/structure with its defaults, so
// the page payload and the backend call share cache entries.
#include <boost/json/value.hpp>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http/html_shell.hpp"

namespace portal::core {
struct Tenant;
}
namespace portal::tenants {
using core::Tenant;
}

namespace portal::structure {

class StructureService;

// The structure a content page shows (the client's content-page.tsx):
// "/vouchers" for route "/:name" -> "vouchers", "/info/faq" -> "info-faq",
// "/marketing/x" -> "marketing-x", "/impressum", "/launch"; nullopt for other routes.
std::optional<std::string> content_structure(std::string_view route, std::string_view path);

// The structures the header and the footer show: the ones the tenant's settings name
// (settings.header.structure, settings.footer.structure; tenants::chrome_structure), else "header" and "footer".
struct PageChrome {
  std::string header = "header";
  std::string footer = "footer";
};
PageChrome page_chrome(const tenants::Tenant& tenant);

// The structures a page embeds for its first paint: header and footer on
// every page, "home" on the home page, a content page's own structure.
std::vector<std::string> page_structures(std::string_view route, std::string_view path, const PageChrome& chrome = {});

// The document head of a content page: its structure's title and subtitle.
http::PageHead content_head(const boost::json::value& node);

// The tenant's global settings: the configurations node's customProperties ({} when none).
boost::json::value global_settings(const boost::json::value& configurations_node);

// A structure node as the page payload embeds it, and how much longer it holds (the structure call's
// max-age: a node's schedule may end it sooner than 120 s).
struct PageNode {
  boost::json::value node;        // null when the tenant has no such structure
  std::chrono::seconds kept_for;  // how long a page that embeds it may be kept
};
// From the cache (never blocks; nullopt on a miss) ...
std::optional<PageNode> cached_page_node(const StructureService& structures, const tenants::Tenant& tenant,
                                         std::string_view name, const std::string& lang);
// ... or built (blocking: run it on the database pool).
PageNode page_node(StructureService& structures, const tenants::Tenant& tenant, std::string_view name,
                   const std::string& lang);

}  // namespace portal::structure
