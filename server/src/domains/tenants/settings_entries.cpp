#include "domains/tenants/settings_entries.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <vector>

#include "core/languages.hpp"
#include "core/links.hpp"

namespace portal::tenants {

namespace json = boost::json;

namespace {

using Problem = std::optional<EntryProblem>;

Problem problem(std::string field, std::string reason) { return EntryProblem{std::move(field), std::move(reason)}; }

bool is_language(std::string_view code) {
  return std::find(core::kLanguages.begin(), core::kLanguages.end(), code) != core::kLanguages.end();
}

std::size_t characters(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// Controls break a line of a page; a mail body or a popup's text may hold line breaks.
bool clean(std::string_view s, bool lines) {
  return std::none_of(s.begin(), s.end(), [&](char c) {
    const auto u = static_cast<unsigned char>(c);
    return (u < 0x20 && !(lines && c == '\n')) || u == 0x7f;
  });
}

struct TextRule {
  std::size_t max = 0;
  bool required = false;       // words in at least one language
  bool lines = false;          // line breaks allowed
  std::string_view holds = {};  // every non-empty text holds this ("{{code}}")
};

// A text: {"en": "…", "ar": "…"}, languages of the six only.
Problem text_problem(const json::value* v, const std::string& field, TextRule rule) {
  if (!v || v->is_null()) return rule.required ? problem(field, "is required") : std::nullopt;
  if (!v->is_object()) return problem(field, "must map languages to text");
  bool any = false;
  for (const auto& [lang, words] : v->as_object()) {
    const std::string at = field + "." + std::string(lang);
    if (!is_language(lang)) return problem(at, "must be one of en, ar, fr, de, es, ro");
    if (!words.is_string()) return problem(at, "must be a text");
    const std::string_view s = words.as_string();
    if (characters(s) > rule.max) return problem(at, "must be at most " + std::to_string(rule.max) + " characters");
    if (!clean(s, rule.lines)) return problem(at, "holds control characters");
    if (!s.empty() && !rule.holds.empty() && s.find(rule.holds) == std::string_view::npos)
      return problem(at, "must hold " + std::string(rule.holds));
    any = any || !s.empty();
  }
  if (rule.required && !any) return problem(field, "is required");
  return std::nullopt;
}

Problem link_problem(const json::value* v, const std::string& field, bool required) {
  if (!v || v->is_null()) return required ? problem(field, "is required") : std::nullopt;
  if (!v->is_string() || !core::safe_link(v->as_string()))
    return problem(field, "must be an http(s) address or a path of the storefront (/...)");
  return std::nullopt;
}

Problem flag_problem(const json::value* v, const std::string& field) {
  if (v && !v->is_bool()) return problem(field, "must be true or false");
  return std::nullopt;
}

// The entry is an object whose members are among `known` (a misspelt member would silently do nothing).
Problem shape_problem(const json::value& v, const std::string& field, std::initializer_list<std::string_view> known) {
  if (!v.is_object()) return problem(field, "must be an object");
  for (const auto& [key, _] : v.as_object())
    if (std::find(known.begin(), known.end(), std::string_view(key)) == known.end())
      return problem(field + "." + std::string(key), "is not a member of " + field);
  return std::nullopt;
}

const json::value* at(const json::value& o, std::string_view key) { return o.as_object().if_contains(key); }

// {label: text, href: link} rows: navigation and the account menu's own links.
Problem link_rows_problem(const json::value* v, const std::string& field, std::size_t max_rows) {
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_array()) return problem(field, "must be a list of {label, href}");
  if (v->as_array().size() > max_rows) return problem(field, "at most " + std::to_string(max_rows) + " links");
  for (std::size_t i = 0; i < v->as_array().size(); ++i) {
    const std::string row = field + "[" + std::to_string(i) + "]";
    const json::value& r = v->as_array()[i];
    if (auto p = shape_problem(r, row, {"label", "href"})) return p;
    if (auto p = text_problem(at(r, "label"), row + ".label", {40, true})) return p;
    if (auto p = link_problem(at(r, "href"), row + ".href", true)) return p;
  }
  return std::nullopt;
}

// A list of distinct names from `allowed`.
template <std::size_t N>
Problem names_problem(const json::value* v, const std::string& field, const std::array<std::string_view, N>& allowed) {
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_array()) return problem(field, "must be a list");
  std::string list;
  for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
  std::set<std::string_view> seen;
  for (const auto& name : v->as_array()) {
    if (!name.is_string() || std::find(allowed.begin(), allowed.end(), std::string_view(name.as_string())) == allowed.end())
      return problem(field, "must list only " + list);
    if (!seen.insert(name.as_string()).second) return problem(field, "lists " + std::string(name.as_string()) + " twice");
  }
  return std::nullopt;
}

bool digits(std::string_view s, std::size_t min, std::size_t max) {
  return s.size() >= min && s.size() <= max && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool valid_ads_client(std::string_view client) {
  return client.starts_with("ca-pub-") && digits(client.substr(7), 10, 20);
}

// The storefront's page keys (the `meta.<page>` messages): what a tab name may name. A key is letters only.
bool page_key(std::string_view key) {
  return !key.empty() && key.size() <= 40 && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  });
}

