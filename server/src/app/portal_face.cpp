#include "app/portal_face.hpp"

#include "app/first_view.hpp"
#include "app/page_tables.hpp"

#include <algorithm>
#include <cctype>
#include <boost/json.hpp>
#include <chrono>

#include "core/error.hpp"
#include "core/log.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/tenants/tenant_settings.hpp"
#include "domains/tenants/tenants_app.hpp"
#include "domains/tenants/tenants_service.hpp"
#include "http/cookies.hpp"
#include "http/html_shell.hpp"
#include "http/origin.hpp"
#include "http/json.hpp"
#include "http/security_headers.hpp"

namespace portal::app {
namespace json = boost::json;
using http::bhttp::field;

namespace {

// A kept rendering lives as long as the structures and lists it shows
// (commerce §9; app/page_data.cpp); a page is some 90 KB, so a few hundred.
constexpr std::chrono::seconds kKeptShellLifetime{120};
constexpr std::size_t kKeptShells = 160;

// A kept rendering's parts joined by a request's nonce.
std::string with_nonce(const std::vector<std::string>& parts, const std::string& nonce) {
  std::size_t size = 0;
  for (const auto& part : parts) size += part.size() + nonce.size();
  std::string body;
  body.reserve(size);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) body += nonce;
    body += parts[i];
  }
  return body;
}

// Used when the client has not been built (API-only runs, server tests).
constexpr std::string_view kBareShell =
    "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
    "content=\"width=device-width, initial-scale=1\"><title>Portal</title><!--portal-head--></head><body>"
    "<div id=\"root\"></div><!--portal-payload--></body></html>";

http::RouteManifest load_manifest(http::StaticFiles& web) {
  if (auto text = web.read("routes-manifest.json")) {  // at start-up: blocking is fine
    try {
      return http::RouteManifest::parse(json::parse(*text));
    } catch (const std::exception& e) {
      core::log_json(spdlog::level::err, "routes manifest is broken; only / is a page", {{"error", e.what()}});
    }
  } else {
    core::log_json(spdlog::level::warn, "no client build: routes-manifest.json missing; only / is a page",
                   {{"webRoot", web.root().string()}});
  }
  return http::RouteManifest::fallback();
}

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
  return sources;
}

}  // namespace

// A preload spelt otherwise than the client's request would fetch the image twice.
std::string client_image_url(std::string_view url) {
  while (!url.empty() && std::isspace(static_cast<unsigned char>(url.front()))) url.remove_prefix(1);
  while (!url.empty() && std::isspace(static_cast<unsigned char>(url.back()))) url.remove_suffix(1);
  if (url.empty()) return {};
  std::string full = url.starts_with("//") ? "https:" + std::string(url) : std::string(url);
  auto lower = full.substr(0, 8);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (!lower.starts_with("http://") && !lower.starts_with("https://") && !full.starts_with("/")) return full;
  const auto hash = full.find('#');
  std::string base = full.substr(0, hash);
  const std::string fragment = hash == std::string::npos ? "" : full.substr(hash);
  const auto query = base.find('?');
  if (query != std::string::npos &&
      (base.find("?format=") != std::string::npos || base.find("&format=") != std::string::npos))
    return full;
  return base + (query == std::string::npos ? "?" : "&") + "format=" + page_tables().image_format + fragment;
}

std::string with_image_width(std::string_view url, int width) {
  const auto hash = url.find('#');
  const std::string_view base = url.substr(0, hash);
  for (auto at = base.find("width="); at != std::string_view::npos; at = base.find("width=", at + 1))
    if (at > 0 && (base[at - 1] == '?' || base[at - 1] == '&')) return std::string(url);
  return std::string(base) + (base.find('?') == std::string_view::npos ? "?" : "&") + "width=" + std::to_string(width) +
         std::string(hash == std::string_view::npos ? std::string_view() : url.substr(hash));
}

