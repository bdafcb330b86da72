#include "domains/tenants/tenant_settings.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "core/languages.hpp"
#include "core/url.hpp"
#include "domains/tenants/settings_entries.hpp"
#include "domains/tenants/tenant_languages.hpp"
#include "domains/tenants/tenants_app.hpp"
#include "domains/tenants/tenants_seed.hpp"
#include "domains/tenants/tenants_service.hpp"

namespace portal::tenants {

namespace json = boost::json;

namespace {

constexpr std::size_t kMaxPathLength = 512;
constexpr std::size_t kMaxHosts = 20;

bool printable_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c > 0x20 && c < 0x7f; });
}

// A storefront path as a rule names it: "/x/y", no query or fragment, no "//" start
// (a scheme-relative address), no spaces, quotes or angle brackets, no dot segments.
bool rule_path(std::string_view p) {
  if (p.empty() || p.size() > kMaxPathLength || p.front() != '/' || p.starts_with("//")) return false;
  if (!printable_ascii(p)) return false;
  if (p.find_first_of("?#\\\"'<>`") != std::string_view::npos) return false;
  return p.find("/./") == std::string_view::npos && p.find("/../") == std::string_view::npos && !p.ends_with("/..") &&
         !p.ends_with("/.");
}

std::string without_trailing_slash(std::string_view p) {
  while (p.size() > 1 && p.back() == '/') p.remove_suffix(1);
  return std::string(p);
}

bool dns_host(std::string_view h) {
  if (h.empty() || h.size() > 253 || h.front() == '.' || h.front() == '-' || h.back() == '-') return false;
  std::size_t label = 0;
  for (char c : h) {
    if (c == '.') {
      if (label == 0) return false;
      label = 0;
    } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') {
      if (++label > 63) return false;
    } else {
      return false;
    }
  }
  return label > 0;
}

bool no_controls(std::string_view s) {
  return std::none_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

const json::value* member(const json::object& o, std::string_view name) { return o.if_contains(name); }

// Each member read by one of these; every failure names the field.
SettingsResult<std::string> text(const json::object& o, std::string_view name, std::size_t max, bool required) {
  const json::value* v = member(o, name);
  if (!v || v->is_null()) {
    if (required) return SettingsError::invalid(std::string(name), "is required");
    return std::string();
  }
  if (!v->is_string()) return SettingsError::invalid(std::string(name), "must be a string");
  std::string s(v->as_string());
  const auto first = s.find_first_not_of(' ');
  s = first == std::string::npos ? std::string() : s.substr(first, s.find_last_not_of(' ') - first + 1);
  if (required && s.empty()) return SettingsError::invalid(std::string(name), "is required");
  if (s.size() > max) return SettingsError::invalid(std::string(name), "is longer than " + std::to_string(max));
  if (!no_controls(s)) return SettingsError::invalid(std::string(name), "holds control characters");
  return s;
}

SettingsResult<std::vector<std::string>> hosts_of(const json::object& o) {
  const json::value* v = member(o, "hosts");
  if (!v || !v->is_array() || v->as_array().empty()) return SettingsError::invalid("hosts", "must list at least one host");
  if (v->as_array().size() > kMaxHosts) return SettingsError::invalid("hosts", "at most 20");
  std::vector<std::string> out;
  for (const auto& h : v->as_array()) {
    if (!h.is_string()) return SettingsError::invalid("hosts", "must be host names");
    std::string host = normalize_host(h.as_string());
    if (!dns_host(host)) return SettingsError::invalid("hosts", "'" + host + "' is not a host name");
    if (std::find(out.begin(), out.end(), host) != out.end())
      return SettingsError::invalid("hosts", "'" + host + "' is listed twice");
    out.push_back(std::move(host));
  }
  return out;
}

// The languages offered, in the operator's order; absent or null = all six (as in the tenant file).
SettingsResult<std::vector<std::string>> languages_of(const json::object& o, std::string_view default_locale) {
  const json::value* v = member(o, "languages");
  if (!v || v->is_null()) return std::vector<std::string>(core::kLanguages.begin(), core::kLanguages.end());
  if (!v->is_array()) return SettingsError::invalid("languages", "must be a list of language codes");
  std::vector<std::string> out;
  for (const auto& l : v->as_array()) {
    if (!l.is_string()) return SettingsError::invalid("languages", "must be a list of language codes");
    out.emplace_back(l.as_string());
  }
  if (auto problem = languages_problem(out, default_locale)) return SettingsError::invalid("languages", *problem);
  return out;
}

SettingsResult<std::string> colors_of(const json::object& o) {
  const json::value* v = member(o, "colors");
  if (!v || !v->is_object()) return SettingsError::invalid("colors", "must hold light and dark");
  try {
    return colors_css(v->as_object());
  } catch (const std::runtime_error& e) {  // "colors.light.primary must be a colour"
    const std::string what = e.what();
    const auto space = what.find(' ');
    return SettingsError::invalid(what.substr(0, space), space == std::string::npos ? "is invalid" : what.substr(space + 1));
  }
}

SettingsResult<json::object> object_of(const json::object& o, std::string_view name) {
  const json::value* v = member(o, name);
  if (!v || v->is_null()) return json::object{};
  if (!v->is_object()) return SettingsError::invalid(std::string(name), "must be an object");
  return v->as_object();
}

SettingsResult<json::array> redirects_of(const json::object& o) {
  const json::value* v = member(o, "redirects");
  if (!v || v->is_null()) return json::array{};
  if (!v->is_array()) return SettingsError::invalid("redirects", "must be a list of rules");
  if (v->as_array().size() > kMaxRedirectRules) return SettingsError::invalid("redirects", "at most 200 rules");
  json::array out;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < v->as_array().size(); ++i) {
    const std::string at = "redirects[" + std::to_string(i) + "]";
    const json::value& r = v->as_array()[i];
    if (!r.is_object()) return SettingsError::invalid(at, "must be a rule {from, to, permanent}");
    const json::object& rule = r.as_object();
    const json::value* from = rule.if_contains("from");
    const json::value* to = rule.if_contains("to");
    const json::value* permanent = rule.if_contains("permanent");
    if (!from || !from->is_string() || !rule_path(from->as_string()))
      return SettingsError::invalid(at + ".from", "must be a path of the storefront (/...)");
    if (!to || !to->is_string()) return SettingsError::invalid(at + ".to", "must be a path or an http(s) address");
    const std::string_view target = to->as_string();
    const bool internal = rule_path(target);
    if (!internal && (!core::strict_origin(target) || !printable_ascii(target) ||
                      target.find_first_of("\"'<>`\\") != std::string_view::npos))
      return SettingsError::invalid(at + ".to", "must be a path or an http(s) address");
    if (permanent && !permanent->is_bool()) return SettingsError::invalid(at + ".permanent", "must be true or false");
    const std::string key = without_trailing_slash(from->as_string());
    if (internal && key == without_trailing_slash(target))
      return SettingsError::invalid(at + ".to", "leads back to its own path");
    if (!seen.insert(key).second) return SettingsError::invalid(at + ".from", "has a rule already");
    out.push_back(json::object{{"from", key}, {"to", target}, {"permanent", permanent && permanent->as_bool()}});
  }
  return out;
}