constexpr std::array<std::string_view, 6> kShareWays{"copy", "email", "whatsapp", "telegram", "facebook", "x"};
constexpr std::array<std::string_view, 7> kMenuItems{"profile", "manage", "favorites", "history",
                                                      "rewards", "purchases", "redeem"};
constexpr std::size_t kMaxAvatars = 24;

Problem disclaimer(const json::value& v, const std::string& f) {
  if (auto p = shape_problem(v, f, {"enabled", "text"})) return p;
  const json::value* enabled = at(v, "enabled");
  if (!enabled || !enabled->is_bool()) return problem(f + ".enabled", "must be true or false");
  return text_problem(at(v, "text"), f + ".text", {500});
}

Problem avatars(const json::value& v, const std::string& f) {
  if (!v.is_array()) return problem(f, "must be a list of image links");
  if (v.as_array().size() > kMaxAvatars) return problem(f, "at most 24 pictures");
  for (std::size_t i = 0; i < v.as_array().size(); ++i)
    if (auto p = link_problem(&v.as_array()[i], f + "[" + std::to_string(i) + "]", true)) return p;
  return std::nullopt;
}

Problem google_ads(const json::value& v, const std::string& f) {
  if (auto p = shape_problem(v, f, {"client", "slots"})) return p;
  const json::value* client = at(v, "client");
  if (!client || !client->is_string() || !valid_ads_client(client->as_string()))
    return problem(f + ".client", "must be ca-pub- and 10 to 20 digits");
  const json::value* slots = at(v, "slots");
  if (!slots || slots->is_null()) return std::nullopt;
  if (auto p = shape_problem(*slots, f + ".slots", {"home", "details"})) return p;
  for (const auto& [name, slot] : slots->as_object())
    if (!slot.is_string() || !digits(slot.as_string(), 5, 20))
      return problem(f + ".slots." + std::string(name), "must be 5 to 20 digits");
  return std::nullopt;
}

Problem parental_mail(const json::value& v, const std::string& f) {
  if (auto p = shape_problem(v, f, {"subject", "body"})) return p;
  if (auto p = text_problem(at(v, "subject"), f + ".subject", {150})) return p;
  return text_problem(at(v, "body"), f + ".body", {2000, false, true, "{{code}}"});
}

// customPlan and popups.welcome: a card or dialog with words and an optional button.
Problem offer_card(const json::value& v, const std::string& f, std::size_t text_max, bool href_required) {
  if (auto p = shape_problem(v, f, {"enabled", "title", "text", "button", "href"})) return p;
  if (auto p = flag_problem(at(v, "enabled"), f + ".enabled")) return p;
  const bool on = at(v, "enabled") && at(v, "enabled")->as_bool();
  if (auto p = text_problem(at(v, "title"), f + ".title", {80, on})) return p;
  if (auto p = text_problem(at(v, "text"), f + ".text", {text_max, false, true})) return p;
  if (auto p = text_problem(at(v, "button"), f + ".button", {40})) return p;
  return link_problem(at(v, "href"), f + ".href", href_required && on);
}

Problem tab_names(const json::value& v, const std::string& f) {
  if (!v.is_object()) return problem(f, "must map page keys to text");
  for (const auto& [key, text] : v.as_object()) {
    if (!page_key(key)) return problem(f + "." + std::string(key), "is not a page key");
    if (auto p = text_problem(&text, f + "." + std::string(key), {70})) return p;
  }
  return std::nullopt;
}

Problem meta_data(const json::value& v, const std::string& f) {
  if (auto p = shape_problem(v, f, {"title", "description"})) return p;
  if (auto p = text_problem(at(v, "title"), f + ".title", {70})) return p;
  return text_problem(at(v, "description"), f + ".description", {300});
}