namespace {

std::string image_of(const json::value* node) {
  const json::object* o = node ? node->if_object() : nullptr;
  const json::value* url = o ? o->if_contains("imageUrl") : nullptr;
  return url && url->is_string() ? client_image_url(url->as_string()) : std::string();
}

// A list answer kept serialised ({"entries":[{...}, ...], ...}): only its
// first entry is parsed, not the page of twenty.
std::string first_entry_image(std::string_view list) {
  const auto key = list.find("\"entries\":");
  if (key == std::string_view::npos) return {};
  const auto open = list.find_first_not_of(" \t\r\n", key + 10);
  if (open == std::string_view::npos || list[open] != '[') return {};
  json::stream_parser parser;
  boost::system::error_code ec;
  parser.write_some(list.substr(open + 1), ec);
  if (ec || !parser.done()) return {};
  const json::value entry = parser.release();
  return image_of(&entry);
}

}  // namespace

// Mirrors what the client draws first: ArticleDetailsView's eager artwork, the
// first card of a list, HeroBanner's first slide.
std::string first_view_image(const json::value& data, const http::JsonMembers& raw_data) {
  for (const auto& [name, text] : raw_data) {
    if (name == "list") return first_entry_image(text);
    if (name == "search") return search_first_image(text);
  }
  const json::object* page = data.if_object();
  if (!page) return {};
  if (const json::value* article = page->if_contains("article")) return image_of(article);
  if (const json::value* list = page->if_contains("list"); list && list->is_object())
    if (const json::value* entries = list->as_object().if_contains("entries"); entries && entries->is_array())
      return entries->as_array().empty() ? std::string() : image_of(&entries->as_array()[0]);
  const json::value* structures = page->if_contains("structures");
  if (!structures || !structures->is_object()) return {};
  for (const auto& [name, node] : structures->as_object()) {
    if (name == "header" || name == "footer" || !node.is_object()) continue;
    const json::value* nodes = node.as_object().if_contains("substructure");
    if (!nodes || !nodes->is_array() || nodes->as_array().empty() || !nodes->as_array()[0].is_object()) continue;
    const json::object& first = nodes->as_array()[0].as_object();
    const json::value* first_data = first.if_contains("data");
    const json::value* props = first_data && first_data->is_object() ? first_data->as_object().if_contains("customProperties") : nullptr;
    const json::value* type = props && props->is_object() ? props->as_object().if_contains("type") : nullptr;
    if (!type || !type->is_string() || type->as_string() != "banner") continue;
    const json::value* slides = first.if_contains("substructure");
    if (!slides || !slides->is_array() || slides->as_array().empty() || !slides->as_array()[0].is_object()) continue;
    return image_of(slides->as_array()[0].as_object().if_contains("data"));
  }
  return {};
}

namespace {

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

}  // namespace

bool is_dark(std::string_view default_theme, bool alternate) {
  return (default_theme == "dark") != alternate;
}

PortalFace::PortalFace(const Config& config, const i18n::I18nService& i18n, PageDataSource source)
    : config_(config),
      i18n_(i18n),
      source_(std::move(source)),
      file_cache_(std::make_shared<http::FileCache>(http::kFileCacheBytes)),
      file_pool_(std::make_unique<boost::asio::thread_pool>(2)),
      web_(config.web_root, file_cache_, file_pool_.get()),
      media_(std::filesystem::path(config.data_dir) / "media", file_cache_, file_pool_.get()),
      generated_media_(config.media_root, file_cache_, file_pool_.get()),
      manifest_(load_manifest(web_)),
      started_ms_(std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count()),
      kept_shells_(std::make_unique<core::TtlCache<KeptShell>>(kKeptShellLifetime, kKeptShells)),
      nonce_mark_(http::csp_nonce()) {
  for (const auto& lang : i18n::kLanguages)
    if (auto bundle = i18n_.bundle(lang)) messages_script_.emplace(lang, http::script_json(bundle->messages));
}

json::object PortalFace::env_config(const http::RequestContext& ctx) const {
  const auto& tenant = *ctx.tenant;
  const std::string backend = http::tenant_origin(tenant, ctx) + "/backend";
  std::string tenant_backend = backend;
  if (auto* url = tenant.backend.if_contains("backendUrl"); url && url->is_string() && !url->as_string().empty())
    tenant_backend = std::string(url->as_string());
  return {{"service", {{"tenantBackendUrl", {{tenant.name, tenant_backend}}}, {"multiContentBackend", backend}}},
          {"stage", config_.stage}};
}

