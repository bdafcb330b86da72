#include "app/portal_face.hpp"

// The portal face's small answers (/api/envFile, /builds/latest.json, /favicon.ico) and the dispatch of what no
// route matched: payload files and pages (app/page_shell.cpp), media (app/media_gateway.cpp), the console's shell,
// static files.
#include <boost/json.hpp>
#include <chrono>

#include "http/error.hpp"
#include "core/log.hpp"
#include "domains/tenants/tenants_service.hpp"
#include "http/json.hpp"
#include "http/origin.hpp"

namespace portal::app {
namespace json = boost::json;
using http::bhttp::field;

namespace {

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
      page_cache_(std::make_unique<PageCache>()) {
  // The client build's source maps are the client's original sources: the dev stage's only (issue 71 item 12);
  // elsewhere /assets/x.js.map and /admin/assets/x.js.map answer 404 as a missing file does.
  web_.serve_source_maps(config.stage == "dev");
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
  // Browsers ask every site for /favicon.ico: the tenant's icon, or the build's own (web/public/favicon.svg) while the
  // tenant has none (a new tenant's pages answered 404 to it; issue 73 item 6).
  auto favicon = [](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    std::string icon = tenants::icon_url(*ctx.tenant);
    if (icon.empty() || icon == "/favicon.ico") icon = "/favicon.svg";
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

boost::asio::awaitable<http::Response> PortalFace::fallback(http::RequestContext& ctx) {
  const std::string path = ctx.url.path();
  if (path.starts_with("/_payload/")) co_return co_await payload_file(ctx, path);
  if (path.starts_with("/media/")) co_return co_await media_file(ctx, path);  // app/media_gateway.cpp
  // The operators' console (issue 32): a bundle of its own under /admin/ (web/vite.admin.config.ts). Every
  // path of it that names no file is its one HTML shell; /admin/login is the hosted sign-in page (a route).
  if (is_console_path(path)) co_return co_await console_shell(ctx);
  if (path != "/" && path.find('.', path.rfind('/')) != std::string::npos) {
    // A file name: a static file or a plain 404, never a page shell.
    if (auto res = co_await web_.serve(ctx.req, std::string_view(path).substr(1))) co_return std::move(*res);
    throw http::ErrorException(http::Error::not_found("FILE_NOT_FOUND", "No file at " + path));
  }
  if (path.starts_with("/assets/"))
    throw http::ErrorException(http::Error::not_found("FILE_NOT_FOUND", "No file at " + path));
  co_return co_await page(ctx, path);
}

}  // namespace portal::app
