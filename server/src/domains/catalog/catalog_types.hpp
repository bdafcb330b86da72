#pragma once
// The catalog (issue 4, docs/contracts.md "Catalog"): articles and categories
// of one tenant as the service handles them. No SQL or HTTP types.
#include <algorithm>
#include <array>
#include <boost/json/object.hpp>  // free-form: ArticleRecord::doc and ChallengeRecord::doc, the operator's documents (catalog_document.hpp)
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/languages.hpp"

namespace portal::catalog {

using core::kLanguages;
inline constexpr int kDefaultMaxRating = 60;   // commerce §5/§9: tenant maxRating, else 60
inline constexpr std::int64_t kMaxLimit = 50;  // lists and searches answer at most this many
inline constexpr std::int64_t kDefaultLimit = 10;

// Texts by language ({"en": ..., "ar": ...} in a file), in the file's order.
using Texts = std::vector<std::pair<std::string, std::string>>;

// An article's availability window ("availableFrom", "availableUntil" of its
// document: ISO-8601 times, "" = open).
struct Availability {
  std::string from;
  std::string until;
  // Whether `now` (ISO-8601, UTC) lies in the window.
  bool covers(std::string_view now) const { return (from.empty() || from <= now) && (until.empty() || now < until); }
};

// One stored article; `doc` is the imported JSON (titles, prices, artworks, media, ...).
struct ArticleRecord {
  std::int64_t id = 0;
  std::string content_type;
  std::string section;
  std::optional<std::int64_t> parent_id;
  int rating = 0;
  std::string release_date;
  std::string slug;
  std::int64_t read_count = 0;
  boost::json::object doc;
};

// One stored challenge; `doc` is the imported JSON (title, description,
// chained, startsAt, endsAt, challengeSteps).
struct ChallengeRecord {
  std::int64_t id = 0;
  std::int64_t game_id = 0;
  boost::json::object doc;
};

struct CategoryRecord {
  std::string id;
  std::string section;
  std::optional<std::string> parent_id;
  std::string artwork;
  Texts titles;
  std::int64_t count = 0;  // visible articles in it (list answers)
};

// The rating window of one request (query maxRating/minRating, else the tenant's).
struct RatingRange {
  int min = 0;
  int max = kDefaultMaxRating;
  bool allows(int rating) const { return rating >= min && rating <= max; }
};

// A list's orders: newest, most played, by title, top rated (customers' ratings), cheapest first.
inline constexpr std::array<std::string_view, 5> kListSorts{"new", "popular", "title", "rated", "price"};
inline constexpr std::string_view kListSortsText = "must be new, popular, title, rated or price";
inline bool known_list_sort(std::string_view sort) {
  return std::find(kListSorts.begin(), kListSorts.end(), sort) != kListSorts.end();
}

struct ListQuery {
  std::string section;       // "" = any
  std::string content_type;  // "" = any
  std::string category;      // "" = any
  std::string sort;          // "" (the catalog's order) or one of kListSorts
  std::string developer;     // "" = any; else a publisher's slug: its games (or, with contentType=publisher, itself)
  std::int64_t offset = 0;
  std::int64_t limit = kDefaultLimit;
  RatingRange rating;
  std::string lang = "en";
};

// A media URL: public (/media/generated/…, expires 0) or signed (/media/secure/…).
struct MediaUrl {
  std::string url;
  bool preview = false;
  std::int64_t expires = 0;  // epoch milliseconds; 0 = does not expire
};

// The zip of a collection's files (issue 72 item 1): each entry's name in the archive and its media path.
struct DownloadEntry {
  std::string name;
  std::string path;
};
struct CollectionDownload {
  std::vector<DownloadEntry> entries;
};

// A valid grant of /media/secure/<path>: the scope it covers, its seconds
// left, and the parameters that carry it (on playlist URIs, in a game's cookie).
struct MediaGrant {
  std::string scope;  // the article's media path, or its directory ending in "/"
  std::int64_t seconds_left = 0;
  std::string query;  // "tenant=…&article=…&exp=…&sig=…"
};

// What an import wrote: the file's categories, articles and challenges, and
// the tenant's articles pruned (absent from the file).
struct ImportCounts {
  std::int64_t categories = 0;
  std::int64_t articles = 0;
  std::int64_t challenges = 0;
  std::int64_t pruned = 0;
};

// A category in the asked language, with the articles in it the caller may see.
struct Category {
  std::string id;
  std::string title;
  std::string section;
  std::optional<std::string> artwork;
  std::optional<std::string> parent_id;
  std::int64_t count = 0;
};

// A category's artwork ("" when it has none).
struct CategoryArtwork {
  std::string category_id;
  std::string url;
};

// How often an article was read.
struct ReadCount {
  std::int64_t id = 0;
  std::int64_t count = 0;
};

// An article with what belongs to it, as kept answers (catalog_views.hpp):
// its related items always, the same list under the name of their kind
// ("tracks", "chapters", "episodes", "albums", "games"; "" when none), and an
// artist's most played tracks.
struct ArticleDetails {
  std::string article;
  std::string kind;
  std::vector<std::string> related;
  std::optional<std::vector<std::string>> top_tracks;
};

struct Page {
  std::vector<ArticleRecord> entries;
  std::int64_t total = 0;
};

// A page of article answers as kept per language (catalog_views.hpp): each
// entry is one serialised Article, spliced into the answer as it is.
struct ViewPage {
  std::vector<std::string> entries;
  std::int64_t total = 0;
};

}  // namespace portal::catalog