std::vector<http::Route> PortalFace::routes() {
  auto env_file = [this](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    auto res = http::json_response(ctx, http::Status::ok,
                                   json::object{{"envConfig", env_config(ctx)}, {"tenantName", ctx.tenant->name}});
    res.set(field::cache_control, "no-cache");
    res.set(field::vary, "Host");
    co_return res;
  };
  auto latest_build = [this](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    json::value build = json::object{{"id", "dev"}, {"timestamp", started_ms_}};
    if (auto text = co_await web_.read_async("build.json")) {
      boost::system::error_code ec;
      auto parsed = json::parse(*text, ec);
      if (!ec && parsed.is_object()) build = parsed;
    }
    auto res = http::json_response(ctx, http::Status::ok, build);
    res.set(field::cache_control, "no-store");
    co_return res;
  };
  // Browsers ask every site for /favicon.ico: the tenant's icon.
  auto favicon = [](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    const std::string icon = tenants::icon_url(*ctx.tenant);
    if (icon.empty() || icon == "/favicon.ico")
      throw core::ErrorException(core::Error::not_found("FILE_NOT_FOUND", "This site has no icon"));
    http::Response res{http::Status::found, ctx.req.version()};
    res.set(field::location, icon);
    res.set(field::cache_control, "public, max-age=3600");
    res.prepare_payload();
    co_return res;
  };
  return {{http::Verb::get, "/api/envFile", env_file},
          {http::Verb::get, "/builds/latest.json", latest_build},
          {http::Verb::get, "/favicon.ico", favicon}};
}

namespace {

// A game's files: the sandbox policy (http::game_policy), framed by our origin
// and the tenant's, sent with no referrer (a paid game's URL holds its grant).
void set_game_headers(http::Response& res, const http::RequestContext& ctx) {
  std::vector<std::string> ancestors;
  if (auto origin = http::csp_origin(http::tenant_origin(*ctx.tenant, ctx)); !origin.empty())
    ancestors.push_back(std::move(origin));
  http::set_document_headers(res, http::game_policy(ancestors), "no-referrer");
}

}  // namespace

