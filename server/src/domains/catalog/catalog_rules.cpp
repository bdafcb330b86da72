#include "domains/catalog/catalog_rules.hpp"

#include <functional>

#include <boost/url/encode.hpp>
#include <boost/url/rfc/unreserved_chars.hpp>
#include <sodium.h>

#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/text.hpp"

namespace portal::catalog {
namespace {

std::optional<std::int64_t> to_int(std::string_view s) {
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

}  // namespace

bool is_free_online_game(std::string_view content_type, bool has_freemium_price) {
  return content_type == "online_game" && has_freemium_price;
}

std::string collection_zip_path(std::int64_t article_id) { return "collections/" + std::to_string(article_id) + ".zip"; }

std::optional<std::int64_t> collection_zip_article(std::string_view path) {
  constexpr std::string_view prefix = "collections/", suffix = ".zip";
  if (!path.starts_with(prefix) || !path.ends_with(suffix) || path.size() <= prefix.size() + suffix.size())
    return std::nullopt;
  const auto digits = path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
  if (digits.front() == '0') return std::nullopt;
  const auto id = to_int(digits);
  if (!id || *id <= 0 || digits.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  return id;
}

std::string game_directory(std::string_view path) {
  if (!path.starts_with("games/")) return {};
  const auto slash = path.find('/', 6);
  if (slash == std::string_view::npos || slash == 6) return {};
  return std::string(path.substr(0, slash + 1));
}

bool grant_travels_in_path(std::string_view scope) {
  return scope.ends_with('/') && !game_directory(scope).empty() &&
         scope.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/") ==
             std::string_view::npos;
}

std::optional<PathGrant> path_grant(std::string_view relative) {
  if (!relative.starts_with('~')) return std::nullopt;
  const auto slash = relative.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  std::string_view grant = relative.substr(1, slash - 1);
  // <tenant>.<article>.<exp>: digits, at most 19 each; then the hex signature.
  std::string parts[3];
  for (auto& part : parts) {
    const auto dot = grant.find('.');
    if (dot == std::string_view::npos || dot == 0 || dot > 19) return std::nullopt;
    part = std::string(grant.substr(0, dot));
    if (part.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    grant.remove_prefix(dot + 1);
  }
  if (grant.empty() || grant.find_first_not_of("0123456789abcdef") != std::string_view::npos) return std::nullopt;
  return PathGrant{parts[0], parts[1], parts[2], std::string(grant), std::string(relative.substr(slash + 1))};
}

namespace {

std::vector<std::string_view> segments_of(std::string_view path) {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i <= path.size();) {
    const auto j = std::min(path.find('/', i), path.size());
    out.push_back(path.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

bool digits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

bool upload_kind_folder(std::string_view top) { return top == "audio" || top == "hls" || top == "art"; }

// "<t>-<a>-..." of a game upload's folder: the tenant and article segments; nullopt for any other name.
std::optional<std::pair<std::string_view, std::string_view>> game_upload_folder(std::string_view dir) {
  const auto first = dir.find('-');
  if (first == std::string_view::npos) return std::nullopt;
  const auto second = dir.find('-', first + 1);
  if (second == std::string_view::npos) return std::nullopt;
  const auto tenant = dir.substr(0, first), article = dir.substr(first + 1, second - first - 1);
  if (!digits(tenant) || !digits(article)) return std::nullopt;
  return std::pair{tenant, article};
}

}  // namespace

std::string upload_tenant(std::string_view path) {
  const auto s = segments_of(path);
  if (s.size() >= 4 && upload_kind_folder(s[0]) && digits(s[1]) && digits(s[2])) return std::string(s[1]);
  if (s.size() >= 2 && s[0] == "games")
    if (auto folder = game_upload_folder(s[1])) return std::string(folder->first);
  return {};
}

bool media_of_tenant(std::string_view path, std::int64_t tenant_id) {
  const auto owner = upload_tenant(path);
  return owner.empty() || owner == std::to_string(tenant_id);
}

std::optional<std::string> media_path_refusal(std::string_view path, std::int64_t tenant_id, std::int64_t article_id) {
  if (path.empty() || path.size() > 300 ||
      path.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/") != std::string_view::npos)
    return "must be a relative path below the media root of letters, digits, '.', '_', '-' and '/'";
  const auto s = segments_of(path);
  for (auto seg : s)
    if (seg.empty() || seg == "." || seg == "..") return "must be a relative path below the media root, without empty, '.' or '..' segments";
  if (s[0] == "staging") return "names the uploads' staging area, not published media";
  // The uploads' folders: only this tenant's media uploaded for this article (its media job sets the path).
  const std::string tenant = std::to_string(tenant_id), article = std::to_string(article_id);
  const std::string own = "must be media uploaded for this article (the media job sets it), not another tenant's or article's";
  if (upload_kind_folder(s[0]) && s.size() >= 3 && digits(s[1])) {
    if (s[1] != tenant || s.size() < 4 || s[2] != article) return own;
  } else if (s[0] == "games" && s.size() >= 2) {
    if (auto folder = game_upload_folder(s[1]); folder && (folder->first != tenant || folder->second != article))
      return own;
  }
  // A playlist's or a game's grant covers its folder: never a whole kind's folder (every tenant's uploads).
  if (const auto scope = media_scope(path); scope.ends_with('/') && segments_of(scope).size() < 3)
    return "must lie in a folder of its own below its kind's folder (a playlist's or a game's link covers its folder)";
  return std::nullopt;
}

bool is_public_media_path(std::string_view path) {
  // Covers, games (each checked further by the gateway) and the tenants' logos and icons.
  if (path.starts_with("art/") || path.starts_with("games/") || path.starts_with("brand/")) return true;
  const auto slash = path.rfind('/');
  const std::string_view file = slash == std::string_view::npos ? path : path.substr(slash + 1);
  return file.find("preview") != std::string_view::npos;
}


std::string grading_label(int rating) {
  switch (rating) {
    case 0: return "all ages";
    case 10: return "6+";
    case 20: return "12+";
    case 30: return "16+";
    default: return "18+";  // 40 and anything else
  }
}

std::string slugify(std::string_view text) {
  std::string out;
  bool dash = false;
  for (unsigned char c : core::lower(text)) {
    if (std::isalnum(c) && c < 0x80) {
      if (dash && !out.empty()) out += '-';
      dash = false;
      out += static_cast<char>(c);
    } else {
      dash = true;
    }
  }
  return out;
}

std::string article_slug(std::string_view english_title, std::string_view content_type) {
  auto slug = slugify(english_title);
  return slug.empty() ? slugify(content_type) : slug;
}

std::string article_href(const HrefParts& p) {
  const std::string id = std::to_string(p.id);
  const std::string slug(p.slug);
  const std::string category = p.category.empty() ? std::string(section_of(p.content_type)) : std::string(p.category);
  const auto& t = p.content_type;
  if (t == "full_track_music") return "/music/tracks/" + slug + "/" + id;
  if (t == "album") {
    if (p.artist_id)
      return "/music/albums/" + std::string(p.artist_slug.empty() ? "artist" : p.artist_slug) + "/" +
             std::to_string(*p.artist_id) + "/" + slug + "/" + id;
    return "/music/albums/" + slug + "/" + id;
  }
  if (t == "artist") return "/music/artists/" + slug + "/" + id;
  if (t == "playlist") return "/music/playlists/" + slug + "/" + id;
  if (t == "music_video") return "/music/video/details/" + id;
  if (t == "game" || t == "online_game") return "/games/details/" + slug + "/" + id;
  if (t == "publisher") return "/games/publisher/" + slug;
  if (t == "videocollection") return "/video/series/details/" + slug + "/" + id;
  if (t == "full_length_video" || t == "video") return "/video/details/" + slug + "/" + id;
  if (t == "podcastcollection") return "/podcast/details/" + slug + "/" + id;
  if (t == "podcast") return "/podcast/episode/" + slug + "/" + id;
  if (t == "audiobook") return "/audiobook/details/" + slug + "/" + id;
  if (t == "audio_book_chapter")
    return "/audiobook/details/" + slug + "/" + (p.parent_id ? std::to_string(*p.parent_id) : id);
  // /news/:category/:subcategory/:articlename/:article and /articles/premium/:category/:subcategory/:article: the
  // subcategory is "all" (the whole category, as the client's list pages read it), never the category again.
  if (t == "news") return "/news/" + category + "/all/" + slug + "/" + id;
  if (t == "premium_article") return "/articles/premium/" + category + "/all/" + id;
  if (t == "article") return "/articles/" + category + "/" + id;
  if (t == "voucher") return "/vouchers/details/" + id;
  if (t == "voucherbook") return "/voucherbooks/" + slug;
  if (t == "tournament") return "/tournaments/details/" + id;
  if (t == "partner") return "/apps/partner/" + slug + "/" + id;
  if (t == "info_service") return "/partners/info-services/" + slug;
  if (t == "app") return "/apps/pd/" + slug + "/" + id;
  return "/search";
}

std::string localized(const Texts& texts, std::string_view lang) {
  for (std::string_view key : {lang, std::string_view("en")})
    for (const auto& [l, text] : texts)
      if (l == key && !text.empty()) return text;
  for (const auto& [l, text] : texts)
    if (!text.empty()) return text;
  return {};
}

Result<RatingRange> parse_rating(const QueryLookup& get, int limit) {
  RatingRange range;
  range.max = limit;
  for (auto [name, into] : {std::pair<std::string_view, int*>{"maxRating", &range.max}, {"minRating", &range.min}}) {
    if (auto text = get(name); text && !text->empty()) {
      auto n = to_int(*text);
      if (!n || *n < 0 || *n > 1000) return Error::invalid(std::string(name), "must be a whole number 0-1000");
      *into = static_cast<int>(*n);
    }
  }
  range.max = std::min(range.max, limit);
  range.min = std::min(range.min, range.max);
  return range;
}

Result<std::pair<std::int64_t, std::int64_t>> parse_paging(const QueryLookup& get) {
  std::int64_t offset = 0, limit = kDefaultLimit;
  if (auto text = get("offset"); text && !text->empty()) {
    auto n = to_int(*text);
    if (!n || *n < 0) return Error::invalid("offset", "must be a whole number >= 0");
    offset = *n;
  }
  if (auto text = get("limit"); text && !text->empty()) {
    auto n = to_int(*text);
    if (!n || *n < 1 || *n > kMaxLimit)
      return Error::invalid("limit", "must be a whole number from 1 to " + std::to_string(kMaxLimit));
    limit = *n;
  }
  return std::pair{offset, limit};
}

std::string parse_lang(const QueryLookup& get, std::string_view fallback) {
  if (auto lang = get("lang"))
    if (std::find(kLanguages.begin(), kLanguages.end(), *lang) != kLanguages.end()) return *lang;
  return std::string(fallback.empty() ? "en" : fallback);
}

std::string MediaSigner::signature(std::int64_t tenant_id, std::int64_t article_id, std::string_view scope,
                                   std::int64_t exp, std::string_view name) const {
  std::string message =
      std::to_string(tenant_id) + "\n" + std::to_string(article_id) + "\n" + std::string(scope) + "\n" + std::to_string(exp);
  if (!name.empty()) message += "\n" + std::string(name);
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(secret_.data()), secret_.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(message.data()), message.size());
  crypto_auth_hmacsha256_final(&state, mac);
  char hex[2 * sizeof mac + 1];
  sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
  return hex;
}

std::string media_scope(std::string_view path) {
  if ((path.ends_with(".m3u8") || path.starts_with("games/")) && path.rfind('/') != std::string_view::npos)
    return std::string(path.substr(0, path.rfind('/') + 1));
  return std::string(path);
}

bool within_scope(std::string_view path, std::string_view scope) {
  if (path.empty() || scope.empty() || path.find('\\') != std::string_view::npos) return false;
  for (std::size_t i = 0; i <= path.size();) {
    const auto j = std::min(path.find('/', i), path.size());
    const auto seg = path.substr(i, j - i);
    if (seg.empty() || seg == "." || seg == "..") return false;
    i = j + 1;
  }
  if (path == scope) return true;
  return scope.ends_with('/') && path.starts_with(scope);
}

MediaSigner::Signed MediaSigner::sign(std::int64_t tenant_id, std::int64_t article_id, std::string_view path,
                                      std::chrono::seconds at_least) const {
  const auto exp =
      std::chrono::duration_cast<std::chrono::seconds>((clock_.now() + std::max(lifetime_, at_least)).time_since_epoch()).count();
  const std::string scope = media_scope(path);
  const std::string sig = signature(tenant_id, article_id, scope, exp);
  if (grant_travels_in_path(scope))
    return {"/media/secure/~" + std::to_string(tenant_id) + "." + std::to_string(article_id) + "." +
                std::to_string(exp) + "." + sig + "/" + std::string(path),
            exp * 1000};
  return {"/media/secure/" + std::string(path) + "?tenant=" + std::to_string(tenant_id) +
              "&article=" + std::to_string(article_id) + "&exp=" + std::to_string(exp) + "&sig=" + sig,
          exp * 1000};
}

MediaSigner::Signed MediaSigner::sign_download(std::int64_t tenant_id, std::int64_t article_id, std::string_view path,
                                               std::string_view name) const {
  const auto exp = std::chrono::duration_cast<std::chrono::seconds>((clock_.now() + lifetime_).time_since_epoch()).count();
  const std::string scope = media_scope(path);
  const std::string sig = signature(tenant_id, article_id, scope, exp, name);
  const std::string saved = name.empty() ? std::string() : "&name=" + boost::urls::encode(name, boost::urls::unreserved_chars);
  if (grant_travels_in_path(scope))
    return {"/media/secure/~" + std::to_string(tenant_id) + "." + std::to_string(article_id) + "." +
                std::to_string(exp) + "." + sig + "/" + std::string(path) + "?download=1" + saved,
            exp * 1000};
  return {"/media/secure/" + std::string(path) + "?tenant=" + std::to_string(tenant_id) + "&article=" +
              std::to_string(article_id) + "&exp=" + std::to_string(exp) + "&sig=" + sig + "&download=1" + saved,
          exp * 1000};
}

std::string rewrite_playlist_uris(std::string_view playlist, const std::function<std::string(std::string_view)>& rewrite) {
  std::string out;
  while (!playlist.empty()) {
    const auto nl = playlist.find('\n');
    std::string_view line = playlist.substr(0, nl);
    playlist = nl == std::string_view::npos ? std::string_view{} : playlist.substr(nl + 1);
    std::string_view trimmed = line;
    if (trimmed.ends_with('\r')) trimmed.remove_suffix(1);
    if (trimmed.empty()) {
      out += line;
    } else if (trimmed.front() != '#') {
      out += rewrite(trimmed);
    } else if (auto at = trimmed.find("URI=\""); at != std::string_view::npos) {
      const auto start = at + 5;
      const auto end = trimmed.find('"', start);
      if (end == std::string_view::npos) {
        out += line;
      } else {
        out += std::string(trimmed.substr(0, start)) + rewrite(trimmed.substr(start, end - start)) +
               std::string(trimmed.substr(end));
      }
    } else {
      out += line;
    }
    if (nl != std::string_view::npos) out += '\n';
  }
  return out;
}

std::string add_playlist_query(std::string_view playlist, std::string_view query) {
  return rewrite_playlist_uris(playlist, [&](std::string_view uri) {
    std::string out(uri);
    if (uri.find("://") != std::string_view::npos || uri.starts_with("/")) return out;  // absolute: left alone
    out += uri.find('?') == std::string_view::npos ? "?" : "&";
    out += query;
    return out;
  });
}

bool MediaSigner::verify(std::int64_t tenant_id, std::int64_t article_id, std::string_view scope,
                         std::string_view exp, std::string_view sig, std::string_view name) const {
  auto when = to_int(exp);
  if (!when || sig.size() != 2 * crypto_auth_hmacsha256_BYTES) return false;
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(clock_.now().time_since_epoch()).count();
  if (now > *when) return false;
  const std::string expected = signature(tenant_id, article_id, scope, *when, name);
  return sodium_memcmp(expected.data(), sig.data(), expected.size()) == 0;
}

std::int64_t MediaSigner::seconds_left(std::string_view exp) const {
  auto when = to_int(exp);
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(clock_.now().time_since_epoch()).count();
  return when && *when > now ? *when - now : 0;
}

}  // namespace portal::catalog