SettingsResult<json::array> origins_of(const json::object& o) {
  const json::value* v = member(o, "allowedOrigins");
  if (!v || v->is_null()) return json::array{};
  if (!v->is_array()) return SettingsError::invalid("allowedOrigins", "must be a list of origins");
  json::array out;
  for (const auto& x : v->as_array()) {
    auto origin = x.is_string() ? browser_origin(x.as_string()) : std::nullopt;
    if (!origin) return SettingsError::invalid("allowedOrigins", "must be origins such as https://shop.example");
    out.push_back(json::string(*origin));
  }
  return out;
}

}  // namespace

bool valid_partner_address(std::string_view url) {
  if (url.empty() || url.size() > 2048 || !core::strict_origin(url) || !printable_ascii(url)) return false;
  return url.find_first_of("#\\\"'<>`") == std::string_view::npos;
}

std::string partner_address(const json::object& backend) {
  const auto* partner = backend.if_contains("partner");
  const auto* url = partner && partner->is_object() ? partner->as_object().if_contains("loginOptionsUrl") : nullptr;
  return url && url->is_string() ? std::string(url->as_string()) : std::string();
}

std::optional<ThemeColors> parse_colors_css(std::string_view css) {
  auto block = [&](std::string_view open) -> std::optional<std::vector<std::pair<std::string, std::string>>> {
    const auto at = css.find(open);
    if (at == std::string_view::npos) return std::nullopt;
    const auto start = at + open.size();
    const auto end = css.find('}', start);
    if (end == std::string_view::npos) return std::nullopt;
    std::vector<std::pair<std::string, std::string>> out;
    std::string_view body = css.substr(start, end - start);
    while (!body.empty()) {
      const auto semi = body.find(';');
      std::string_view decl = body.substr(0, semi);
      body = semi == std::string_view::npos ? std::string_view() : body.substr(semi + 1);
      const auto colon = decl.find(':');
      if (!decl.starts_with("--color-") || colon == std::string_view::npos) return std::nullopt;
      out.emplace_back(std::string(decl.substr(8, colon - 8)), std::string(decl.substr(colon + 1)));
    }
    return out;
  };
  auto light = block(":root{");
  auto dark = block(":root[data-theme=dark]{");
  if (!light || !dark) return std::nullopt;
  return ThemeColors{std::move(*light), std::move(*dark)};
}

std::vector<RedirectRule> redirect_rules(const Tenant& tenant) {
  std::vector<RedirectRule> out;
  const auto* rules = tenant.settings.if_contains("redirects");
  if (!rules || !rules->is_array()) return out;
  for (const auto& r : rules->as_array()) {
    const auto* o = r.if_object();
    if (!o) continue;
    const auto* from = o->if_contains("from");
    const auto* to = o->if_contains("to");
    const auto* permanent = o->if_contains("permanent");
    if (!from || !from->is_string() || !to || !to->is_string()) continue;
    out.push_back({std::string(from->as_string()), std::string(to->as_string()), permanent && permanent->is_bool() && permanent->as_bool()});
  }
  return out;
}

