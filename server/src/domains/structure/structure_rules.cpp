#include "domains/structure/structure_rules.hpp"

#include <boost/json.hpp>  // free-form: the structure tree (ConfigNode, recursive, props per component)
#include <algorithm>
#include <cstdio>

#include "domains/parental_control/parental_control_rules.hpp"
#include "core/crypto.hpp"
#include "core/text.hpp"

namespace portal::structure {

namespace json = boost::json;

namespace {

const json::object* custom_properties(const json::value& node) {
  const auto* obj = node.if_object();
  if (!obj) return nullptr;
  const auto* data = obj->if_contains("data");
  if (!data || !data->is_object()) return nullptr;
  const auto* cp = data->as_object().if_contains("customProperties");
  return cp && cp->is_object() ? &cp->as_object() : nullptr;
}

// Ratings are numbers, sometimes stored as numeric strings; anything else is
// treated as unrated rather than hiding content on a data typo.
std::optional<double> number_of(const json::value& v) {
  if (v.is_int64()) return static_cast<double>(v.as_int64());
  if (v.is_uint64()) return static_cast<double>(v.as_uint64());
  if (v.is_double()) return v.as_double();
  if (v.is_string()) {
    const auto& s = v.as_string();
    char* end = nullptr;
    std::string text(s.data(), s.size());
    double d = std::strtod(text.c_str(), &end);
    if (!text.empty() && end == text.c_str() + text.size()) return d;
  }
  return std::nullopt;
}

// A non-empty list restricts the node to its entries; no list means everywhere.
bool list_allows(const json::object& cp, std::string_view key, std::string_view wanted) {
  const auto* list = cp.if_contains(key);
  if (!list || !list->is_array() || list->as_array().empty()) return true;
  for (const auto& entry : list->as_array()) {
    if (entry.is_string() && core::iequals(entry.as_string(), wanted)) return true;
  }
  return false;
}


std::string string_or_empty(const json::object& obj, std::string_view key) {
  const auto* v = obj.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

json::value shape_node(const json::value& node, const StructureQuery& q, std::string_view fallback) {
  static const json::object kEmpty;
  const json::object& in = node.is_object() ? node.as_object() : kEmpty;
  json::object out;
  if (const auto* id = in.if_contains("id"); id && !id->is_null()) out["id"] = *id;
  out["name"] = string_or_empty(in, "name");

  const auto* data_in = in.if_contains("data");
  json::object data = data_in && data_in->is_object() ? data_in->as_object() : json::object{};
  for (std::string_view key : {"title", "subTitle"}) {
    const auto* v = data.if_contains(key);
    data[key] = v ? localized(*v, q.lang, fallback) : std::string();
  }
  for (std::string_view key : {"imageUrl", "clickUrl"}) {
    if (const auto* v = data.if_contains(key); !v || !v->is_string()) data[key] = "";
  }
  if (const auto* cp = data.if_contains("customProperties"); !cp || !cp->is_object()) {
    data["customProperties"] = json::object{};
  }
  // Texts kept in custom properties (a content page's body) are translation
  // maps like titles: resolve them too.
  localize_values(data["customProperties"], q.lang, fallback);
  out["data"] = std::move(data);

  json::array children;
  if (const auto* sub = in.if_contains("substructure"); sub && sub->is_array()) {
    for (const auto& child : sub->as_array()) {
      if (node_visible(child, q)) children.push_back(shape_node(child, q, fallback));
    }
  }
  out["substructure"] = std::move(children);
  return out;
}

// {"en":…,"ar":…} (keys all languages, English present) is a translation map.
bool is_translation_map(const json::object& obj) {
  if (obj.empty() || !obj.contains("en")) return false;
  return std::all_of(obj.begin(), obj.end(), [](const auto& kv) {
    return kv.value().is_string() &&
           std::find(kLanguages.begin(), kLanguages.end(), std::string_view(kv.key())) != kLanguages.end();
  });
}

bool last_id_in(json::value& node, std::string_view last_id) {
  auto* obj = node.if_object();
  if (!obj) return false;
  auto* sub = obj->if_contains("substructure");
  if (!sub || !sub->is_array()) return false;
  auto& list = sub->as_array();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto* child = list[i].if_object();
    const auto* id = child ? child->if_contains("id") : nullptr;
    if (id && id_text(*id) == last_id) {
      list.erase(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(i) + 1);
      return true;
    }
  }
  for (auto& child : list) {
    if (last_id_in(child, last_id)) return true;
  }
  return false;
}

}  // namespace

std::string localized(const json::value& v, std::string_view lang, std::string_view fallback) {
  if (v.is_string()) return std::string(v.as_string());
  const auto* obj = v.if_object();
  if (!obj) return {};
  for (std::string_view key : {lang, fallback, std::string_view("en")}) {
    if (const auto* s = obj->if_contains(key); s && s->is_string()) return std::string(s->as_string());
  }
  for (const auto& [key, text] : *obj) {
    if (text.is_string()) return std::string(text.as_string());
  }
  return {};
}

void localize_values(json::value& v, std::string_view lang, std::string_view fallback) {
  if (auto* obj = v.if_object()) {
    if (is_translation_map(*obj)) {
      v = localized(v, lang, fallback);
      return;
    }
    for (auto& kv : *obj) localize_values(kv.value(), lang, fallback);
  } else if (auto* arr = v.if_array()) {
    for (auto& item : *arr) localize_values(item, lang, fallback);
  }
}

bool node_visible(const json::value& node, const StructureQuery& q) {
  const json::object* cp = custom_properties(node);
  if (!cp) return true;
  if (const auto* rating = cp->if_contains("rating")) {
    if (auto r = number_of(*rating); r && (*r < q.min_rating || *r > q.max_rating)) return false;
  }
  if (const auto* pre = cp->if_contains("preLive"); pre && pre->is_bool() && pre->as_bool() && !q.pre_live) {
    return false;
  }
  if (q.is_desktop && !list_allows(*cp, "platforms", *q.is_desktop ? "desktop" : "mobile")) return false;
  if (!q.os.empty() && !list_allows(*cp, "os", q.os)) return false;
  if (!q.lang.empty() && !list_allows(*cp, "languages", q.lang)) return false;
  if (!q.now.empty()) {
    if (const auto* s = cp->if_contains("schedule"); s && s->is_object()) {
      // Times are "YYYY-MM-DDTHH:MM:SSZ" (structure_validation.hpp): they compare as text.
      const auto* from = s->as_object().if_contains("from");
      const auto* until = s->as_object().if_contains("until");
      if (from && from->is_string() && std::string_view(from->as_string()) > q.now) return false;
      if (until && until->is_string() && std::string_view(until->as_string()) <= q.now) return false;
    }
  }
  return true;
}

namespace {

void next_change_in(const json::value& node, std::string_view now, std::optional<std::string>& next) {
  if (const json::object* cp = custom_properties(node)) {
    if (const auto* s = cp->if_contains("schedule"); s && s->is_object()) {
      for (std::string_view key : {"from", "until"}) {
        const auto* t = s->as_object().if_contains(key);
        if (!t || !t->is_string()) continue;
        std::string_view at = t->as_string();
        if (at > now && (!next || at < *next)) next = std::string(at);
      }
    }
  }
  if (const auto* obj = node.if_object()) {
    if (const auto* sub = obj->if_contains("substructure"); sub && sub->is_array())
      for (const auto& child : sub->as_array()) next_change_in(child, now, next);
  }
}

}  // namespace

std::optional<std::string> next_schedule_change(const json::value& tree, std::string_view now) {
  std::optional<std::string> next;
  next_change_in(tree, now, next);
  return next;
}

json::value shape_tree(const json::value& root, const StructureQuery& q, std::string_view fallback_lang) {
  return shape_node(root, q, fallback_lang);
}

bool apply_last_id(json::value& root, std::string_view last_id) {
  if (last_id.empty() || last_id == "0") return true;
  if (last_id_in(root, last_id)) return true;
  if (auto* obj = root.if_object()) (*obj)["substructure"] = json::array{};
  return false;
}

const json::value* find_node(const json::value& root, std::string_view key) {
  const auto* obj = root.if_object();
  if (!obj) return nullptr;
  if (const auto* id = obj->if_contains("id"); id && !id_text(*id).empty() && id_text(*id) == key) return &root;
  if (const auto* name = obj->if_contains("name"); name && name->is_string() && name->as_string() == key) {
    return &root;
  }
  if (const auto* sub = obj->if_contains("substructure"); sub && sub->is_array()) {
    for (const auto& child : sub->as_array()) {
      if (const auto* found = find_node(child, key)) return found;
    }
  }
  return nullptr;
}

std::string tenant_language(const tenants::Tenant& tenant) {
  for (auto lang : kLanguages) {
    if (lang == tenant.default_locale) return std::string(lang);
  }
  return "en";
}

int tenant_max_rating(const tenants::Tenant& tenant) { return parental_control::tenant_max_rating(tenant); }

json::value configurations_node(const tenants::Tenant& t) {
  // Settings areas (links, header, footer, priceFormat, cookies, ...) first,
  // then the fields the tenant row owns, which win on a clash.
  json::object props = t.settings;
  props["tenantName"] = t.name;
  props["displayName"] = t.display_name;
  props["customStyle"] = t.custom_style;
  props["colors"] = t.colors;
  props["alternatTheme"] = false;
  props["defaultTheme"] = t.default_theme == "dark" ? "dark" : "light";
  props["defaultLocale"] = tenant_language(t);
  props["languages"] = json::array(t.languages.begin(), t.languages.end());  // the languages the tenant offers
  props["features"] = t.features;
  props["maxRating"] = tenant_max_rating(t);
  if (!props.contains("links")) props["links"] = json::object{{"homeUrl", "/"}};
  if (auto* links = props["links"].if_object(); links && !links->contains("homeUrl")) (*links)["homeUrl"] = "/";
  if (!props.contains("priceFormat")) props["priceFormat"] = json::object{{"decimals", 2}};
  // The public origin the server's canonical links use (http/origin.cpp), for the client's shared
  // links (features/share): only when configured, else the client uses its own origin.
  if (const auto* origin = t.backend.if_contains("publicOrigin"); origin && origin->is_string() && !origin->as_string().empty())
    props["publicOrigin"] = *origin;

  return json::object{
      {"id", "configurations"},
      {"name", "configurations"},
      {"data",
       json::object{{"title", t.display_name},
                    {"subTitle", ""},
                    {"imageUrl", ""},
                    {"clickUrl", "/"},
                    {"customProperties", std::move(props)}}},
      {"substructure", json::array{}},
  };
}

std::string strong_etag(std::string_view body) { return core::strong_etag(body); }

std::string id_text(const json::value& id) {
  if (id.is_string()) return std::string(id.as_string());
  if (id.is_int64()) return std::to_string(id.as_int64());
  if (id.is_uint64()) return std::to_string(id.as_uint64());
  return {};
}

}  // namespace portal::structure
