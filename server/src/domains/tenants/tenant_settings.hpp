#pragma once
// The settings an operator edits from the console (docs/tenants.md "Settings"): the tenant
// file's document less its name, read with the configuration version it belongs to and
// written only over that version. Validation names the field and the reason; nothing here
// knows HTTP (tenant_settings_answers.hpp maps the errors to the wire).
#include <boost/json/object.hpp>  // free-form: the settings document the operator edits whole
#include <boost/json/value.hpp>
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domains/tenants/tenants_types.hpp"

namespace portal::tenants {

enum class SettingsErrorCode {
  invalid_field,     // field and reason
  version_conflict,  // the edit was based on another version: current_version
  host_taken,        // a host belongs to another tenant: field "hosts"
  tenant_not_found,
  currency_in_use,   // settings.currency changed while plans or articles are priced in the old one: reason (the
                     // old currency), plans, articles
};

struct SettingsError {
  SettingsErrorCode code = SettingsErrorCode::invalid_field;
  std::string message;  // English, for developers
  std::string field;
  std::string reason;
  std::int64_t current_version = 0;
  std::vector<std::int64_t> plans;     // currency_in_use: the plans priced in the old currency
  std::vector<std::int64_t> articles;  // currency_in_use: the articles priced in it (voucher products too)

  static SettingsError invalid(std::string field, std::string reason) {
    return {SettingsErrorCode::invalid_field, field + ": " + reason, std::move(field), std::move(reason), 0, {}, {}};
  }
};

template <class T>
using SettingsResult = boost::system::result<T, SettingsError>;

// A redirect rule of spec 1 §2: a navigation to `from` (a path of the storefront, without
// the language prefix) goes to `to`: another path (kept in the page's language) or an
// absolute http(s) address (a full page load). Permanent rules answer 301, others 302.
struct RedirectRule {
  std::string from;
  std::string to;
  bool permanent = false;
};

inline constexpr std::size_t kMaxRedirectRules = 200;

// The colour variables of both themes from the tenant's stored CSS (the form colors_css
// writes); nullopt when the stored text is not in that form (a hand-written stylesheet).
struct ThemeColors {
  std::vector<std::pair<std::string, std::string>> light;  // name without "--color-", value
  std::vector<std::pair<std::string, std::string>> dark;
};
std::optional<ThemeColors> parse_colors_css(std::string_view css);

// The tenant's redirect rules (settings.redirects, validated when written).
std::vector<RedirectRule> redirect_rules(const Tenant& tenant);
// The rule for a storefront path without its language prefix; exact match, and a trailing
// slash is not a different path.
std::optional<RedirectRule> find_redirect(const Tenant& tenant, std::string_view path);

// The address of a partner tenant's sign-in options (backend.partner.loginOptionsUrl; issue 72 item 7), which the
// portal asks server to server: http(s) with a plain origin (core::strict_origin), printable ASCII without spaces,
// quotes, backslashes or a fragment, at most 2048 characters.
bool valid_partner_address(std::string_view url);
// backend.partner.loginOptionsUrl of a tenant's backend settings: "" when it names none.
std::string partner_address(const boost::json::object& backend);

// The edit an operator sends: every member of the document replaces the stored one.
struct SettingsEdit {
  std::int64_t version = 0;  // the version the edit was based on
  Tenant tenant;             // validated: id and name of the current tenant, the rest from the edit
};

// Reads and validates a settings document over `current` (field names as docs/tenants.md):
// displayName, hosts, defaultLocale, languages (absent: all six), defaultTheme, colors {light, dark}, customStyle,
// features, settings, redirects, allowedOrigins, partnerLoginOptionsUrl (absent, null or "": none) and version.
SettingsResult<SettingsEdit> read_settings_edit(const boost::json::value& document, const Tenant& current);

}  // namespace portal::tenants