std::optional<RedirectRule> find_redirect(const Tenant& tenant, std::string_view path) {
  const auto* rules = tenant.settings.if_contains("redirects");
  if (!rules || !rules->is_array() || rules->as_array().empty()) return std::nullopt;  // the common case: no work
  const std::string key = without_trailing_slash(path);
  for (auto& rule : redirect_rules(tenant))
    if (rule.from == key) return rule;
  return std::nullopt;
}

SettingsResult<SettingsEdit> read_settings_edit(const json::value& document, const Tenant& current) {
  if (!document.is_object()) return SettingsError::invalid("body", "must be a settings object");
  const json::object& o = document.as_object();
  SettingsEdit edit;
  const json::value* version = member(o, "version");
  if (!version || !version->is_int64() || version->as_int64() < 1)
    return SettingsError::invalid("version", "must be the version the edit is based on");
  edit.version = version->as_int64();

  Tenant& t = edit.tenant;
  t.id = current.id;
  t.name = current.name;
  t.backend = current.backend;
  auto display_name = text(o, "displayName", 80, true);
  if (!display_name) return display_name.error();
  t.display_name = std::move(*display_name);
  auto hosts = hosts_of(o);
  if (!hosts) return hosts.error();
  t.hosts = std::move(*hosts);
  auto locale = text(o, "defaultLocale", 2, true);
  if (!locale) return locale.error();
  if (std::find(core::kLanguages.begin(), core::kLanguages.end(), *locale) == core::kLanguages.end())
    return SettingsError::invalid("defaultLocale", "must be one of en, ar, fr, de, es, ro");
  t.default_locale = std::move(*locale);
  auto languages = languages_of(o, t.default_locale);
  if (!languages) return languages.error();
  t.languages = std::move(*languages);
  auto theme = text(o, "defaultTheme", 5, true);
  if (!theme) return theme.error();
  if (*theme != "light" && *theme != "dark") return SettingsError::invalid("defaultTheme", "must be light or dark");
  t.default_theme = std::move(*theme);
  auto colors = colors_of(o);
  if (!colors) return colors.error();
  t.colors = std::move(*colors);
  auto style = text(o, "customStyle", kMaxPathLength, false);
  if (!style) return style.error();
  if (!style->empty() && !rule_path(*style) && !core::strict_origin(*style))
    return SettingsError::invalid("customStyle", "must be a stylesheet path (/...) or an http(s) address");
  t.custom_style = std::move(*style);
  auto features = object_of(o, "features");
  if (!features) return features.error();
  t.features = std::move(*features);
  auto settings = object_of(o, "settings");
  if (!settings) return settings.error();
  t.settings = std::move(*settings);
  if (auto problem = settings_entries_problem(t.settings)) return SettingsError::invalid(problem->field, problem->reason);
  auto redirects = redirects_of(o);
  if (!redirects) return redirects.error();
  t.settings["redirects"] = std::move(*redirects);
  auto origins = origins_of(o);
  if (!origins) return origins.error();
  t.backend["allowedOrigins"] = std::move(*origins);
  // The partner's sign-in options address: set, or removed by null or "".
  if (const json::value* partner_url = member(o, "partnerLoginOptionsUrl"); partner_url && !partner_url->is_null()) {
    if (!partner_url->is_string()) return SettingsError::invalid("partnerLoginOptionsUrl", "must be an http(s) address");
    const std::string_view url = partner_url->as_string();
    json::object partner = t.backend.contains("partner") && t.backend.at("partner").is_object() ? t.backend.at("partner").as_object()
                                                                                                 : json::object{};
    if (url.empty()) {
      partner.erase("loginOptionsUrl");
    } else {
      if (!valid_partner_address(url))
        return SettingsError::invalid("partnerLoginOptionsUrl", "must be an http(s) address without a fragment");
      partner["loginOptionsUrl"] = url;
    }
    if (partner.empty()) t.backend.erase("partner");
    else t.backend["partner"] = std::move(partner);
  } else if (auto* partner = t.backend.if_contains("partner"); partner && partner->is_object()) {
    partner->as_object().erase("loginOptionsUrl");
    if (partner->as_object().empty()) t.backend.erase("partner");
  }
  // The checks the tenant file's import makes (tenants_app.hpp): a malformed tag manager or app member.
  try {
    tag_manager_id(t.settings);
    const json::value* palette = member(o, "colors");
    complete_app_settings(t.settings, palette->if_object(), t.default_theme);
  } catch (const std::runtime_error& e) {
    return SettingsError::invalid("settings", e.what());
  }
  // One rule for every link the operator supplies (core/links.hpp): the field named is the link's own.
  try {
    check_operator_links(t.settings, "settings");
    check_operator_links(t.features, "features");
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    const auto space = what.find(' ');
    return SettingsError::invalid(what.substr(0, space), what.substr(space + 1));
  }
  return edit;
}

}  // namespace portal::tenants
