#pragma once
// The tenants' wire shapes: the settings document the console reads and writes (GET/PUT /backend/admin/settings,
// docs/contracts.md "Tenant settings") and the web app manifest a tenant's site answers (application/manifest+json,
// tenants_app.hpp web_manifest; members the tenant does not set are left out).
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value_from.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/described_json.hpp"

namespace portal::tenants {

struct ThemeColorsDto {
  std::map<std::string, std::string> light;  // colour variables without "--color-": primary, bg, text, ...
  std::map<std::string, std::string> dark;
};
BOOST_DESCRIBE_STRUCT(ThemeColorsDto, (), (light, dark))

struct RedirectRuleDto {
  std::string from;  // a storefront path without its language prefix
  std::string to;    // a path (kept in the page's language) or an http(s) address
  bool permanent = false;
};
BOOST_DESCRIBE_STRUCT(RedirectRuleDto, (), (from, to, permanent))

// What GET answers and PUT takes (name is read-only; version is the one an edit is based on).
struct SettingsDto {
  std::int64_t version = 0;
  std::string name;
  std::string displayName;
  std::vector<std::string> hosts;
  std::string defaultLocale;
  std::vector<std::string> languages;  // the languages offered, in order; holds defaultLocale
  std::string defaultTheme;
  ThemeColorsDto colors;
  std::string customStyle;
  boost::json::object features;   // the feature flags of both spec documents
  boost::json::object settings;   // the global-settings areas of portal spec §3 (less redirects)
  std::vector<RedirectRuleDto> redirects;
  std::vector<std::string> allowedOrigins;
  // Where a partner tenant's partner answers its sign-in options (backend.partner.loginOptionsUrl); null: none.
  std::optional<std::string> partnerLoginOptionsUrl;
};
BOOST_DESCRIBE_STRUCT(SettingsDto, (),
                      (version, name, displayName, hosts, defaultLocale, languages, defaultTheme, colors, customStyle, features,
                       settings, redirects, allowedOrigins, partnerLoginOptionsUrl))

struct ManifestIcon {
  std::string src;
  std::string sizes;
  std::optional<std::string> type;
  std::optional<std::string> purpose;
};
BOOST_DESCRIBE_STRUCT(ManifestIcon, (), (src, sizes, type, purpose))

struct WebManifest {
  std::string id;
  std::string name;
  std::string short_name;
  std::string lang;
  std::string dir;
  std::string start_url;
  std::string scope;
  std::string display;
  std::vector<std::string> categories;
  std::optional<std::string> description;
  std::optional<std::string> theme_color;
  std::optional<std::string> background_color;
  std::vector<ManifestIcon> icons;
};
BOOST_DESCRIBE_STRUCT(WebManifest, (),
                      (id, name, short_name, lang, dir, start_url, scope, display, categories, description,
                       theme_color, background_color, icons))

inline void tag_invoke(boost::json::value_from_tag, boost::json::value& v, const ManifestIcon& icon) {
  v = core::described_object(icon, {"type", "purpose"});
}
inline void tag_invoke(boost::json::value_from_tag, boost::json::value& v, const WebManifest& m) {
  v = core::described_object(m, {"description", "theme_color", "background_color"});
}

}  // namespace portal::tenants