Problem global_area(const json::value& v, const std::string& f) {
  if (auto p = shape_problem(v, f, {"announcement"})) return p;
  const json::value* a = at(v, "announcement");
  if (!a || a->is_null()) return std::nullopt;
  if (auto p = shape_problem(*a, f + ".announcement", {"text", "href"})) return p;
  if (auto p = text_problem(at(*a, "text"), f + ".announcement.text", {200, true})) return p;
  return link_problem(at(*a, "href"), f + ".announcement.href", false);
}

Problem profile_menu(const json::value& v, const std::string& f) {
  if (auto p = shape_problem(v, f, {"items", "links"})) return p;
  if (auto p = names_problem(at(v, "items"), f + ".items", kMenuItems)) return p;
  return link_rows_problem(at(v, "links"), f + ".links", 5);
}

Problem navigation(const json::value& v, const std::string& f) {
  if (auto p = shape_problem(v, f, {"links"})) return p;
  return link_rows_problem(at(v, "links"), f + ".links", 8);
}

Problem desktop(const json::value& v, const std::string& f) {
  if (auto p = shape_problem(v, f, {"layout"})) return p;
  const json::value* layout = at(v, "layout");
  if (layout && !(layout->is_string() && (layout->as_string() == "bar" || layout->as_string() == "sidebar")))
    return problem(f + ".layout", "must be bar or sidebar");
  return std::nullopt;
}

Problem mobile(const json::value& v, const std::string& f) {
  if (auto p = shape_problem(v, f, {"cardsPerRow"})) return p;
  const json::value* n = at(v, "cardsPerRow");
  if (n && !(n->is_int64() && n->as_int64() >= 1 && n->as_int64() <= 3)) return problem(f + ".cardsPerRow", "must be 1, 2 or 3");
  return std::nullopt;
}

Problem popups(const json::value& v, const std::string& f) {
  if (auto p = shape_problem(v, f, {"welcome"})) return p;
  const json::value* welcome = at(v, "welcome");
  return welcome && !welcome->is_null() ? offer_card(*welcome, f + ".welcome", 500, false) : std::nullopt;
}

// A structure's name as the console makes them (structure_templates.hpp): lower-case letters, digits and dashes.
bool structure_name_ok(std::string_view name) {
  return !name.empty() && name.size() <= 64 && name.front() != '-' && name.back() != '-' &&
         std::all_of(name.begin(), name.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

Problem structure_member(const json::value& v, const std::string& f) {
  const json::value* name = at(v, "structure");
  if (!name || name->is_null()) return std::nullopt;
  if (!name->is_string() || !structure_name_ok(name->as_string()))
    return problem(f + ".structure", "must name a structure: lower-case letters, digits and dashes (at most 64)");
  return std::nullopt;
}

// header: {structure?, logo?}: the structure whose links the header shows, and its logo.
Problem header_area(const json::value& v, const std::string& f) {
  if (auto p = shape_problem(v, f, {"structure", "logo"})) return p;
  if (auto p = structure_member(v, f)) return p;
  return link_problem(at(v, "logo"), f + ".logo", false);
}

// footer: {structure?}: the structure whose links the footer shows.
Problem footer_area(const json::value& v, const std::string& f) {
  if (auto p = shape_problem(v, f, {"structure"})) return p;
  return structure_member(v, f);
}

// The cookies the storefront itself writes or reads: a consent cookie must be none of them.
constexpr std::array<std::string_view, 4> kPortalCookies{"user_token", "device_id", "i18n_redirected", "alternat_theme"};

bool cookie_name_ok(std::string_view name) {
  return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
  });
}

// cookies: {consentCookie?, enabledCookie?}: the names of the consent cookies (portal §3; ncc_c and ncc_e when absent).
Problem cookies_area(const json::value& v, const std::string& f) {
  if (auto p = shape_problem(v, f, {"consentCookie", "enabledCookie"})) return p;
  std::vector<std::string_view> names;
  for (std::string_view key : {"consentCookie", "enabledCookie"}) {
    const json::value* name = at(v, key);
    if (!name || name->is_null()) {
      names.push_back(key == "consentCookie" ? "ncc_c" : "ncc_e");
      continue;
    }
    const std::string field = f + "." + std::string(key);
    if (!name->is_string() || !cookie_name_ok(name->as_string()))
      return problem(field, "must be a cookie name: 1 to 64 letters, digits, '_', '-' or '.'");
    if (std::find(kPortalCookies.begin(), kPortalCookies.end(), std::string_view(name->as_string())) != kPortalCookies.end())
      return problem(field, "is a cookie of the storefront itself");
    names.push_back(name->as_string());
  }
  if (names[0] == names[1]) return problem(f + ".enabledCookie", "must differ from consentCookie");
  return std::nullopt;
}

