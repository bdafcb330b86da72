#include "app/portal_face.hpp"

// The HTML shell of every page route and its payload files (/_payload/<path>.json): the head (title, description,
// Open Graph, hreflang, the preloaded image), the first view, the embedded payload; a rendering for visitors without
// a session is kept (app/page_cache.hpp). And the operators' console's shell.
#include <algorithm>
#include <boost/json.hpp>

#include "app/first_view.hpp"
#include "http/error.hpp"
#include "domains/structure/structure_pages.hpp"
#include "domains/tenants/settings_entries.hpp"
#include "domains/tenants/tenant_settings.hpp"
#include "domains/tenants/tenants_app.hpp"
#include "domains/tenants/tenants_service.hpp"
#include "http/cookies.hpp"
#include "http/html_shell.hpp"
#include "http/json.hpp"
#include "http/origin.hpp"
#include "http/security_headers.hpp"

namespace portal::app {
namespace json = boost::json;
using http::bhttp::field;

namespace {

// Used when the client has not been built (API-only runs, server tests).
constexpr std::string_view kBareShell =
    "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
    "content=\"width=device-width, initial-scale=1\"><title>Portal</title><!--portal-head--></head><body>"
    "<div id=\"root\"></div><!--portal-payload--></body></html>";


std::string with_query(std::string path, const http::RequestContext& ctx) {
  if (ctx.url.has_query()) path += "?" + std::string(ctx.url.encoded_query());
  return path;
}

// The Open Graph image: the page's own image, else its first slide's, else the
// tenant logo; absolute.
std::string og_image(const json::value& page, const json::value& settings, const std::string& origin) {
  auto absolute = [&origin](const json::value* v) -> std::string {
    if (!v || !v->is_string() || v->as_string().empty()) return {};
    std::string url(v->as_string());
    return url.front() == '/' && !url.starts_with("//") ? origin + url : url;
  };
  const json::value* node = &page;
  for (int depth = 0; depth < 3 && node && node->is_object(); ++depth) {
    const auto& o = node->as_object();
    if (auto* d = o.if_contains("data"); d && d->is_object())
      if (auto url = absolute(d->as_object().if_contains("imageUrl")); !url.empty()) return url;
    auto* sub = o.if_contains("substructure");
    node = sub && sub->is_array() && !sub->as_array().empty() ? &sub->as_array()[0] : nullptr;
  }
  if (auto* s = settings.if_object())
    if (auto* images = s->if_contains("images"); images && images->is_object())
      return absolute(images->as_object().if_contains("logo"));
  return {};
}

// {"route", "data"} of a page, its data's serialised members spliced in.
std::string page_json(const json::value& route, const PageData& page) {
  return "{\"route\":" + json::serialize(route) + ",\"data\":" + http::with_members(json::serialize(page.data), page.raw_data) + "}";
}

// What a page may load besides its own origin: the backends envFile names
// (DESIGN: the backend may be another host) and the tenant stylesheet.
http::PageSources page_sources(const json::object& env_config, const tenants::Tenant& tenant) {
  http::PageSources sources;
  auto add = [](std::vector<std::string>& list, std::string_view url) {
    auto origin = http::csp_origin(url);
    if (!origin.empty() && std::find(list.begin(), list.end(), origin) == list.end()) list.push_back(std::move(origin));
  };
  if (auto* service = env_config.if_contains("service"); service && service->is_object()) {
    if (auto* url = service->as_object().if_contains("multiContentBackend"); url && url->is_string())
      add(sources.connect, url->as_string());
    if (auto* urls = service->as_object().if_contains("tenantBackendUrl"); urls && urls->is_object())
      for (const auto& entry : urls->as_object())
        if (entry.value().is_string()) add(sources.connect, entry.value().as_string());
  }
  add(sources.style, tenant.custom_style);
  for (const auto& origin : tenants::tag_manager_origins(tenant)) add(sources.tracking, origin);
  for (const auto& origin : tenants::google_ads_origins(tenant)) {
    add(sources.tracking, origin);
    add(sources.frames, origin);
  }
  return sources;
}


// The header's logo as the client picks it (app/use-site-name.ts): header.logo, else images.logo.
std::string site_logo(const json::value& settings) {
  const json::object* s = settings.if_object();
  for (std::string_view group : {"header", "images"}) {
    const json::value* part = s ? s->if_contains(group) : nullptr;
    const json::value* logo = part && part->is_object() ? part->as_object().if_contains("logo") : nullptr;
    if (logo && logo->is_string() && !logo->as_string().empty()) return std::string(logo->as_string());
  }
  return {};
}


// The operator's words for a page's head (docs/tenants.md "The other named settings"): seoTabNames names the tab
// of a page key ("meta.<page>.title"), loginMetaData the sign-in pages'. A page with a name of its own (an album)
// sets it later from its data.
void operator_head(const tenants::Tenant& tenant, std::string_view title_key, std::string_view lang, http::ShellPage& shell) {
  std::string_view page = title_key;
  if (page.starts_with("meta.")) page.remove_prefix(5);
  if (page.ends_with(".title")) page.remove_suffix(6);
  const bool sign_in = page == "login" || page == "loginEmail";
  std::string title = tenants::settings_text(tenant, {"seoTabNames", page}, lang);
  if (title.empty() && sign_in) title = tenants::settings_text(tenant, {"loginMetaData", "title"}, lang);
  if (!title.empty()) shell.title = std::move(title);
  if (!sign_in) return;
  if (auto description = tenants::settings_text(tenant, {"loginMetaData", "description"}, lang); !description.empty())
    shell.description = std::move(description);
}

}  // namespace

boost::asio::awaitable<http::Response> PortalFace::payload_file(http::RequestContext& ctx, std::string_view path) {
  // /_payload/index.json → "/", /_payload/ar/index.json → "/ar/", /_payload/music/tracks.json → "/music/tracks".
  std::string page_path(path.substr(std::string_view("/_payload").size()));
  if (!page_path.ends_with(".json"))
    throw http::ErrorException(http::Error::not_found("PAYLOAD_NOT_FOUND", "Payload files end in .json"));
  page_path.resize(page_path.size() - 5);
  if (page_path == "/index") page_path = "/";
  else if (page_path.ends_with("/index")) page_path.resize(page_path.size() - 5);
  const auto match = manifest_.match(page_path);
  if (!match.route)
    throw http::ErrorException(http::Error::not_found("PAGE_NOT_FOUND", "Page not found: " + page_path));
  std::string lang = match.lang.empty() ? manifest_.default_language() : match.lang;
  if (!tenants::offers_language(*ctx.tenant, lang)) lang = ctx.tenant->default_locale;  // a language the tenant does not offer
  // A child profile (parental control) gets no kept data: its client asks the API.
  if (const std::string token = http::cookie(http::parse_cookies(ctx.req), "user_token");
      !token.empty() && source_.user && (co_await source_.user(ctx.tenant, token)).restricted) {
    http::Response res{http::Status::ok, ctx.req.version()};
    res.set(field::content_type, "application/json");
    res.body() = page_json(json::value(match.route->path), PageData{});
    res.prepare_payload();
    res.set(field::cache_control, "private, no-store");
    co_return res;
  }
  PageData page_data = co_await source_.page_data(*ctx.tenant, *match.route, match.unprefixed,
                                                       std::string(ctx.url.encoded_query()), lang);
  if (page_data.not_found)
    throw http::ErrorException(http::Error::not_found("PAGE_NOT_FOUND", "Page not found: " + page_path));
  http::Response res{http::Status::ok, ctx.req.version()};
  res.set(field::content_type, "application/json");
  res.body() = page_json(json::value(match.route->path), page_data);
  res.prepare_payload();
  res.set(field::cache_control, "public, max-age=60");
  co_return res;
}

boost::asio::awaitable<http::Response> PortalFace::page(http::RequestContext& ctx, std::string_view path) {
  const auto& tenant = *ctx.tenant;
  const auto match = manifest_.match(path);
  // An operator's redirect rule for this path (portal spec §2; docs/tenants.md "Redirect rules"):
  // a path of the storefront keeps the page's language prefix, an address elsewhere is taken as is.
  if (auto rule = tenants::find_redirect(tenant, match.unprefixed)) {
    http::Response res{rule->permanent ? http::Status::moved_permanently : http::Status::found, ctx.req.version()};
    const bool internal = rule->to.starts_with('/');
    res.set(field::location, internal ? with_query(http::localized_path(match.lang, rule->to), ctx) : rule->to);
    res.set(field::cache_control, "no-store");
    res.prepare_payload();
    co_return res;
  }
  // Trailing slashes are not used (portal spec §2): a page's address with them moves to the one without
  // ("/ar/", the Arabic home, is a page of its own and matches as it is).
  if (!match.route && path.size() > 1 && path.back() == '/') {
    const auto end = path.find_last_not_of('/');
    const std::string canonical = end == std::string_view::npos ? "/" : std::string(path.substr(0, end + 1));
    if (manifest_.match(canonical).route) {
      http::Response res{http::Status::moved_permanently, ctx.req.version()};
      res.set(field::location, with_query(canonical, ctx));
      res.set(field::cache_control, "no-store");
      res.prepare_payload();
      co_return res;
    }
  }
  const auto cookies = http::parse_cookies(ctx.req);

  std::string lang = match.lang;
  // A prefix of a language the tenant does not offer (docs/decisions.md "A tenant's languages")
  // goes to the same page in the language the visitor would get without a prefix.
  const bool unoffered = !lang.empty() && !tenants::offers_language(tenant, lang);
  if (lang.empty() || unoffered) {
    auto accept = ctx.req.find(field::accept_language);
    lang = i18n::choose_language(http::cookie(cookies, "i18n_redirected"), tenant.default_locale,
                                 accept == ctx.req.end() ? std::string_view() : std::string_view(accept->value()),
                                 tenant.languages);
    // The unprefixed form is the default language; any other goes to its prefix.
    if (unoffered || (lang != manifest_.default_language() && match.route)) {
      const std::string prefix = lang == manifest_.default_language() ? std::string() : lang;
      http::Response res{http::Status::found, ctx.req.version()};
      res.set(field::location, with_query(http::localized_path(prefix, match.unprefixed), ctx));
      res.set(field::cache_control, "no-store");
      res.set(field::vary, "Cookie, Accept-Language");
      res.prepare_payload();
      co_return res;
    }
  }
  const http::Language* language = manifest_.language(lang);
  const bool dark = is_dark(tenant.default_theme, http::cookie(cookies, "alternat_theme") == "1");
  // A visitor without a session gets a kept rendering when there is one (the
  // key holds everything the shell reads from the request).
  const bool session = !http::cookie(cookies, "user_token").empty();
  std::string kept_key;
  if (!session && match.route) {
    kept_key = tenant.name + '\n' + std::to_string(tenant.version) + '\n' + lang + (dark ? "\nd\n" : "\nl\n") + http::tenant_origin(tenant, ctx) + '\n' +
               std::string(path) + '?' + std::string(ctx.url.encoded_query());
    if (auto kept = page_cache_->get(kept_key)) {
      const std::string nonce = http::csp_nonce();
      co_return shell_response(ctx, kept->found, nonce, kept->sources, with_nonce(kept->parts, nonce));
    }
  }

  json::value settings = co_await source_.global_settings(tenant, lang);
  PageData page_data;
  // A child profile (parental control) gets no kept structures or lists: its client asks the API.
  PageUser who;
  if (const std::string token = http::cookie(cookies, "user_token"); !token.empty() && source_.user)
    who = co_await source_.user(ctx.tenant, token);
  if (match.route && !who.restricted) page_data = co_await source_.page_data(tenant, *match.route, match.unprefixed,
                                                                   std::string(ctx.url.encoded_query()), lang);
  json::value data = std::move(page_data.data);
  json::value user = std::move(who.profile);

  http::ShellPage shell;
  shell.lang = lang;
  shell.dir = language ? language->dir : "ltr";
  shell.theme = dark ? "dark" : "light";
  const std::string& site = tenant.site_name();
  const bool found = match.route && !page_data.not_found;
  if (found) {
    auto title = i18n_.text(lang, match.route->title_key);
    shell.title = title && !title->empty() ? *title + " | " + site : site;
    // The operator's description of the site in the page's language (portal §3 meta data), else the route's
    // generic sentence; an item's or a content page's own words replace it below.
    shell.description = tenants::site_description(tenant, lang);
    if (shell.description.empty()) shell.description = i18n_.text(lang, match.route->description_key).value_or(site);
    operator_head(tenant, match.route->title_key, lang, shell);
  } else {
    shell.title = i18n_.text(lang, "notFound.head").value_or("Page not found");  // spec §2: the error heading
    shell.description = i18n_.text(lang, "notFound.desc").value_or("");
  }
  shell.origin = http::tenant_origin(tenant, ctx);
  shell.path = path;
  shell.unprefixed = match.unprefixed;
  shell.colors_css = tenant.colors + tenants::mobile_cards_css(tenant);
  shell.custom_style = tenant.custom_style;
  shell.icon = tenants::icon_url(tenant);
  if (auto* app = tenant.settings.if_contains("app"); app && app->is_object())
    if (auto* colour = app->as_object().if_contains("themeColor"); colour && colour->is_string())
      shell.theme_color = std::string(colour->as_string());
  shell.nonce = http::csp_nonce();
  const bool keep = !kept_key.empty() && page_data.keep;
  if (keep) shell.nonce = page_cache_->nonce_mark();
  // hreflang alternates: only the languages the tenant offers.
  std::vector<http::Language> offered;
  for (const auto& l : manifest_.languages())
    if (tenants::offers_language(tenant, l.code)) offered.push_back(l);
  shell.languages = &offered;
  shell.image = og_image(data, settings, shell.origin);
  if (found) {
    shell.modules = match.route->modules;
    const auto chrome = structure::page_chrome(tenant);
    shell.preload_image = first_view_image(data, page_data.raw_data, {chrome.header, chrome.footer});
    // The logo as the client's header asks for it: WebP where the server has one (issue 72 item 16).
    FirstViewTexts texts{site, client_image_url(site_logo(settings)), i18n_.text(lang, match.route->title_key).value_or(""),
                         i18n_.text(lang, match.route->description_key).value_or(""), lang,
                         [this, &lang](std::string_view key) { return i18n_.text(lang, key).value_or(""); },
                         tenants::settings_text(tenant, {"global", "announcement", "text"}, lang),
                         {chrome.header, chrome.footer}};
    shell.first_view = first_view(data, page_data.raw_data, texts);
  }
  if (const auto& head = page_data.head) {
    if (!head->title.empty()) shell.title = head->title + " | " + site;
    if (!head->description.empty()) shell.description = head->description;
    if (!head->image.empty())
      shell.image = head->image.front() == '/' && !head->image.starts_with("//") ? shell.origin + head->image : head->image;
    if (!head->og_type.empty()) shell.og_type = head->og_type;
    if (!head->canonical.empty()) {
      shell.unprefixed = head->canonical;
      shell.path = http::localized_path(match.lang, head->canonical);
    }
    shell.json_ld = head->json_ld;
    if (auto* ld = shell.json_ld.if_object())
      for (std::string_view key : {"url", "image"})
        if (auto* url = ld->if_contains(key); url && url->is_string() && url->as_string().starts_with("/") &&
                                               !url->as_string().starts_with("//"))
          *url = shell.origin + std::string(url->as_string());
  }
  json::object env = env_config(ctx);
  const http::PageSources sources = page_sources(env, tenant);
  shell.payload = json::object{{"tenantName", tenant.name},
                               {"envConfig", std::move(env)},
                               {"lang", lang},
                               {"theme", shell.theme},
                               {"status", found ? 200 : 404},
                               {"path", path},
                               {"user", std::move(user)},
                               {"globalSettings", std::move(settings)},
                               };
  // The page's data with the members it holds already serialised (a catalog list).
  page_data.data = std::move(data);
  const std::string page_payload = http::script_safe(page_json(match.route ? json::value(match.route->path) : json::value(nullptr), page_data));
  shell.raw_payload_members.emplace_back("page", page_payload);
  const auto messages = messages_script_.find(lang);
  shell.raw_payload_members.emplace_back(
      "messages", messages != messages_script_.end() ? std::string_view(messages->second) : std::string_view("{}"));

  const auto tmpl = co_await web_.read_async("index.html");
  std::string body = http::render_shell(tmpl ? std::string_view(*tmpl) : kBareShell, shell);
  if (!keep) co_return shell_response(ctx, found, shell.nonce, sources, std::move(body));
  const auto shared = page_cache_->keep(kept_key, body, found, sources, page_data.keep_for);
  const std::string nonce = http::csp_nonce();
  co_return shell_response(ctx, found, nonce, sources, with_nonce(shared->parts, nonce));
}

boost::asio::awaitable<http::Response> PortalFace::console_shell(http::RequestContext& ctx) {
  const auto tmpl = co_await web_.read_async(kConsoleShell);
  if (!tmpl) throw http::ErrorException(http::Error::not_found("PAGE_NOT_FOUND", "The console is not built (cd web && npm run build)"));
  // The build's nonce placeholder (Vite's html.cspNonce) becomes this answer's nonce; nothing else of the
  // request goes into the page: the console asks /backend/admin/me who is signed in.
  const std::string nonce = http::csp_nonce();
  std::string body;
  body.reserve(tmpl->size() + 64);
  for (std::size_t at = 0;;) {
    const auto next = tmpl->find(http::kNoncePlaceholder, at);
    body.append(*tmpl, at, next == std::string::npos ? std::string::npos : next - at);
    if (next == std::string::npos) break;
    body += nonce;
    at = next + http::kNoncePlaceholder.size();
  }
  http::Response res{http::Status::ok, ctx.req.version()};
  res.set(field::content_type, "text/html; charset=utf-8");
  res.set(field::cache_control, "no-store");
  http::set_document_headers(res, http::page_policy(nonce, {}), "same-origin");
  res.body() = std::move(body);
  res.prepare_payload();
  co_return res;
}

bool is_console_path(std::string_view path) {
  if (path == "/admin") return true;
  if (!path.starts_with("/admin/")) return false;
  // A file under /admin/ (its scripts and styles) is a static file.
  return path.find('.', path.rfind('/')) == std::string_view::npos;
}

http::Response PortalFace::shell_response(const http::RequestContext& ctx, bool found, const std::string& nonce,
                                          const http::PageSources& sources, std::string body) const {
  http::Response res{found ? http::Status::ok : http::Status::not_found, ctx.req.version()};
  res.set(field::content_type, "text/html; charset=utf-8");
  res.set(field::cache_control, "no-cache");
  res.set(field::vary, "Cookie, Accept-Language");
  http::set_document_headers(res, http::page_policy(nonce, sources), "strict-origin-when-cross-origin");
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

}  // namespace portal::app
