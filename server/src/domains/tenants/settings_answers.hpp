#pragma once
// The one place where tenant settings meet HTTP: the settings document as the wire
// shape (docs/contracts.md "Tenant settings"), and the errors of tenant_settings.hpp
// as the one error shape with their status.
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "http/error.hpp"
#include "domains/tenants/tenant_settings.hpp"

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

SettingsDto settings_dto(const Tenant& tenant);

// 400 VALIDATION_ERROR (field, reason), 409 SETTINGS_VERSION_CONFLICT (data.version: the
// current one), 409 HOST_TAKEN (field hosts), 404 TENANT_NOT_FOUND.
http::Error http_error(const SettingsError& e);

}  // namespace portal::tenants
