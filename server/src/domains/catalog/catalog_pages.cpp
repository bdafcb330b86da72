#include "domains/catalog/catalog_pages.hpp"

#include <boost/json.hpp>
#include <boost/url/params_view.hpp>
#include <boost/url/parse_query.hpp>
#include <algorithm>

#include "core/text.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/catalog/catalog_views.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/params.hpp"
#include "http/path_segments.hpp"

namespace portal::catalog {
namespace json = boost::json;
using http::PageHead;

namespace {

constexpr std::string_view kDetailRoutes[] = {
    "/music/tracks/",        "/music/albums/:artist/", "/music/artists/",      "/music/playlists/",
    "/music/video/details/", "/games/details/",        "/arcade/details/",     "/video/details/",
    "/video/series/details/", "/video/:ex/details/",   "/podcast/details/",    "/podcast/episode/",
    "/audiobook/details/",   "/audiobook/artists/",    "/vouchers/details/",   "/tournaments/details/",
    "/news/:category/:subcategory/:articlename/",      "/articles/premium/:category/:subcategory/",
    "/articles/:category/:subcategory/",               "/articles/:category?/",
};

// List routes whose last segment is an article when it is an id (/articles/{id}, /articles/{category}/{id}):
// the client's catalog-list.tsx ITEM_PARAM renders the details page for them.
constexpr std::string_view kItemOrListRoutes[] = {
    "/articles/:category", "/articles/:category/:subcategory", "/articles/premium/:category/:subcategory",
    "/news/:category/:subcategory",
};

bool item_of_list_route(std::string_view route, std::string_view path) {
  if (std::find(std::begin(kItemOrListRoutes), std::end(kItemOrListRoutes), route) == std::end(kItemOrListRoutes))
    return false;
  const auto slash = path.rfind('/');
  return http::parse_id(slash == std::string_view::npos ? path : path.substr(slash + 1)).has_value();
}

struct SchemaType {
  std::string_view content_type, schema, og;
};
constexpr SchemaType kSchemaTypes[] = {
    {"full_track_music", "MusicRecording", "music.song"}, {"album", "MusicAlbum", "music.album"},
    {"artist", "MusicGroup", "profile"},                   {"playlist", "MusicPlaylist", "music.playlist"},
    {"music_video", "MusicVideoObject", "video.other"},    {"full_length_video", "Movie", "video.movie"},
    {"video", "VideoObject", "video.other"},               {"videocollection", "TVSeries", "video.tv_show"},
    {"game", "VideoGame", "website"},                      {"online_game", "VideoGame", "website"},
    {"publisher", "Organization", "website"},              {"podcastcollection", "PodcastSeries", "website"},
    {"podcast", "PodcastEpisode", "website"},              {"audiobook", "Audiobook", "book"},
    {"audio_book_chapter", "Chapter", "book"},             {"news", "NewsArticle", "article"},
    {"article", "Article", "article"},                     {"premium_article", "Article", "article"},
};

// Where a list page's filter comes from: a path parameter, a query
// parameter, or both (query first).
struct ListRoute {
  std::string_view route, section, content_type, category_param, category_query;
  std::string_view fallback_param = {};  // the category when category_param only repeats the section ("all")
};
constexpr ListRoute kListRoutes[] = {
    {"/music/list", "music", "", "", "category"},
    {"/music/tracks", "", "full_track_music", "", "category"},
    {"/music/tracks/category", "", "full_track_music", "", ""},
    {"/music/albums", "", "album", "", "category"},
    {"/music/albums/category/:name", "", "album", "name", ""},
    {"/music/genre/:name", "music", "", "name", ""},
    {"/music/playlists", "", "playlist", "", ""},
    {"/video/list/:name", "video", "", "name", ""},
    {"/video/category/:name/:id", "video", "", "id", ""},
    {"/video/category/:id", "video", "", "id", ""},
    {"/video/test", "video", "", "", ""},
    {"/games/list", "games", "", "", ""},
    {"/games/list/:name", "games", "", "name", ""},
    {"/games/list/:name/:id", "games", "", "id", ""},
    {"/games/category/:name", "games", "", "name", "genre"},
    {"/games/category/:name/:id", "games", "", "id", "genre"},
    {"/podcast/list", "", "podcastcollection", "", "category"},
    {"/audiobook/list", "", "audiobook", "", ""},
    {"/audiobook/category", "", "audiobook", "", ""},
    {"/audiobook/genre/:name", "audiobook", "", "name", ""},
    {"/news/:category", "", "news", "category", ""},
    {"/news/:category/:subcategory", "", "news", "subcategory", "", "category"},
    {"/articles/premium", "", "premium_article", "", ""},
    {"/articles/premium/:category", "", "premium_article", "category", ""},
    {"/articles/premium/:category/:subcategory", "", "premium_article", "subcategory", "", "category"},
    {"/articles/:category", "", "article", "category", ""},
    {"/articles/:category/:subcategory", "", "article", "subcategory", "", "category"},
    {"/apps/viewAll", "apps", "", "", ""},
    {"/apps/manage", "", "app", "", ""},
    {"/partners/info-services", "", "info_service", "", ""},
    {"/vouchers/category/:id", "vouchers", "", "id", ""},
};

// Words that only repeat the section ("/news/news", "/video/list/all"): no category.
bool section_word(std::string_view v) {
  for (std::string_view w : {"all", "list", "music", "video", "games", "news", "articles", "premium", "vouchers", "apps",
                             "podcast", "audiobook"})
    if (core::iequals(v, w)) return true;
  return false;
}

}  // namespace

std::optional<PageList> page_list(std::string_view route, std::string_view path, std::string_view query) {
  if (item_of_list_route(route, path)) return std::nullopt;
  for (const auto& r : kListRoutes) {
    if (r.route != route) continue;
    PageList list{std::string(r.section), std::string(r.content_type), {}, {}};
    std::string category;
    if (!r.category_query.empty()) {
      auto parsed = boost::urls::parse_query(query);
      if (parsed)
        for (auto param : boost::urls::params_view(*parsed))
          if (param.key == r.category_query && param.has_value) category = param.value;
    }
    auto segment = [&](std::string_view param) {
      const auto names = http::path_segments(route);
      const auto values = http::path_segments(path);
      for (std::size_t i = 0; i < names.size() && i < values.size(); ++i)
        if (names[i] == ":" + std::string(param)) return std::string(values[i]);
      return std::string();
    };
    if (category.empty() && !r.category_param.empty()) category = segment(r.category_param);
    // "/news/news-culture/all": all of the category (catalog-list.tsx reads subcategory ?? category).
    if (!r.fallback_param.empty() && (category.empty() || section_word(category))) category = segment(r.fallback_param);
    // Named lists (/video/list/featured, /games/list/new) are orders, not categories: the client's
    // catalog-list.tsx namedList() reads them the same way.
    if (r.category_param == "name" && (r.section == "video" || r.section == "games")) {
      const std::string lower = core::lower(category);
      for (std::string_view w : {"featured", "popular", "top", "trending"})
        if (lower == w) list.sort = "popular";
      for (std::string_view w : {"new", "latest", "recent"})
        if (lower == w) list.sort = "new";
      if (!list.sort.empty()) category.clear();
    }
    if (auto parsed = boost::urls::parse_query(query))
      for (auto param : boost::urls::params_view(*parsed))
        if (param.key == "sort" && param.has_value && known_list_sort(param.value))
          list.sort = param.value;
    if (!section_word(category)) list.category = std::move(category);
    return list;
  }
  return std::nullopt;
}

std::optional<std::int64_t> detail_article_id(std::string_view route, std::string_view path) {
  bool detail = item_of_list_route(route, path);
  for (auto prefix : kDetailRoutes) detail = detail || route.starts_with(prefix);
  if (!detail) return std::nullopt;
  const auto slash = path.rfind('/');
  return http::parse_id(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

PageHead article_head(const json::object& article, std::string_view url) {
  auto text = [&](std::string_view key) -> std::string {
    auto* v = article.if_contains(key);
    return v && v->is_string() ? std::string(v->as_string()) : std::string();
  };
  PageHead head;
  head.title = text("title");
  head.description = text("description");
  head.image = text("imageUrl");
  std::string_view schema = "CreativeWork";
  const auto type = text("contentType");
  for (const auto& t : kSchemaTypes)
    if (t.content_type == type) {
      schema = t.schema;
      head.og_type = std::string(t.og);
    }
  json::object ld{{"@context", "https://schema.org"}, {"@type", schema}, {"name", head.title}, {"url", url}};
  if (!head.description.empty()) ld["description"] = head.description;
  if (!head.image.empty()) ld["image"] = head.image;
  if (auto date = text("releaseDate"); !date.empty()) ld["datePublished"] = date;
  if (auto* d = article.if_contains("durationSeconds"); d && d->is_int64())
    ld["duration"] = "PT" + std::to_string(d->as_int64()) + "S";
  if (auto* artists = article.if_contains("artists"); artists && artists->is_array() && !artists->as_array().empty()) {
    json::array by;
    for (const auto& a : artists->as_array())
      if (auto* o = a.if_object(); o && o->if_contains("title"))
        by.push_back(json::object{{"@type", "MusicGroup"}, {"name", o->at("title")}});
    if (schema == "MusicRecording" || schema == "MusicAlbum" || schema == "MusicVideoObject") ld["byArtist"] = by;
    else ld["author"] = by;
  }
  if (auto dev = text("developerName"); !dev.empty() && schema == "VideoGame")
    ld["publisher"] = json::object{{"@type", "Organization"}, {"name", dev}};
  if (auto* g = article.if_contains("gradingLabel"); g && g->is_string()) ld["contentRating"] = *g;
  head.json_ld = std::move(ld);
  return head;
}

std::optional<std::string> page_search(std::string_view route, std::string_view query) {
  if (route != "/search" && route != "/search-q") return std::nullopt;
  if (!boost::urls::parse_query(query)) return std::nullopt;
  boost::urls::encoding_opts plus_is_space;  // as the client's URLSearchParams reads "golden+hour"
  plus_is_space.space_as_plus = true;
  for (auto param : boost::urls::params_view(query, plus_is_space)) {
    if (param.key != "q" || !param.has_value) continue;
    std::string_view words = param.value;
    const auto first = words.find_first_not_of(" \t\r\n\f\v");
    if (first == std::string_view::npos) return std::nullopt;
    words = words.substr(first, words.find_last_not_of(" \t\r\n\f\v") - first + 1);
    if (words.size() > 200) return std::nullopt;  // the API's limit: the client shows its error
    return std::string(words);
  }
  return std::nullopt;
}

PageCatalog page_catalog(CatalogService& catalog, const tenants::Tenant& tenant, std::string_view route,
                         std::string_view path, std::string_view query, const std::string& lang) {
  PageCatalog page;
  const auto id = detail_article_id(route, path);
  auto list = page_list(route, path, query);
  auto words = page_search(route, query);
  if (!id && !list && !words) return page;
  auto rating = parse_rating([](std::string_view) { return std::optional<std::string>{}; },
                             parental_control::max_rating_for(tenant, std::nullopt));
  if (!rating) return page;
  // Detail pages: the article (with its related items) and the head drawn from it.
  if (id) {
    auto details = catalog.details(tenant.id, *id, lang, *rating);
    if (!details && details.error().code == ErrorCode::article_not_found) page.not_found = true;
    std::optional<json::object> article;
    if (details) article = std::move(json::parse(details_text(*details)).as_object());
    if (article) {
      std::string href;
      if (auto* h = article->if_contains("href"); h && h->is_string()) href = std::string(h->as_string());
      page.head = article_head(*article, http::localized_path(lang == "en" ? "" : lang, href));
      if (href.starts_with('/') && !href.starts_with("//")) page.head->canonical = href;
      page.data["article"] = std::move(*article);
    }
  }
  // List pages: the first page of their list (kPageListSize items, as the client asks).
  if (list) {
    ListQuery q;
    q.section = list->section;
    q.content_type = list->content_type;
    q.category = list->category;
    q.sort = list->sort;
    q.limit = kPageListSize;
    q.lang = lang;
    q.rating = *rating;
    auto answer = catalog.list(tenant.id, q);
    // The query this page answers, so the client uses it only for the same list.
    const json::object query_of_list{{"section", list->section},
                                     {"contentType", list->content_type},
                                     {"category", list->category},
                                     {"sort", list->sort}};
    page.raw_data.emplace_back("list", page_text(answer.entries, answer.total, q.offset, q.limit,
                                                 "\"query\":" + json::serialize(query_of_list)));
  }
  // Search pages: the client's first call (every section, offset 0, its limit), with the words it answers. While this
  // instance still builds the tenant's index at its start the shell goes without it: the client's own call waits for
  // the index off the pool (catalog_routes.cpp), where this would hold a pool thread.
  if (words && !catalog.search_warming(tenant.id)) {
    ListQuery q;
    q.limit = kPageSearchSize;
    q.lang = lang;
    q.rating = *rating;
    auto answer = catalog.search(tenant.id, *words, q);
    page.raw_data.emplace_back("search", page_text(answer.entries, answer.total, q.offset, q.limit,
                                                   "\"q\":" + json::serialize(json::string(*words))));
  }
  return page;
}

}  // namespace portal::catalog
