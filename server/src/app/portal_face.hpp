#pragma once
// The portal host's own answers (portal spec §7, DESIGN "One binary, two
// faces"): /api/envFile, /builds/latest.json, /_payload/<path>.json, the
// client's static files, demo media under /media, and the HTML shell of every
// page route (404 for paths no page serves). One class, its parts in the files
// named for them: portal_face.cpp (the small answers and the dispatch),
// page_shell.cpp (pages, payload files, the console's shell), page_head.cpp
// (the preloaded image), media_gateway.cpp (/media), page_cache.hpp (kept pages).
#include <boost/json/value.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "app/config.hpp"
#include "app/page_cache.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/html_shell.hpp"
#include "http/route_manifest.hpp"
#include "http/security_headers.hpp"
#include "http/router.hpp"
#include "http/json.hpp"
#include "http/static_files.hpp"
#include "store/media_store.hpp"

namespace portal::app {

using http::PageHead;  // http/html_shell.hpp

// The first payload of one page: `data` ({"structures", ...}) and an optional head.
struct PageData {
  boost::json::value data = boost::json::object{};
  http::JsonMembers raw_data;  // members of `data` already serialised (a catalog list)
  // The same for every visitor without a session for a while (structures and
  // lists, not a details page): the shell may keep its rendering.
  bool keep = false;
  // How long a kept rendering holds (none: the page cache's own lifetime): no longer than the structures it embeds.
  std::optional<std::chrono::seconds> keep_for;
  std::optional<PageHead> head;
  // The route matched but what it names does not exist (a details URL for an
  // unknown article, a content page without its structure): 404 and the
  // error page, as for an unmatched path.
  bool not_found = false;
};

// A valid media grant: what it covers, for how long, and how it travels on.
struct MediaGrant {
  std::string scope;  // a path, or a directory ending in "/"
  std::int64_t seconds_left = 0;
  std::string query;  // "tenant=…&article=…&exp=…&sig=…": added to a playlist's URIs
};
// The values a grant is presented with (query parameters, or a game's path segment).
struct MediaGrantValues {
  std::string tenant, article, exp, sig;
  std::string name;  // a download link's file name (query name=), signed with the rest
};
// One file of a collection's zip: its name in the archive and its media path.
struct ZipFile {
  std::string name, path;
};

// The signed-in user of a page request.
struct PageUser {
  boost::json::value profile = nullptr;
  bool restricted = false;
};

// Data the shell embeds, supplied by the composition root from the domains.
struct PageDataSource {
  // The tenant's global settings (the `configurations` structure's customProperties).
  std::function<boost::asio::awaitable<boost::json::value>(const tenants::Tenant&, const std::string& lang)>
      global_settings;
  // The first payload of one page route ({} when the page has none yet);
  // path is the requested path without its language prefix, query its
  // encoded query string ("" when none).
  std::function<boost::asio::awaitable<PageData>(const tenants::Tenant&, const http::PageRoute&,
                                                 const std::string& path, const std::string& query,
                                                 const std::string& lang)>
      page_data;
  // /media/secure/<path>?tenant&article&exp&sig: the grant when it is valid
  // for that path (it signs the article and its media's scope, which holds
  // the path, and has not expired); nullopt otherwise. May ask the database.
  std::function<boost::asio::awaitable<std::optional<MediaGrant>>(std::string path, MediaGrantValues values)>
      media_grant;
  // /media/secure/collections/<article>.zip (a valid grant of that path): the files of the collection's zip in
  // `lang` (an album's tracks); nullopt when the article is not such a collection.
  std::function<boost::asio::awaitable<std::optional<std::vector<ZipFile>>>(std::int64_t tenant_id, std::int64_t article_id,
                                                                              std::string lang)>
      collection_files;
  // /media/generated/games/<dir>/…: whether a free online game of the tenant
  // lives in that directory ("games/<dir>/"); paid games' files are signed.
  std::function<boost::asio::awaitable<bool>(std::int64_t tenant_id, std::string directory)> public_game_directory;
  // The user of a user_token cookie value: their profile (null when none) and
  // whether parental control holds them below the tenant's rating limit: such
  // a user's pages and payloads carry no structures or catalog data (those are
  // kept per tenant, at its limit); the client asks the API, which applies the
  // user's limit. One database trip.
  std::function<boost::asio::awaitable<PageUser>(std::shared_ptr<const tenants::Tenant>, std::string token)> user;
};

class PortalFace {
 public:
  PortalFace(const Config& config, const i18n::I18nService& i18n, PageDataSource source);

  std::vector<http::Route> routes();
  // GET/HEAD that no portal route matched.
  boost::asio::awaitable<http::Response> fallback(http::RequestContext& ctx);

