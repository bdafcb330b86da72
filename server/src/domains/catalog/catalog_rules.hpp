#pragma once
// The catalog's pure rules: sections of content types, grading labels
// (commerce §5), slugs and portal paths (commerce §2), the Article answer
// (commerce §3) and signed media URLs. No storage, no HTTP.
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "domains/catalog/catalog_errors.hpp"
#include "domains/catalog/catalog_types.hpp"

namespace portal::catalog {

// The portal section of a content type ("music", "video", ...); "" when unknown.
std::string_view section_of(std::string_view content_type);
bool known_content_type(std::string_view content_type);
bool known_section(std::string_view section);

// commerce §5: 0 all ages, 10 6+, 20 12+, 30 16+, 40 18+, anything else 18+.
std::string grading_label(int rating);

// Commerce §1/§3: guests may play free online games only; a price with
// businessModel DOWNLOAD_TO_OWN_FREEMIUM marks an online game as free
// (catalog_document.hpp reads it of an article's document).
bool is_free_online_game(std::string_view content_type, bool has_freemium_price);

// Media anyone may fetch without a signature (/media/generated/…): artwork,
// previews (a file name holding "preview") and the HTML5 games' files (a game
// directory is public only while a free online game uses it: the portal face
// asks the catalog, see game_directory). Full tracks, episodes, videos,
// documents and paid games are served only through signed URLs (/media/secure/…).
bool is_public_media_path(std::string_view path);
// Media uploaded in the console (domains/media) is published in folders that
// name its tenant and article, audio|hls|art/<tenant>/<article>/<job>/... and
// games/<tenant>-<article>-<job>/... (MediaService::published_folder); every
// other path is the platform's shared media (the demo seed's). The tenant
// segment of an upload's path as written ("" for shared media).
std::string upload_tenant(std::string_view path);
// Whether the file at `path` may be served for `tenant_id`: shared media, or
// an upload of that tenant. The media gateway asks it of every file, so an
// article pointed at another tenant's upload never serves it.
bool media_of_tenant(std::string_view path, std::int64_t tenant_id);
// Why `path` may not become an article's media.path or media.previewPath in
// the console (an edit or an import of article `article_id` of `tenant_id`);
// nullopt when it may. A path the server already holds for the article is
// not asked (the caller keeps it). Refused: anything but a plain relative path
// (letters, digits, ".", "_", "-" and "/", no empty, "." or ".." segment),
// the uploads' staging area, a path in the uploads' folders but not of this
// tenant's and article's own uploads (the media job sets those), and a
// playlist or game page whose folder (its grant's scope, media_scope) would be
// a whole kind's folder.
std::optional<std::string> media_path_refusal(std::string_view path, std::int64_t tenant_id, std::int64_t article_id);
// "games/<dir>/" of a path below a game directory ("games/snake/game.js" ->
// "games/snake/"); "" for anything else.
std::string game_directory(std::string_view path);
// A game directory's whole package, one zip archive of its files beside them:
// what a download of the game saves (issue 47 item 4). Media ingest keeps the
// uploaded archive under this name; `make media` packs the demo games.
inline constexpr std::string_view game_package_name = "package.zip";
// Whether a signed grant for `scope` travels in the URL's path to the files
// below it: only a game's directory (its scripts and sprites load by relative
// URLs, which keep the path's grant but not a query), and only a plain path.
bool grant_travels_in_path(std::string_view scope);

// A grant in the path, "~<tenant>.<article>.<exp>.<sig>/<path>" below /media/secure/ (what
// MediaSigner::sign answers for a game page): the game's documents run
// sandboxed in an opaque origin, whose requests carry no cookie, so the grant
// rides in the path its relative URLs resolve against. nullopt when `relative`
// does not start with such a segment.
struct PathGrant {
  std::string tenant;
  std::string article;
  std::string exp;
  std::string sig;
  std::string path;  // below the grant segment
};
std::optional<PathGrant> path_grant(std::string_view relative);

// A collection's zip (issue 72 item 1: an album's tracks in one download) is made while it is sent, at the
// virtual path "collections/<article>.zip" below /media/secure, which is also its grant's scope.
std::string collection_zip_path(std::int64_t article_id);
// The article of such a path ("collections/2102.zip" -> 2102); nullopt for any other path.
std::optional<std::int64_t> collection_zip_article(std::string_view path);

// Lower-case ASCII slug ("Neon Skyline" -> "neon-skyline"); empty when the text
// has no ASCII letter or digit (callers fall back, e.g. to the content type).
std::string slugify(std::string_view text);
// The article's slug: its English title's, else the content type's.
std::string article_slug(std::string_view english_title, std::string_view content_type);

// The portal path of an article per commerce §2 path shapes.
struct HrefParts {
  std::string_view content_type;
  std::int64_t id = 0;
  std::string_view slug;
  std::string_view category;              // first category id ("" when none)
  std::optional<std::int64_t> artist_id;  // albums: /music/albums/{artist}/{artistId}/{album}/{id}
  std::string_view artist_slug;
  std::optional<std::int64_t> parent_id;  // chapters and episodes without a page of their own
};
std::string article_href(const HrefParts& parts);

// A localised text: lang, else en, else any (the first non-empty).
std::string localized(const Texts& texts, std::string_view lang);

// The rating window: query values when given (invalid_field naming a malformed one),
// never above `limit`, the request's rating limit
// (parental_control::max_rating_for: the user's active parental limit, else
// the tenant's maxRating, else 60): no maxRating means the limit, and one
// above it is lowered to it (as is a minRating above it).
using QueryLookup = std::function<std::optional<std::string>(std::string_view)>;
Result<RatingRange> parse_rating(const QueryLookup& get, int limit);
// offset/limit: offset >= 0, 1 <= limit <= 50 (invalid_field naming a malformed one).
Result<std::pair<std::int64_t, std::int64_t>> parse_paging(const QueryLookup& get);
// lang: one of the six, else the fallback.
std::string parse_lang(const QueryLookup& get, std::string_view fallback);


// Signed media URLs, bound to an article of a tenant: HMAC-SHA256(secret,
// tenant "\n" article "\n" scope "\n" exp [ "\n" download name ]) in hex. The scope is the article's
// full media path, except for HLS playlists (*.m3u8) and game pages (below
// games/): their directory with a trailing "/" (media_scope), so the files
// below it verify with the same grant. A grant is carried as
// /media/secure/<path>?tenant=&article=&exp=&sig=, and playlists carry it on
// every URI (add_playlist_query); a game page carries it in its path
// (/media/secure/~<tenant>.<article>.<exp>.<sig>/games/<dir>/…, path_grant),
// and so do its relative requests. The portal face accepts a grant only for a
// path in the scope of that article's media as the catalog has it now
// (CatalogService::media_grant): one article's grant never opens another's.
class MediaSigner {
 public:
  MediaSigner(std::string secret, const core::Clock& clock, std::chrono::seconds lifetime)
      : secret_(std::move(secret)), clock_(clock), lifetime_(lifetime) {}
  struct Signed {
    std::string url;       // /media/secure/<path>?tenant=&article=&exp=<epoch s>&sig=<hex>, or
                           // /media/secure/~<tenant>.<article>.<exp>.<sig>/<path> (a game)
    std::int64_t expires;  // epoch milliseconds
  };
  // Valid for the signer's lifetime, or at least `at_least` (a long film's
  // segments must stay reachable while it plays).
  Signed sign(std::int64_t tenant_id, std::int64_t article_id, std::string_view path,
              std::chrono::seconds at_least = std::chrono::seconds{0}) const;
  // A download link of `path`, saved as `name` (issue 72 item 16: a title, core::file_name): the grant of sign()
  // whose signature covers the name too ("\n" name after exp), with download=1&name=<percent-encoded> in its
  // query, so the file is saved under that name and no other (a link whose name was changed does not verify).
  Signed sign_download(std::int64_t tenant_id, std::int64_t article_id, std::string_view path,
                       std::string_view name) const;
  // `name` "": a grant without a name (sign), whose message is the four lines alone.
  std::string signature(std::int64_t tenant_id, std::int64_t article_id, std::string_view scope,
                        std::int64_t exp, std::string_view name = {}) const;
  // True when exp (epoch seconds) is not past and sig signs (tenant, article, scope, exp[, name]).
  bool verify(std::int64_t tenant_id, std::int64_t article_id, std::string_view scope, std::string_view exp,
              std::string_view sig, std::string_view name = {}) const;
  // Seconds until exp (epoch seconds) from now; 0 when past or malformed.
  std::int64_t seconds_left(std::string_view exp) const;

 private:
  std::string secret_;
  const core::Clock& clock_;
  std::chrono::seconds lifetime_;
};

// What a grant of an article whose full media is `path` covers: the path, or
// the directory (ending in "/") of an HLS playlist or a game page.
std::string media_scope(std::string_view path);
// Whether `path` lies in `scope`: the scope itself, or below it when it is a
// directory; never through an empty, "." or ".." segment or a backslash.
bool within_scope(std::string_view path, std::string_view scope);

// An HLS playlist with `query` ("exp=…&sig=…") added to every relative URI
// (URI lines and URI="…" attributes), so a player's follow-up requests carry it.
std::string add_playlist_query(std::string_view playlist, std::string_view query);
// Every URI of an HLS playlist (its lines that are not tags, and the URI="…" of tags) through `rewrite`.
std::string rewrite_playlist_uris(std::string_view playlist, const std::function<std::string(std::string_view)>& rewrite);

}  // namespace portal::catalog
