#include "app/page_data.hpp"

#include "db/blocking.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/structure/structure_service.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::app {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

// A structure as the page payload wants it (the ConfigNode), or null.
asio::awaitable<json::value> structure_node(structure::StructureService& structures, asio::thread_pool& db_pool,
                                            const tenants::Tenant& tenant, std::string name, std::string lang) {
  // The same defaults as GET /backend/structure (tenant language and maxRating),
  // so the page payload and the backend call share cache entries.
  auto parsed = structure::parse_structure_query([](std::string_view) { return std::optional<std::string>{}; }, tenant);
  if (!parsed) co_return nullptr;
  structure::StructureQuery query = *parsed;
  query.lang = lang;
  if (auto hit = structures.cached(tenant, name, "", query)) co_return hit->entry->node;
  auto answer = co_await db::offload(db_pool, [&] { return structures.get(tenant, name, "", query); });
  if (!answer) co_return nullptr;
  co_return answer->entry->node;
}

}  // namespace

PageDataSource make_page_data(structure::StructureService& structures, identity::IdentityService& identity,
                              asio::thread_pool& db_pool) {
  PageDataSource source;
  source.user = [&](std::shared_ptr<const tenants::Tenant> t, std::string token) {
    return identity::payload_user(identity, db_pool, std::move(t), std::move(token));
  };
  source.global_settings = [&](const tenants::Tenant& t, const std::string& lang) -> asio::awaitable<json::value> {
    json::value node = co_await structure_node(structures, db_pool, t, std::string(structure::kConfigurations), lang);
    if (auto* o = node.if_object())
      if (auto* data = o->if_contains("data"); data && data->is_object())
        if (auto* props = data->as_object().if_contains("customProperties")) co_return *props;
    co_return json::object{};
  };
  // Every page gets the header and footer structures, the home page its own
  // too, so the first paint needs no request: {"structures": {name: node}}.
  source.page_data = [&](const tenants::Tenant& t, const http::PageRoute& route,
                         const std::string& lang) -> asio::awaitable<json::value> {
    std::vector<std::string> names{"header", "footer"};
    if (route.path == "/") names.push_back("home");
    json::object nodes;
    for (const auto& name : names) {
      json::value node = co_await structure_node(structures, db_pool, t, name, lang);
      if (!node.is_null()) nodes[name] = std::move(node);
    }
    co_return json::object{{"structures", std::move(nodes)}};
  };
  return source;
}

}  // namespace portal::app
