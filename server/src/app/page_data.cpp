#include "app/page_data.hpp"

#include "db/blocking.hpp"
#include "domains/catalog/catalog_pages.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/structure/structure_pages.hpp"
#include "domains/structure/structure_service.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::app {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

// A structure node for the page payload: a cache hit on the I/O thread, a miss on the pool.
asio::awaitable<json::value> structure_node(structure::StructureService& structures, asio::thread_pool& db_pool,
                                            const tenants::Tenant& tenant, std::string name, std::string lang) {
  if (auto hit = structure::cached_page_node(structures, tenant, name, lang)) co_return std::move(*hit);
  co_return co_await db::offload(db_pool, [&] { return structure::page_node(structures, tenant, name, lang); });
}

}  // namespace

PageDataSource make_page_data(structure::StructureService& structures, identity::IdentityService& identity,
                              catalog::CatalogService& catalog, asio::thread_pool& db_pool) {
  PageDataSource source;
  source.user = [&](std::shared_ptr<const tenants::Tenant> t, std::string token) {
    return identity::payload_user(identity, db_pool, std::move(t), std::move(token));
  };
  source.global_settings = [&](const tenants::Tenant& t, const std::string& lang) -> asio::awaitable<json::value> {
    co_return structure::global_settings(
        co_await structure_node(structures, db_pool, t, std::string(structure::kConfigurations), lang));
  };
  source.media_grant = [&catalog](std::string_view path, std::string_view exp,
                                  std::string_view sig) -> std::optional<MediaGrant> {
    auto scope = catalog.signer().verified_scope(path, exp, sig);
    if (!scope) return std::nullopt;
    return MediaGrant{std::move(*scope), catalog.signer().seconds_left(exp)};
  };
  source.public_game_directory = [&catalog, &db_pool](std::int64_t tenant_id,
                                                      std::string directory) -> asio::awaitable<bool> {
    co_return co_await db::offload(db_pool, [&catalog, tenant_id, directory] {
      return catalog.public_game_directory(tenant_id, directory);
    });
  };
  // {"structures": {name: node}} for the first paint without a request, plus
  // what the catalog adds to its pages ("article", "list").
  source.page_data = [&](const tenants::Tenant& t, const http::PageRoute& route, const std::string& path,
                         const std::string& query, const std::string& lang) -> asio::awaitable<PageData> {
    PageData page;
    json::object nodes;
    for (const auto& name : structure::page_structures(route.path, path)) {
      json::value node = co_await structure_node(structures, db_pool, t, name, lang);
      if (!node.is_null()) nodes[name] = std::move(node);
    }
    // A content page shows the structure of its name; without it there is no page.
    if (const auto content = structure::content_structure(route.path, path)) {
      if (auto* node = nodes.if_contains(*content)) page.head = structure::content_head(*node);
      else page.not_found = true;
    }
    json::object data{{"structures", std::move(nodes)}};
    if (catalog::detail_article_id(route.path, path) || catalog::page_list(route.path, path, query)) {
      auto part = co_await db::offload(db_pool, [&] { return catalog::page_catalog(catalog, t, route.path, path, query, lang); });
      for (auto& [key, value] : part.data) data[key] = std::move(value);
      page.raw_data = std::move(part.raw_data);
      if (part.head) page.head = std::move(part.head);
      page.not_found = page.not_found || part.not_found;
    }
    page.data = std::move(data);
    co_return page;
  };
  return source;
}

}  // namespace portal::app
