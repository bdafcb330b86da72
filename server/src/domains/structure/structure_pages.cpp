#include "domains/structure/structure_pages.hpp"

#include <boost/json.hpp>

#include "domains/structure/structure_rules.hpp"
#include "domains/structure/structure_service.hpp"
#include "domains/tenants/settings_entries.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/path_segments.hpp"

namespace portal::structure {
namespace json = boost::json;

namespace {

// The query GET /backend/structure would use without parameters, in lang.
std::optional<StructureQuery> page_query(const tenants::Tenant& tenant, const std::string& lang) {
  auto parsed = parse_structure_query([](std::string_view) { return std::optional<std::string>{}; }, tenant,
                                      tenant_max_rating(tenant));
  if (!parsed) return std::nullopt;
  StructureQuery query = *parsed;
  query.lang = lang;
  return query;
}

}  // namespace

std::optional<std::string> content_structure(std::string_view route, std::string_view path) {
  const auto segments = http::path_segments(path);
  const std::string last = segments.empty() ? std::string() : std::string(segments.back());
  if (route == "/:name" || route == "/main/:name") return last;
  if (route == "/info/:name") return "info-" + last;
  if (route == "/marketing/:name") return "marketing-" + last;
  if (route == "/impressum") return std::string("impressum");
  if (route == "/launch") return std::string("launch");
  return std::nullopt;
}

PageChrome page_chrome(const tenants::Tenant& tenant) {
  return {tenants::chrome_structure(tenant, "header"), tenants::chrome_structure(tenant, "footer")};
}

std::vector<std::string> page_structures(std::string_view route, std::string_view path, const PageChrome& chrome) {
  std::vector<std::string> names{chrome.header};
  if (chrome.footer != chrome.header) names.push_back(chrome.footer);
  if (route == "/") names.push_back("home");
  if (auto content = content_structure(route, path)) names.push_back(std::move(*content));
  return names;
}

http::PageHead content_head(const json::value& node) {
  http::PageHead head;
  if (auto* o = node.if_object())
    if (auto* d = o->if_contains("data"); d && d->is_object()) {
      const auto& data = d->as_object();
      if (auto* t = data.if_contains("title"); t && t->is_string()) head.title = std::string(t->as_string());
      if (auto* s = data.if_contains("subTitle"); s && s->is_string()) head.description = std::string(s->as_string());
    }
  return head;
}

json::value global_settings(const json::value& node) {
  if (auto* o = node.if_object())
    if (auto* data = o->if_contains("data"); data && data->is_object())
      if (auto* props = data->as_object().if_contains("customProperties")) return *props;
  return json::object{};
}

std::optional<PageNode> cached_page_node(const StructureService& structures, const tenants::Tenant& tenant,
                                         std::string_view name, const std::string& lang) {
  auto query = page_query(tenant, lang);
  if (!query) return PageNode{nullptr, kStructureLifetime};
  if (auto hit = structures.cached(tenant, name, "", *query)) return PageNode{hit->entry->node, hit->max_age};
  return std::nullopt;
}

PageNode page_node(StructureService& structures, const tenants::Tenant& tenant, std::string_view name,
                   const std::string& lang) {
  auto query = page_query(tenant, lang);
  if (!query) return {nullptr, kStructureLifetime};
  auto answer = structures.get(tenant, name, "", *query);
  if (!answer) return {nullptr, kStructureLifetime};
  return {answer->entry->node, answer->max_age};
}

}  // namespace portal::structure