const json::value* member_at(const json::object& settings, std::initializer_list<std::string_view> path) {
  const json::value* v = nullptr;
  const json::object* o = &settings;
  for (auto key : path) {
    if (!o) return nullptr;
    v = o->if_contains(key);
    if (!v) return nullptr;
    o = v->if_object();
  }
  return v;
}

}  // namespace

std::optional<EntryProblem> settings_entries_problem(const json::object& settings) {
  using Check = Problem (*)(const json::value&, const std::string&);
  struct Entry {
    std::string_view name;
    Check check;
  };
  static const std::array<Entry, 17> kEntries{{
      {"externalRedirectDisclaimer", disclaimer},
      {"sharedLinks", [](const json::value& v, const std::string& f) { return names_problem(&v, f, kShareWays); }},
      {"avatarList", avatars},
      {"googleAds", google_ads},
      {"parentalControlMail", parental_mail},
      {"customPlan", [](const json::value& v, const std::string& f) { return offer_card(v, f, 300, true); }},
      {"seoTabNames", tab_names},
      {"paymentMetaData", meta_data},
      {"loginMetaData", meta_data},
      {"global", global_area},
      {"profileMenu", profile_menu},
      {"navigation", navigation},
      {"desktopSettings", desktop},
      {"mobileSettings", mobile},
      {"header", header_area},
      {"footer", footer_area},
      {"cookies", cookies_area},
  }};
  for (const auto& entry : kEntries)
    if (const json::value* v = settings.if_contains(entry.name); v && !v->is_null())
      if (auto p = entry.check(*v, "settings." + std::string(entry.name))) return p;
  if (const json::value* v = settings.if_contains("popups"); v && !v->is_null()) return popups(*v, "settings.popups");
  return std::nullopt;
}

std::string settings_text(const Tenant& tenant, std::initializer_list<std::string_view> path, std::string_view lang) {
  const json::value* v = member_at(tenant.settings, path);
  if (!v) return {};
  if (v->is_string()) return std::string(v->as_string());
  const json::object* map = v->if_object();
  if (!map) return {};
  for (std::string_view code : {lang, std::string_view(tenant.default_locale), std::string_view("en")})
    if (const auto* words = map->if_contains(code); words && words->is_string() && !words->as_string().empty())
      return std::string(words->as_string());
  return {};
}

std::string chrome_structure(const Tenant& tenant, std::string_view area) {
  const json::value* name = member_at(tenant.settings, {area, "structure"});
  if (name && name->is_string() && structure_name_ok(name->as_string())) return std::string(name->as_string());
  return std::string(area);
}

std::string site_description(const Tenant& tenant, std::string_view lang) {
  return settings_text(tenant, {"metaData", "description"}, lang);
}

std::string google_ads_client(const Tenant& tenant) {
  const json::value* client = member_at(tenant.settings, {"googleAds", "client"});
  return client && client->is_string() && valid_ads_client(client->as_string()) ? std::string(client->as_string())
                                                                                 : std::string();
}

std::vector<std::string> google_ads_origins(const Tenant& tenant) {
  if (google_ads_client(tenant).empty()) return {};
  // adsbygoogle.js, the scripts and frames it adds, and where its frames and beacons talk to.
  return {"https://pagead2.googlesyndication.com", "https://tpc.googlesyndication.com",
          "https://googleads.g.doubleclick.net", "https://www.google.com", "https://ep1.adtrafficquality.google",
          "https://ep2.adtrafficquality.google"};
}

std::string mobile_cards_css(const Tenant& tenant) {
  const json::value* n = member_at(tenant.settings, {"mobileSettings", "cardsPerRow"});
  if (!n || !n->is_int64() || n->as_int64() < 1 || n->as_int64() > 3) return {};
  return ":root{--cards-per-row-mobile:" + std::to_string(n->as_int64()) + "}";
}

bool offered_avatar(const Tenant& tenant, std::string_view image) {
  const json::value* list = member_at(tenant.settings, {"avatarList"});
  if (!list || !list->is_array()) return false;
  const auto& a = list->as_array();
  return std::any_of(a.begin(), a.end(), [&](const json::value& v) { return v.is_string() && v.as_string() == image; });
}

}  // namespace portal::tenants
