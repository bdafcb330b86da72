#include "app/portal_face.hpp"

// The media gateway of the portal face: demo media under /media, the generated media root's public files under
// /media/generated and signed ones under /media/secure (a grant in the query, or in the path for a game's files).
#include "core/content_types.hpp"
#include "app/page_tables.hpp"
#include "http/error.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "http/origin.hpp"
#include "http/security_headers.hpp"
#include "db/blocking.hpp"
#include "core/file_names.hpp"
#include "core/languages.hpp"
#include "store/object_zip.hpp"

#include <cstring>

namespace portal::app {
using http::bhttp::field;

namespace {

// A game's files: the sandbox policy (http::game_policy), framed by our origin
// and the tenant's, sent with no referrer (a paid game's URL holds its grant).
void set_game_headers(http::Response& res, const http::RequestContext& ctx) {
  std::vector<std::string> ancestors;
  if (auto origin = http::csp_origin(http::tenant_origin(*ctx.tenant, ctx)); !origin.empty())
    ancestors.push_back(std::move(origin));
  http::set_document_headers(res, http::game_policy(ancestors), "no-referrer");
}

// The Content-Disposition of a download link (POST /song/download, /game/download): the name the link was signed
// with (issue 72 item 16: the item's titles, "Neon Harbor - Midnight Drive.mp3"), with the file's own name as the
// ASCII fallback of clients that read no filename* ("20001.mp3", a game's package under its directory's name:
// "games/lane-racer-4504/package.zip" -> lane-racer-4504.zip). A link signed before names were: the file's name.
std::string download_disposition(const std::string& relative, const std::string& signed_name) {
  const auto slash = relative.rfind('/');
  std::string name(slash == std::string::npos ? relative : relative.substr(slash + 1));
  if (const auto game = catalog::game_directory(relative); !game.empty() && name == catalog::game_package_name)
    name = game.substr(6, game.size() - 7) + ".zip";
  std::erase_if(name, [](char c) { return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20 || c == ';' || c == '%'; });
  if (signed_name.empty()) return "attachment; filename=\"" + name + "\"";
  return core::attachment_disposition(signed_name, name);
}

// A collection's zip (store/object_zip.hpp) as the answer's body: each piece made on the file pool.
class ZipBody final : public http::BodyStream {
 public:
  ZipBody(std::shared_ptr<store::ObjectZip> zip, boost::asio::thread_pool& pool) : zip_(std::move(zip)), pool_(pool) {}
  std::uint64_t size() const override { return zip_->size(); }
  boost::asio::awaitable<std::size_t> read(boost::asio::mutable_buffer into) override {
    if (at_ == piece_.size()) {
      auto zip = zip_;
      piece_ = co_await db::offload(pool_, [zip] { return zip->next(kZipPiece); });
      at_ = 0;
      if (piece_.empty()) co_return 0;
    }
    const std::size_t n = std::min(into.size(), piece_.size() - at_);
    std::memcpy(into.data(), piece_.data() + at_, n);
    at_ += n;
    co_return n;
  }