boost::asio::awaitable<http::Response> PortalFace::fallback(http::RequestContext& ctx) {
  const std::string path = ctx.url.path();
  if (path.starts_with("/_payload/")) co_return co_await payload_file(ctx, path);
  if (path.starts_with("/media/generated/")) {
    const auto relative = std::string_view(path).substr(std::string_view("/media/generated/").size());
    const auto unsigned_refused = [] {
      return core::ErrorException(core::Error::forbidden(
          "This media file needs a signed link: ask GET /backend/media/{articleId}?kind=full"));
    };
    if (!catalog::is_public_media_path(relative)) throw unsigned_refused();
    // A game directory is public only while a free game uses it.
    const auto game = catalog::game_directory(relative);
    if (!game.empty())
      if (!source_.public_game_directory || !co_await source_.public_game_directory(ctx.tenant->id, game))
        throw unsigned_refused();
    if (auto res = co_await generated_media_.serve(ctx.req, relative)) {
      if (!game.empty()) set_game_headers(*res, ctx);
      co_return std::move(*res);
    }
    throw core::ErrorException(core::Error::not_found("FILE_NOT_FOUND", "No media file at " + path));
  }
  if (path.starts_with("/media/secure/")) {
    std::string relative(std::string_view(path).substr(std::string_view("/media/secure/").size()));
    MediaGrantValues presented{ctx.query("tenant").value_or(""), ctx.query("article").value_or(""),
                               ctx.query("exp").value_or(""), ctx.query("sig").value_or("")};
    const auto in_path = catalog::path_grant(relative);
    if (in_path) {
      // A game's page and its relative requests: /media/secure/~<tenant>.<article>.<exp>.<sig>/games/<dir>/…
      // (catalog_rules.hpp path_grant); the sandboxed page sends no cookie, so the grant rides in the path.
      relative = in_path->path;
      presented = {in_path->tenant, in_path->article, in_path->exp, in_path->sig};
    }
    std::optional<MediaGrant> grant;
    if (source_.media_grant && !presented.sig.empty()) grant = co_await source_.media_grant(relative, presented);
    // A grant in the path is a game directory's only.
    if (grant && in_path && !catalog::grant_travels_in_path(grant->scope)) grant.reset();
    if (!grant) throw core::ErrorException(core::Error::forbidden("The media link is invalid or has expired"));
    if (auto res = co_await generated_media_.serve(ctx.req, relative)) {
      res->set(field::cache_control, "private, no-store");
      if (!catalog::game_directory(relative).empty()) set_game_headers(*res, ctx);
      // A download link (POST /song/download, /game/download) saves the file.
      if (ctx.query("download").value_or("") == "1") {
        const auto slash = relative.rfind('/');
        std::string name(slash == std::string::npos ? relative : relative.substr(slash + 1));
        std::erase_if(name, [](char c) { return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20; });
        res->set(field::content_disposition, "attachment; filename=\"" + name + "\"");
      }
      // An HLS playlist: its variants and segments need the grant too.
      // (A playlist is small text, kept in memory: never a stream.)
      if (relative.ends_with(".m3u8") && ctx.req.method() == http::Verb::get && res->result() == http::Status::ok &&
          res->find(field::content_encoding) == res->end() && !res->body().stream) {
        res->body() = catalog::add_playlist_query(res->body(), grant->query);
        res->erase(field::etag);
        res->prepare_payload();
      }
      co_return std::move(*res);
    }
    throw core::ErrorException(core::Error::not_found("FILE_NOT_FOUND", "No media file at " + path));
  }
  if (path.starts_with("/media/")) {
    const auto relative = std::string_view(path).substr(7);
    // Artwork asked for as WebP (?format=webp, contracts.md): the WebP that
    // make media rendered from the SVG, when there is one. An SVG image is a
    // document of its own, parsed, laid out and painted on the page's main
    // thread; a WebP decodes off it (issue 14). &width=64 asks for the
    // thumbnail rendered for a blurred backdrop (page-tables.json images.backdropWidth).
    if (relative.starts_with("art/") && relative.ends_with(".svg") && ctx.query("format").value_or("") == "webp") {
      const std::string stem(relative.substr(0, relative.size() - 4));
      const std::string thumbnail_width = std::to_string(page_tables().backdrop_width);
      if (ctx.query("width").value_or("") == thumbnail_width)
        if (auto res = co_await generated_media_.serve(ctx.req, stem + ".w" + thumbnail_width + ".webp")) co_return std::move(*res);
      if (auto res = co_await generated_media_.serve(ctx.req, stem + ".webp")) co_return std::move(*res);
    }
    if (auto res = co_await media_.serve(ctx.req, relative)) co_return std::move(*res);
    throw core::ErrorException(core::Error::not_found("FILE_NOT_FOUND", "No media file at " + path));
  }
  // The operators' console (issue 32): a bundle of its own under /admin/ (web/vite.admin.config.ts). Every
  // path of it that names no file is its one HTML shell; /admin/login is the hosted sign-in page (a route).
  if (is_console_path(path)) co_return co_await console_shell(ctx);
  if (path != "/" && path.find('.', path.rfind('/')) != std::string::npos) {
    // A file name: a static file or a plain 404, never a page shell.
    if (auto res = co_await web_.serve(ctx.req, std::string_view(path).substr(1))) co_return std::move(*res);
    throw core::ErrorException(core::Error::not_found("FILE_NOT_FOUND", "No file at " + path));
  }
  if (path.starts_with("/assets/"))
    throw core::ErrorException(core::Error::not_found("FILE_NOT_FOUND", "No file at " + path));
  co_return co_await page(ctx, path);
}

