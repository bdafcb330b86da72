#include "domains/tenants/tenants_app.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/links.hpp"
#include "core/text.hpp"
#include "domains/tenants/settings_entries.hpp"
#include "domains/tenants/tenants_service.hpp"

namespace portal::tenants {
namespace json = boost::json;

namespace {

bool link_key(std::string_view key) {
  const std::string lower = core::lower(key);
  for (std::string_view end : {"url", "route", "href", "link", "logo", "src", "image"})
    if (lower.ends_with(end)) return true;
  return false;
}

// Walks the document; `all` when the whole area holds links (settings.images, settings.links).
void check_links(const json::value& v, const std::string& at, bool all) {
  if (const auto* o = v.if_object()) {
    for (const auto& [key, member] : *o) {
      if (key == "label") continue;  // a link's words (navigation.links[i].label), never an address
      const bool links_here = all || key == "images" || key == "links";
      if (member.is_string()) {
        const bool email = key.ends_with("Email") || key.ends_with("email");  // links.supportEmail: an address
        if ((link_key(key) || (links_here && !email)) && !member.as_string().empty() &&
            !core::safe_link(member.as_string()))
          throw std::runtime_error(at + "." + std::string(key) +
                                   " must be an http(s) address or a path of the storefront (/...)");
      } else {
        check_links(member, at + "." + std::string(key), links_here);
      }
    }
  } else if (const auto* a = v.if_array()) {
    for (std::size_t i = 0; i < a->size(); ++i) check_links((*a)[i], at + "[" + std::to_string(i) + "]", all);
  }
}

std::string string_member(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

// A path on the tenant's origin or an absolute http(s) URL; "" for anything else.
std::string absolute_url(std::string_view url, std::string_view origin) {
  if (url.starts_with("/") && !url.starts_with("//")) return std::string(origin) + std::string(url);
  if (url.starts_with("https://") || url.starts_with("http://")) return std::string(url);
  return {};
}

std::string image_type(std::string_view url) {
  const auto query = url.find_first_of("?#");
  url = url.substr(0, query);
  if (url.ends_with(".svg")) return "image/svg+xml";
  if (url.ends_with(".png")) return "image/png";
  if (url.ends_with(".webp")) return "image/webp";
  if (url.ends_with(".jpg") || url.ends_with(".jpeg")) return "image/jpeg";
  return {};
}

}  // namespace

bool valid_tag_manager_id(std::string_view id) {
  constexpr std::string_view prefix = "GTM-";
  if (!id.starts_with(prefix) || id.size() == prefix.size() || id.size() > 32) return false;
  return std::all_of(id.begin() + prefix.size(), id.end(),
                     [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); });
}

std::string tag_manager_id(const json::object& settings) {
  const auto* tm = settings.if_contains("tagManager");
  if (!tm || tm->is_null()) return {};
  if (!tm->is_object()) throw std::runtime_error("settings.tagManager must be an object");
  const auto* id = tm->as_object().if_contains("containerId");
  if (!id || id->is_null()) return {};
  if (!id->is_string() || !valid_tag_manager_id(id->as_string()))
    throw std::runtime_error("settings.tagManager.containerId must be GTM- followed by upper-case letters and digits");
  return std::string(id->as_string());
}

std::vector<std::string> tag_manager_origins(const Tenant& tenant) {
  std::string id;
  try {
    id = tag_manager_id(tenant);
  } catch (const std::runtime_error&) {
    return {};  // never imported (read_tenant_file refuses it); a bad row gets no tracking
  }
  if (id.empty()) return {};
  // gtm.js and the tags it loads (Google Analytics 4) and where they send their hits.
  return {"https://www.googletagmanager.com", "https://www.google-analytics.com",
          "https://region1.google-analytics.com", "https://analytics.google.com"};
}

void complete_app_settings(json::object& settings, const json::object* palette, std::string_view default_theme) {
  auto* existing = settings.if_contains("app");
  if (existing && !existing->is_object()) throw std::runtime_error("settings.app must be an object");
  json::object app = existing ? existing->as_object() : json::object{};
  for (std::string_view key : {"shortName", "themeColor", "backgroundColor"})
    if (const auto* v = app.if_contains(key); v && (!v->is_string() || v->as_string().empty()))
      throw std::runtime_error("settings.app." + std::string(key) + " must be a non-empty string");
  for (std::string_view key : {"themeColor", "backgroundColor"})
    if (const auto* v = app.if_contains(key); v && !core::safe_colour(v->as_string()))
      throw std::runtime_error("settings.app." + std::string(key) + " must be a colour");
  if (const auto* icons = app.if_contains("icons")) {
    if (!icons->is_array()) throw std::runtime_error("settings.app.icons must be an array");
    for (const auto& icon : icons->as_array()) {
      if (!icon.is_object() || string_member(icon.as_object(), "src").empty())
        throw std::runtime_error("settings.app.icons[] needs a src");
      const std::string src = string_member(icon.as_object(), "src");
      if (!core::safe_link(src))
        throw std::runtime_error("settings.app.icons[].src must be a path or an http(s) URL");
    }
  }
  if (palette) {
    const auto* theme = palette->if_contains(default_theme == "dark" ? "dark" : "light");
    if (theme && theme->is_object()) {
      const auto& colours = theme->as_object();
      if (!app.contains("themeColor") && !string_member(colours, "primary").empty())
        app["themeColor"] = string_member(colours, "primary");
      if (!app.contains("backgroundColor") && !string_member(colours, "bg").empty())
        app["backgroundColor"] = string_member(colours, "bg");
    }
  }
  settings["app"] = std::move(app);
}

void check_operator_links(const json::object& document, std::string_view area) {
  check_links(document, std::string(area), false);
}

WebManifest web_manifest(const Tenant& tenant, std::string_view origin) {
  json::object app;
  if (const auto* a = tenant.settings.if_contains("app"); a && a->is_object()) app = a->as_object();
  WebManifest m;
  m.id = "/";
  m.name = tenant.site_name();
  m.short_name = string_member(app, "shortName");
  if (m.short_name.empty()) m.short_name = m.name;
  m.lang = tenant.default_locale;
  m.dir = tenant.default_locale == "ar" ? "rtl" : "ltr";
  m.start_url = "/";
  m.scope = "/";
  m.display = "standalone";
  m.categories = {"entertainment", "music", "games"};
  // The description in the tenant's own language (settings.metaData.description).
  if (auto text = site_description(tenant, tenant.default_locale); !text.empty()) m.description = std::move(text);
  if (auto c = string_member(app, "themeColor"); !c.empty()) m.theme_color = c;
  if (auto c = string_member(app, "backgroundColor"); !c.empty()) m.background_color = c;

  auto typed = [](std::string type) { return type.empty() ? std::nullopt : std::optional<std::string>(std::move(type)); };
  if (const auto* list = app.if_contains("icons"); list && list->is_array())
    for (const auto& entry : list->as_array()) {
      if (!entry.is_object()) continue;
      const auto& o = entry.as_object();
      std::string src = absolute_url(string_member(o, "src"), origin);
      if (src.empty()) continue;
      std::string type = string_member(o, "type");
      if (type.empty()) type = image_type(src);
      std::string sizes = string_member(o, "sizes");
      m.icons.push_back({src, sizes.empty() ? "any" : sizes, typed(type), typed(string_member(o, "purpose"))});
    }
  if (m.icons.empty())
    if (std::string src = absolute_url(icon_url(tenant), origin); !src.empty())
      m.icons.push_back({src, "any", typed(image_type(src)), "any"});
  return m;
}

}  // namespace portal::tenants