  const http::RouteManifest& manifest() const { return manifest_; }
  // The media store when it is an object store: /media/generated and /media/secure answer from it (a presigned
  // redirect, or the bytes of a playlist or a game's file) instead of the media root. Null: the folder store,
  // whose root is the media root the face streams from.
  void set_object_store(store::MediaStore* object_store) { object_store_ = object_store; }
  // The media store, whichever it is: a collection's zip reads its files from it (issue 72 item 1).
  void set_media_store(store::MediaStore* store) { media_store_ = store; }
  // Bytes of static and media files kept in memory now (a /metrics gauge).
  std::size_t file_cache_bytes() const { return file_cache_->bytes(); }

 private:
  boost::asio::awaitable<http::Response> page(http::RequestContext& ctx, std::string_view path);
  // The operators' console's HTML (web/dist/admin/admin.html) with a fresh nonce, no-store.
  boost::asio::awaitable<http::Response> console_shell(http::RequestContext& ctx);
  boost::asio::awaitable<http::Response> payload_file(http::RequestContext& ctx, std::string_view path);
  boost::json::object env_config(const http::RequestContext& ctx) const;

  // /media/…: demo media, the generated media root's public and signed files (app/media_gateway.cpp).
  boost::asio::awaitable<http::Response> media_file(http::RequestContext& ctx, const std::string& path);
  // A file of the object store (app/media_gateway.cpp): a redirect to its presigned URL, or its bytes for a
  // playlist (its URIs rewritten) and a game's files (framed by our pages, so served by us).
  struct StoredAnswer {
    bool secure = false;                // a grant's file: private, no-store, valid while the grant is
    std::chrono::seconds lifetime{0};   // secure: the grant's seconds left
    std::string grant_query;            // secure: the grant, for a playlist's variant playlists
    bool game = false;
  };
  boost::asio::awaitable<http::Response> stored_media(http::RequestContext& ctx, const std::string& relative,
                                                      const StoredAnswer& how);
  // /media/secure/collections/<id>.zip with a valid grant: the collection's files in one zip, streamed.
  boost::asio::awaitable<http::Response> collection_zip(http::RequestContext& ctx, std::int64_t tenant_id,
                                                        std::int64_t article_id, const std::string& name);
  http::Response shell_response(const http::RequestContext& ctx, bool found, const std::string& nonce,
                                const http::PageSources& sources, std::string body) const;

  const Config& config_;
  const i18n::I18nService& i18n_;
  PageDataSource source_;
  // The files kept in memory, bounded (http/static_files.hpp), and the threads
  // that open and read the others: never an I/O thread.
  std::shared_ptr<http::FileCache> file_cache_;
  std::unique_ptr<boost::asio::thread_pool> file_pool_;
  http::StaticFiles web_;
  http::StaticFiles media_;
  http::StaticFiles generated_media_;  // config.media_root: /media/generated and /media/secure
  store::MediaStore* object_store_ = nullptr;
  store::MediaStore* media_store_ = nullptr;
  http::RouteManifest manifest_;
  // Each language's message bundle as script-safe JSON, made once: the shell
  // splices it into every page's payload.
  std::map<std::string, std::string, std::less<>> messages_script_;
  std::int64_t started_ms_;
  std::unique_ptr<PageCache> page_cache_;  // renderings for visitors without a session (app/page_cache.hpp)
};

// The console's shell in the client build, and the paths it answers: /admin and /admin/<page> (not
// /admin/login, a route of its own, and not a file name such as /admin/assets/x-1a2b3c4d.js).
inline constexpr std::string_view kConsoleShell = "admin/admin.html";
bool is_console_path(std::string_view path);

// Theme rule of portal spec §4: dark when (default dark and no alternate) or
// (default light and alternate chosen).
bool is_dark(std::string_view default_theme, bool alternate);

// An image URL spelled as the client asks for it (web/src/lib/image-url.ts):
// "//host/x" gets https:, http(s) URLs and absolute paths ask for webp.
std::string client_image_url(std::string_view url);

// url asking for the image width pixels wide, before its format is added
// (web/src/lib/image-url.ts withImageWidth); a URL naming a width is kept.
std::string with_image_width(std::string_view url, int width);

// The image a page's first viewport shows largest (its LCP), as the client
// asks for it, for the shell to preload: a details page's artwork, a list's
// first item (from the list kept serialised in `raw_data`), the first slide of
// a banner that opens the page. Empty when none. `chrome`: the header's and footer's structures, not the page's own.
std::string first_view_image(const boost::json::value& data, const http::JsonMembers& raw_data = {},
                             const std::vector<std::string>& chrome = {"header", "footer"});

}  // namespace portal::app