boost::asio::awaitable<http::Response> PortalFace::payload_file(http::RequestContext& ctx, std::string_view path) {
  // /_payload/index.json → "/", /_payload/ar/index.json → "/ar/", /_payload/music/tracks.json → "/music/tracks".
  std::string page_path(path.substr(std::string_view("/_payload").size()));
  if (!page_path.ends_with(".json"))
    throw core::ErrorException(core::Error::not_found("PAYLOAD_NOT_FOUND", "Payload files end in .json"));
  page_path.resize(page_path.size() - 5);
  if (page_path == "/index") page_path = "/";
  else if (page_path.ends_with("/index")) page_path.resize(page_path.size() - 5);
  const auto match = manifest_.match(page_path);
  if (!match.route)
    throw core::ErrorException(core::Error::not_found("PAGE_NOT_FOUND", "Page not found: " + page_path));
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
    throw core::ErrorException(core::Error::not_found("PAGE_NOT_FOUND", "Page not found: " + page_path));
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
    if (auto kept = kept_shells_->get(kept_key)) {
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
  const std::string site = tenant.display_name.empty() ? tenant.name : tenant.display_name;
  const bool found = match.route && !page_data.not_found;
  if (found) {
    auto title = i18n_.text(lang, match.route->title_key);
    shell.title = title && !title->empty() ? *title + " | " + site : site;
    shell.description = i18n_.text(lang, match.route->description_key).value_or(site);
  } else {
    shell.title = i18n_.text(lang, "notFound.head").value_or("Page not found");  // spec §2: the error heading
    shell.description = i18n_.text(lang, "notFound.desc").value_or("");
  }
  shell.origin = http::tenant_origin(tenant, ctx);
  shell.path = path;
  shell.unprefixed = match.unprefixed;
  shell.colors_css = tenant.colors;
  shell.custom_style = tenant.custom_style;
  shell.icon = tenants::icon_url(tenant);
  if (auto* app = tenant.settings.if_contains("app"); app && app->is_object())
    if (auto* colour = app->as_object().if_contains("themeColor"); colour && colour->is_string())
      shell.theme_color = std::string(colour->as_string());
  shell.nonce = http::csp_nonce();
  const bool keep = !kept_key.empty() && page_data.keep;
  if (keep) shell.nonce = nonce_mark_;
  // hreflang alternates: only the languages the tenant offers.
  std::vector<http::Language> offered;
  for (const auto& l : manifest_.languages())
    if (tenants::offers_language(tenant, l.code)) offered.push_back(l);
  shell.languages = &offered;
  shell.image = og_image(data, settings, shell.origin);
  if (found) {
    shell.modules = match.route->modules;
    shell.preload_image = first_view_image(data, page_data.raw_data);
    FirstViewTexts texts{site, site_logo(settings), i18n_.text(lang, match.route->title_key).value_or(""),
                         i18n_.text(lang, match.route->description_key).value_or(""), lang,
                         [this, &lang](std::string_view key) { return i18n_.text(lang, key).value_or(""); }};
    shell.first_view = first_view(data, page_data.raw_data, texts);
  }
  if (const auto& head = page_data.head) {
    if (!head->title.empty()) shell.title = head->title + " | " + site;
    if (!head->description.empty()) shell.description = head->description;
    if (!head->image.empty())
      shell.image = head->image.front() == '/' && !head->image.starts_with("//") ? shell.origin + head->image : head->image;
    if (!head->og_type.empty()) shell.og_type = head->og_type;
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
  KeptShell kept{{}, found, sources};
  for (std::size_t at = 0;;) {
    const auto next = body.find(nonce_mark_, at);
    kept.parts.push_back(body.substr(at, next == std::string::npos ? std::string::npos : next - at));
    if (next == std::string::npos) break;
    at = next + nonce_mark_.size();
  }
  const auto shared = kept_shells_->put(kept_key, std::move(kept));
  const std::string nonce = http::csp_nonce();
  co_return shell_response(ctx, found, nonce, sources, with_nonce(shared->parts, nonce));
}

boost::asio::awaitable<http::Response> PortalFace::console_shell(http::RequestContext& ctx) {
  const auto tmpl = co_await web_.read_async(kConsoleShell);
  if (!tmpl) throw core::ErrorException(core::Error::not_found("PAGE_NOT_FOUND", "The console is not built (cd web && npm run build)"));
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
