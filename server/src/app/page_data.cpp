#include "app/page_data.hpp"

#include <boost/url/parse_query.hpp>
#include <boost/url/params_view.hpp>
#include <algorithm>
#include <cctype>
#include <charconv>

#include "db/blocking.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "http/html_shell.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/structure/structure_service.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::app {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

// A structure as the page payload wants it (the ConfigNode), or null.
asio::awaitable<json::value> structure_node(structure::StructureService& structures, asio::thread_pool& db_pool,
                                            const tenants::Tenant& tenant, std::string name, std::string lang) {
  // The same defaults as GET /backend/structure (tenant language and maxRating),
  // so the page payload and the backend call share cache entries.
  auto parsed = structure::parse_structure_query([](std::string_view) { return std::optional<std::string>{}; }, tenant);
  if (!parsed) co_return nullptr;
  structure::StructureQuery query = *parsed;
  query.lang = lang;
  if (auto hit = structures.cached(tenant, name, "", query)) co_return hit->entry->node;
  auto answer = co_await db::offload(db_pool, [&] { return structures.get(tenant, name, "", query); });
  if (!answer) co_return nullptr;
  co_return answer->entry->node;
}

constexpr std::int64_t kPageListSize = 24;  // the client's ARTICLES_PAGE_SIZE

constexpr std::string_view kDetailRoutes[] = {
    "/music/tracks/",        "/music/albums/:artist/", "/music/artists/",      "/music/playlists/",
    "/music/video/details/", "/games/details/",        "/arcade/details/",     "/video/details/",
    "/video/series/details/", "/video/:ex/details/",   "/podcast/details/",    "/podcast/episode/",
    "/audiobook/details/",   "/audiobook/artists/",    "/vouchers/details/",   "/tournaments/details/",
};

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
    {"/news/:category/:subcategory", "", "news", "subcategory", ""},
    {"/articles/premium", "", "premium_article", "", ""},
    {"/articles/premium/:category", "", "premium_article", "category", ""},
    {"/articles/:category", "", "article", "category", ""},
    {"/apps/viewAll", "apps", "", "", ""},
    {"/apps/manage", "", "app", "", ""},
    {"/partners/info-services", "", "info_service", "", ""},
    {"/vouchers/category/:id", "vouchers", "", "id", ""},
};

// Words that only repeat the section ("/news/news", "/video/list/all"): no category.
bool section_word(std::string_view v) {
  for (std::string_view w : {"all", "list", "music", "video", "games", "news", "articles", "premium", "vouchers", "apps",
                             "podcast", "audiobook"})
    if (v.size() == w.size() && std::equal(v.begin(), v.end(), w.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) == b;
        }))
      return true;
  return false;
}

std::vector<std::string_view> split_path(std::string_view path) {
  std::vector<std::string_view> out;
  while (!path.empty()) {
    if (path.front() == '/') {
      path.remove_prefix(1);
      continue;
    }
    auto slash = path.find('/');
    out.push_back(path.substr(0, slash));
    path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash);
  }
  return out;
}

// The document head of a content page: its structure's title and subtitle.
PageHead content_head(const json::value& node) {
  PageHead head;
  if (auto* o = node.if_object())
    if (auto* d = o->if_contains("data"); d && d->is_object()) {
      const auto& data = d->as_object();
      if (auto* t = data.if_contains("title"); t && t->is_string()) head.title = std::string(t->as_string());
      if (auto* s = data.if_contains("subTitle"); s && s->is_string()) head.description = std::string(s->as_string());
    }
  return head;
}

}  // namespace

std::optional<PageList> page_list(std::string_view route, std::string_view path, std::string_view query) {
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
    if (category.empty() && !r.category_param.empty()) {
      const auto names = split_path(route);
      const auto values = split_path(path);
      for (std::size_t i = 0; i < names.size() && i < values.size(); ++i)
        if (names[i] == ":" + std::string(r.category_param)) category = std::string(values[i]);
    }
    // Named lists (/video/list/featured, /games/list/new) are orders, not categories: the client's
    // catalog-list.tsx namedList() reads them the same way.
    if (r.category_param == "name" && (r.section == "video" || r.section == "games")) {
      std::string lower = category;
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
      for (std::string_view w : {"featured", "popular", "top", "trending"})
        if (lower == w) list.sort = "popular";
      for (std::string_view w : {"new", "latest", "recent"})
        if (lower == w) list.sort = "new";
      if (!list.sort.empty()) category.clear();
    }
    if (auto parsed = boost::urls::parse_query(query))
      for (auto param : boost::urls::params_view(*parsed))
        if (param.key == "sort" && param.has_value && (param.value == "new" || param.value == "popular" || param.value == "title"))
          list.sort = param.value;
    if (!section_word(category)) list.category = std::move(category);
    return list;
  }
  return std::nullopt;
}

