#include "domains/tenants/settings_answers.hpp"

#include <boost/json/value_from.hpp>

namespace portal::tenants {

SettingsDto settings_dto(const Tenant& t) {
  SettingsDto out;
  out.version = t.version;
  out.name = t.name;
  out.displayName = t.display_name;
  out.hosts = t.hosts;
  out.defaultLocale = t.default_locale;
  out.languages = t.languages;
  out.defaultTheme = t.default_theme;
  if (auto colors = parse_colors_css(t.colors)) {
    out.colors.light.insert(colors->light.begin(), colors->light.end());
    out.colors.dark.insert(colors->dark.begin(), colors->dark.end());
  }
  out.customStyle = t.custom_style;
  out.features = t.features;
  out.settings = t.settings;
  out.settings.erase("redirects");
  for (auto& r : redirect_rules(t)) out.redirects.push_back({std::move(r.from), std::move(r.to), r.permanent});
  if (const auto* origins = t.backend.if_contains("allowedOrigins"); origins && origins->is_array())
    for (const auto& o : origins->as_array())
      if (o.is_string()) out.allowedOrigins.emplace_back(o.as_string());
  if (auto partner = partner_address(t.backend); !partner.empty()) out.partnerLoginOptionsUrl = std::move(partner);
  return out;
}

http::Error http_error(const SettingsError& e) {
  switch (e.code) {
    case SettingsErrorCode::invalid_field:
      return http::Error::invalid_field(e.field, e.reason);
    case SettingsErrorCode::version_conflict: {
      auto out = http::Error::conflict("SETTINGS_VERSION_CONFLICT",
                                       "The settings changed since they were read; load them again");
      out.data = boost::json::object{{"field", "version"}, {"version", e.current_version}};
      return out;
    }
    case SettingsErrorCode::host_taken: {
      auto out = http::Error::conflict("HOST_TAKEN", "A host belongs to another tenant");
      out.data = boost::json::object{{"field", "hosts"}, {"reason", e.reason}};
      return out;
    }
    case SettingsErrorCode::currency_in_use: {
      auto out = http::Error::conflict("CURRENCY_IN_USE", e.message);
      out.data = boost::json::object{{"field", e.field},
                                     {"currency", e.reason},
                                     {"plans", boost::json::value_from(e.plans)},
                                     {"articles", boost::json::value_from(e.articles)}};
      return out;
    }
    case SettingsErrorCode::tenant_not_found:
      break;
  }
  return http::Error::not_found("TENANT_NOT_FOUND", "No such tenant");
}

}  // namespace portal::tenants