 private:
  static constexpr std::size_t kZipPiece = 1 << 20;  // one read of the store (a ranged GET of the object store)
  std::shared_ptr<store::ObjectZip> zip_;
  boost::asio::thread_pool& pool_;
  std::string piece_;
  std::size_t at_ = 0;
};

}  // namespace

boost::asio::awaitable<http::Response> PortalFace::media_file(http::RequestContext& ctx, const std::string& path) {
  if (path.starts_with("/media/generated/")) {
    const auto relative = std::string_view(path).substr(std::string_view("/media/generated/").size());
    const auto unsigned_refused = [] {
      return http::ErrorException(http::Error::forbidden(
          "This media file needs a signed link: ask GET /backend/media/{articleId}?kind=full"));
    };
    if (!catalog::is_public_media_path(relative)) throw unsigned_refused();
    // Never the uploads' staging area (a job's work folder holds a preview before it is published).
    if (relative.starts_with("staging/"))
      throw http::ErrorException(http::Error::not_found("FILE_NOT_FOUND", "No media file at " + path));
    // A game directory is public only while a free game uses it.
    const auto game = catalog::game_directory(relative);
    if (!game.empty())
      if (!source_.public_game_directory || !co_await source_.public_game_directory(ctx.tenant->id, game))
        throw unsigned_refused();
    if (object_store_) co_return co_await stored_media(ctx, std::string(relative), {.game = !game.empty()});
    if (auto res = co_await generated_media_.serve(ctx.req, relative)) {
      if (!game.empty()) set_game_headers(*res, ctx);
      co_return std::move(*res);
    }
    throw http::ErrorException(http::Error::not_found("FILE_NOT_FOUND", "No media file at " + path));
  }
  if (path.starts_with("/media/secure/")) {
    std::string relative(std::string_view(path).substr(std::string_view("/media/secure/").size()));
    const std::string download_name = ctx.query("name").value_or("");
    MediaGrantValues presented{ctx.query("tenant").value_or(""), ctx.query("article").value_or(""),
                               ctx.query("exp").value_or(""), ctx.query("sig").value_or(""), download_name};
    const auto in_path = catalog::path_grant(relative);
    if (in_path) {
      // A game's page and its relative requests: /media/secure/~<tenant>.<article>.<exp>.<sig>/games/<dir>/…
      // (catalog_rules.hpp path_grant); the sandboxed page sends no cookie, so the grant rides in the path.
      relative = in_path->path;
      presented = {in_path->tenant, in_path->article, in_path->exp, in_path->sig, download_name};
    }
    std::optional<MediaGrant> grant;
    // The grant's article decides the rest (media_grant: within its media's scope, of its own tenant's uploads).
    if (source_.media_grant && !presented.sig.empty() && !relative.starts_with("staging/"))
      grant = co_await source_.media_grant(relative, presented);
    // A grant in the path is a game directory's only.
    if (grant && in_path && !catalog::grant_travels_in_path(grant->scope)) grant.reset();
    if (!grant) throw http::ErrorException(http::Error::forbidden("The media link is invalid or has expired"));
    // An album's (an audiobook's) files in one zip, made while it is sent.
    // (The grant's tenant, which its signature covers: a link answers the same on any of the portal's hosts.)
    if (const auto collection = catalog::collection_zip_article(relative))
      co_return co_await collection_zip(ctx, std::stoll(presented.tenant), *collection, download_name);
    if (object_store_)
      co_return co_await stored_media(ctx, relative,
                                      {.secure = true,
                                       .lifetime = std::chrono::seconds(grant->seconds_left),
                                       .grant_query = grant->query,
                                       .game = !catalog::game_directory(relative).empty()});
    if (auto res = co_await generated_media_.serve(ctx.req, relative)) {
      res->set(field::cache_control, "private, no-store");
      if (!catalog::game_directory(relative).empty()) set_game_headers(*res, ctx);
      // A download link (POST /song/download, /game/download) saves the file.
      if (ctx.query("download").value_or("") == "1")
        res->set(field::content_disposition, download_disposition(relative, download_name));
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
    throw http::ErrorException(http::Error::not_found("FILE_NOT_FOUND", "No media file at " + path));
  }
  {
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
    throw http::ErrorException(http::Error::not_found("FILE_NOT_FOUND", "No media file at " + path));
  }
}

boost::asio::awaitable<http::Response> PortalFace::collection_zip(http::RequestContext& ctx, std::int64_t tenant_id,
                                                                 std::int64_t article_id, const std::string& name) {
  const auto none = [&] {
    return http::ErrorException(
        http::Error::not_found("FILE_NOT_FOUND", "Article " + std::to_string(article_id) + " has no files to download"));
  };
  if (!source_.collection_files || !media_store_) throw none();
  // The entries' names in the language the link was made in (one of the six; a title in its own else).
  std::string lang = ctx.query("lang").value_or("en");
  if (!core::is_language(lang)) lang = "en";
  auto files = co_await source_.collection_files(tenant_id, article_id, lang);
  if (!files) throw none();
  store::MediaStore& store = *media_store_;
  // Each file's length before the first byte (the archive's length is the answer's); a file gone is left out.
  auto entries = co_await db::offload(*file_pool_, [&] {
    std::vector<store::ZipEntry> out;
    for (auto& f : *files) {
      if (!store::is_store_key(f.path)) continue;
      if (const auto size = store.size(f.path)) out.push_back({std::move(f.name), std::move(f.path), *size});
    }
    return out;
  });
  if (entries.empty()) throw none();
  if (!store::zip_size(entries))
    throw http::ErrorException(http::Error::unprocessable(
        "ARCHIVE_TOO_LARGE", "The files of article " + std::to_string(article_id) + " are too large for one zip"));
  auto zip = std::make_shared<store::ObjectZip>(store, std::move(entries), std::chrono::system_clock::now());
  http::Response res{http::Status::ok, ctx.req.version()};
  res.set(field::content_type, "application/zip");
  res.set(field::cache_control, "private, no-store");
  res.set(field::content_disposition, download_disposition(catalog::collection_zip_path(article_id), name));
  res.body().stream = std::make_shared<ZipBody>(std::move(zip), *file_pool_);
  res.prepare_payload();  // Content-Length: the archive's, known before its first byte
  co_return res;
}

boost::asio::awaitable<http::Response> PortalFace::stored_media(http::RequestContext& ctx, const std::string& relative,
                                                               const StoredAnswer& how) {
  store::MediaStore& store = *object_store_;
  const auto not_found = [&] {
    return http::ErrorException(http::Error::not_found("FILE_NOT_FOUND", "No media file at /media/" + relative));
  };
  if (!store::is_store_key(relative)) throw not_found();
  const bool playlist = relative.ends_with(".m3u8");
  if (how.game || playlist) {
    // Bytes we answer ourselves: a game's files are framed by our pages (their headers are ours), and a
    // playlist's URIs need the grant or a presigned URL each.
    auto bytes = co_await db::offload(*file_pool_, [&] { return store.get(relative); });
    if (!bytes) throw not_found();
    if (playlist) {
      const std::string folder = relative.substr(0, relative.rfind('/') + 1);
      *bytes = co_await db::offload(*file_pool_, [&] {
        return catalog::rewrite_playlist_uris(*bytes, [&](std::string_view uri) -> std::string {
          if (uri.find("://") != std::string_view::npos || uri.starts_with("/")) return std::string(uri);
          const std::string plain(uri.substr(0, uri.find('?')));
          // A variant playlist comes back here with the grant; a segment straight from the store.
          if (plain.ends_with(".m3u8") || !how.secure)
            return how.secure ? plain + "?" + how.grant_query : plain;
          return store.url_for(folder + plain, {.lifetime = how.lifetime}).value_or(plain);
        });
      });
    }
    http::Response res{http::Status::ok, ctx.req.version()};
    res.set(field::content_type, core::content_type_for(relative));
    res.set(field::cache_control, how.secure ? "private, no-store" : "public, max-age=300");
    if (how.game) set_game_headers(res, ctx);
    res.body() = std::move(*bytes);
    res.prepare_payload();
    co_return res;
  }
  // Everything else straight from the store: a presigned URL, bound to the grant's lifetime (a download
  // saves the file under the name the store is told to answer with), or for public files signed per hour.
  store::UrlOptions options;
  if (how.secure) {
    options.lifetime = how.lifetime;
    if (ctx.query("download").value_or("") == "1")
      options.content_disposition = download_disposition(relative, ctx.query("name").value_or(""));
  } else {
    options.hourly = true;
  }
  const auto url = store.url_for(relative, options);  // a signature: computed here, no request to the store
  if (!url) throw not_found();
  http::Response res{http::Status::found, ctx.req.version()};
  res.set(field::location, *url);
  res.set(field::cache_control, how.secure ? "private, no-store" : "public, max-age=300");
  res.prepare_payload();
  co_return res;
}

}  // namespace portal::app