std::optional<std::int64_t> detail_article_id(std::string_view route, std::string_view path) {
  bool detail = false;
  for (auto prefix : kDetailRoutes) detail = detail || route.starts_with(prefix);
  if (!detail) return std::nullopt;
  const auto slash = path.rfind('/');
  const auto last = slash == std::string_view::npos ? path : path.substr(slash + 1);
  std::int64_t id = 0;
  auto [end, ec] = std::from_chars(last.data(), last.data() + last.size(), id);
  if (last.empty() || ec != std::errc{} || end != last.data() + last.size() || id <= 0) return std::nullopt;
  return id;
}

std::optional<std::string> content_structure(std::string_view route, std::string_view path) {
  const auto segments = split_path(path);
  const std::string last = segments.empty() ? std::string() : std::string(segments.back());
  if (route == "/:name" || route == "/main/:name") return last;
  if (route == "/info/:name") return "info-" + last;
  if (route == "/marketing/:name") return "marketing-" + last;
  if (route == "/impressum") return std::string("impressum");
  if (route == "/launch") return std::string("launch");
  return std::nullopt;
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

PageDataSource make_page_data(structure::StructureService& structures, identity::IdentityService& identity,
                              catalog::CatalogService& catalog, asio::thread_pool& db_pool) {
  PageDataSource source;
  source.user = [&](std::shared_ptr<const tenants::Tenant> t, std::string token) {
    return identity::payload_user(identity, db_pool, std::move(t), std::move(token));
  };
  source.global_settings = [&](const tenants::Tenant& t, const std::string& lang) -> asio::awaitable<json::value> {
    json::value node = co_await structure_node(structures, db_pool, t, std::string(structure::kConfigurations), lang);
    if (auto* o = node.if_object())
      if (auto* data = o->if_contains("data"); data && data->is_object())
        if (auto* props = data->as_object().if_contains("customProperties")) co_return *props;
    co_return json::object{};
  };
  // Every page gets the header and footer structures, the home page its own
  // too, so the first paint needs no request: {"structures": {name: node}}.
  source.media_grant = [&catalog](std::string_view path, std::string_view exp,
                                  std::string_view sig) -> std::optional<MediaGrant> {
    auto scope = catalog.signer().verified_scope(path, exp, sig);
    if (!scope) return std::nullopt;
    return MediaGrant{std::move(*scope), catalog.signer().seconds_left(exp)};
  };
  source.public_game_directory = [&catalog, &db_pool](std::int64_t tenant_id,
                                                      std::string directory) -> asio::awaitable<bool> {
    co_return co_await db::offload(db_pool, [&catalog, tenant_id, directory] {
      return catalog.public_game_directory(tenant_id, directory);
    });
  };
  source.page_data = [&](const tenants::Tenant& t, const http::PageRoute& route, const std::string& path,
                         const std::string& query, const std::string& lang) -> asio::awaitable<PageData> {
    std::vector<std::string> names{"header", "footer"};
    if (route.path == "/") names.push_back("home");
    // A content page shows the structure of its name; without it there is no page.
    const auto content = content_structure(route.path, path);
    if (content) names.push_back(*content);
    json::object nodes;
    for (const auto& name : names) {
      json::value node = co_await structure_node(structures, db_pool, t, name, lang);
      if (!node.is_null()) nodes[name] = std::move(node);
    }
    PageData page;
    if (content) {
      if (auto* node = nodes.if_contains(*content)) {
        page.head = content_head(*node);
      } else {
        page.not_found = true;
      }
    }
    json::object data{{"structures", std::move(nodes)}};
    // Catalog detail pages: the article (with its related items) for the first
    // paint, and the document head drawn from it. The rating window is the
    // tenant's (the page has no maxRating parameter).
    if (auto id = detail_article_id(route.path, path)) {
      auto rating = catalog::parse_rating([](std::string_view) { return std::optional<std::string>{}; }, t.features);
      if (rating) {
        const auto tenant_id = t.id;
        auto article = co_await db::offload(db_pool, [&] { return catalog.details(tenant_id, *id, lang, *rating); });
        if (!article && article.error().status == 404) page.not_found = true;
        if (article) {
          std::string href;
          if (auto* h = article->if_contains("href"); h && h->is_string()) href = std::string(h->as_string());
          page.head = article_head(*article, http::localized_path(lang == "en" ? "" : lang, href));
          data["article"] = std::move(*article);
        }
      }
    }
    // Catalog list pages: the first page of their list (24 items, as the client asks).
    if (auto list = page_list(route.path, path, query)) {
      auto rating = catalog::parse_rating([](std::string_view) { return std::optional<std::string>{}; }, t.features);
      if (rating) {
        catalog::ListQuery q;
        q.section = list->section;
        q.content_type = list->content_type;
        q.category = list->category;
        q.sort = list->sort;
        q.limit = kPageListSize;
        q.lang = lang;
        q.rating = *rating;
        const auto tenant_id = t.id;
        auto answer = co_await db::offload(db_pool, [&] { return catalog.list(tenant_id, q); });
        // The query this page answers, so the client uses it only for the same list.
        answer["query"] = json::object{{"section", list->section},
                                       {"contentType", list->content_type},
                                       {"category", list->category},
                                       {"sort", list->sort}};
        data["list"] = std::move(answer);
      }
    }
    page.data = std::move(data);
    co_return page;
  };
  return source;
}

}  // namespace portal::app
