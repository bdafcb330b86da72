#include "app/page_data.hpp"

#include "core/ttl_cache.hpp"
#include "db/blocking.hpp"
#include "domains/catalog/catalog_pages.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/identity/identity_service.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/structure/structure_pages.hpp"
#include "domains/structure/structure_service.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::app {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

// The lifetime of a structure (commerce §9), for the lists of list pages.
constexpr std::chrono::seconds kPageListLifetime{120};

// A structure node for the page payload: a cache hit on the I/O thread, a miss on the pool.
asio::awaitable<structure::PageNode> structure_node(structure::StructureService& structures, asio::thread_pool& db_pool,
                                                    const tenants::Tenant& tenant, std::string name, std::string lang) {
  if (auto hit = structure::cached_page_node(structures, tenant, name, lang)) co_return std::move(*hit);
  co_return co_await db::offload(db_pool, [&] { return structure::page_node(structures, tenant, name, lang); });
}

}  // namespace

PageDataSource make_page_data(structure::StructureService& structures, identity::IdentityService& identity,
                              catalog::CatalogService& catalog, asio::thread_pool& db_pool,
                              ParentalLimit parental_limit) {
  PageDataSource source;
  source.user = [&identity, &db_pool, parental_limit](std::shared_ptr<const tenants::Tenant> t,
                                                      std::string token) -> asio::awaitable<PageUser> {
    auto who = co_await identity::payload_user(identity, db_pool, t, std::move(token), parental_limit);
    const bool restricted = who.parental_limit && t &&
                            parental_control::max_rating_for(*t, who.parental_limit) < parental_control::tenant_max_rating(*t);
    co_return PageUser{std::move(who.profile), restricted};
  };
  source.global_settings = [&](const tenants::Tenant& t, const std::string& lang) -> asio::awaitable<json::value> {
    co_return structure::global_settings(
        (co_await structure_node(structures, db_pool, t, std::string(structure::kConfigurations), lang)).node);
  };
  source.media_grant = [&catalog, &db_pool](std::string path,
                                            MediaGrantValues v) -> asio::awaitable<std::optional<MediaGrant>> {
    auto grant = co_await db::offload(db_pool, [&] {
      return catalog.media_grant(path, v.tenant, v.article, v.exp, v.sig, v.name);
    });
    if (!grant) co_return std::nullopt;
    co_return MediaGrant{std::move(grant->scope), grant->seconds_left, std::move(grant->query)};
  };
  source.collection_files = [&catalog, &db_pool](std::int64_t tenant_id, std::int64_t article_id,
                                                 std::string lang) -> asio::awaitable<std::optional<std::vector<ZipFile>>> {
    auto download = co_await db::offload(db_pool, [&] { return catalog.collection_download(tenant_id, article_id, lang); });
    if (!download) co_return std::nullopt;
    std::vector<ZipFile> files;
    for (auto& e : download->entries) files.push_back({std::move(e.name), std::move(e.path)});
    co_return files;
  };
  source.public_game_directory = [&catalog, &db_pool](std::int64_t tenant_id,
                                                      std::string directory) -> asio::awaitable<bool> {
    co_return co_await db::offload(db_pool, [&catalog, tenant_id, directory] {
      return catalog.public_game_directory(tenant_id, directory);
    });
  };
  auto lists = std::make_shared<core::TtlCache<http::JsonMembers>>(kPageListLifetime, 2048);
  // {"structures": {name: node}} for the first paint without a request, plus
  // what the catalog adds to its pages ("article", "list").
  source.page_data = [&, lists](const tenants::Tenant& t, const http::PageRoute& route, const std::string& path,
                         const std::string& query, const std::string& lang) -> asio::awaitable<PageData> {
    PageData page;
    json::object nodes;
    for (const auto& name : structure::page_structures(route.path, path, structure::page_chrome(t))) {
      auto embedded = co_await structure_node(structures, db_pool, t, name, lang);
      // The page is kept no longer than what it embeds (a node's schedule may end a structure's answer sooner).
      page.keep_for = page.keep_for ? std::min(*page.keep_for, embedded.kept_for) : embedded.kept_for;
      if (!embedded.node.is_null()) nodes[name] = std::move(embedded.node);
    }
    // A content page shows the structure of its name; without it there is no page.
    if (const auto content = structure::content_structure(route.path, path)) {
      if (auto* node = nodes.if_contains(*content)) page.head = structure::content_head(*node);
      else page.not_found = true;
    }
    json::object data{{"structures", std::move(nodes)}};
    const bool detail = catalog::detail_article_id(route.path, path).has_value();
    // A search page's words are anyone's: its answer is made each time (the index is in memory), never kept.
    const bool search = catalog::page_search(route.path, query).has_value();
    if (detail || search || catalog::page_list(route.path, path, query)) {
      // A list page's list is kept as long as a structure (commerce §9): a
      // catalog changes only with an import, and the page then needs no
      // database trip. Detail pages are built each time (their head, 404s).
      const std::string key = std::to_string(t.id) + '\n' + std::to_string(t.version) + '\n' + lang + '\n' + route.path + '\n' + path + '\n' + query;
      if (auto hit = detail || search ? nullptr : lists->get(key)) {
        page.raw_data = *hit;
      } else {
        auto part = co_await db::offload(db_pool, [&] { return catalog::page_catalog(catalog, t, route.path, path, query, lang); });
        for (auto& [name, value] : part.data) data[name] = std::move(value);
        if (!detail && !search) lists->put(key, part.raw_data);
        page.raw_data = std::move(part.raw_data);
        if (part.head) page.head = std::move(part.head);
        page.not_found = page.not_found || part.not_found;
      }
    }
    page.data = std::move(data);
    page.keep = !detail && !search;
    co_return page;
  };
  return source;
}

}  // namespace portal::app
