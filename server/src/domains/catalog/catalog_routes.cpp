#include "domains/catalog/catalog_routes.hpp"

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <charconv>
#include <chrono>

#include "db/blocking.hpp"
#include "domains/catalog/catalog_answers.hpp"
#include "domains/catalog/catalog_dto.hpp"
#include "domains/catalog/catalog_views.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/parental_control/request_limit.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/compression.hpp"
#include "http/etag.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/params.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::catalog {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

// How long a search waits for its tenant's index while the instance's start builds it, and how often it looks.
constexpr std::chrono::milliseconds kSearchWarmWait{10'000};
constexpr std::chrono::milliseconds kSearchWarmStep{50};


using Awaitable = asio::awaitable<http::Response>;

QueryLookup lookup(const http::RequestContext& ctx) {
  return [&ctx](std::string_view key) { return ctx.query(key); };
}

using http::schema_of;

// The query every list-like call reads: lang, rating window, paging, filters.
ListQuery list_query(const http::RequestContext& ctx) {
  const auto& t = ctx.require_tenant();
  ListQuery q;
  auto get = lookup(ctx);
  q.lang = parse_lang(get, t.default_locale);
  if (!tenants::offers_language(t, q.lang)) q.lang = t.default_locale;  // a language the tenant does not offer
  q.rating = value_or_throw(parse_rating(get, parental_control::max_rating_for(ctx)));
  auto [offset, limit] = value_or_throw(parse_paging(get));
  q.offset = offset;
  q.limit = limit;
  q.section = ctx.query("section").value_or("");
  q.content_type = ctx.query("contentType").value_or("");
  q.category = ctx.query("category").value_or("");
  q.sort = ctx.query("sort").value_or("");
  q.developer = ctx.query("developer").value_or("");
  if (q.developer.size() > 128)
    throw http::ErrorException(http::Error::invalid_field("developer", "must be at most 128 characters"));
  if (!q.sort.empty() && !known_list_sort(q.sort))
    throw http::ErrorException(http::Error::invalid_field("sort", std::string(kListSortsText)));
  return q;
}

// An id from a path or query value; anything else is a 404 (no such thing).
std::int64_t article_id(std::string_view text) { return http::id_or_404(text, "ARTICLE_NOT_FOUND", "Article"); }

// Catalog answers change only with an import: clients and private caches may
// keep them as long as a structure (commerce §9, 120 s) and revalidate by
// ETag; omitCache=true (commerce §7 structure query) asks for no caching.
// A signed-in caller's answers depend on their parental limit, which may
// change at any moment: the browser revalidates them each time (ETag).
constexpr std::string_view kCatalogCacheControl = "private, max-age=120";
constexpr std::string_view kSignedInCacheControl = "private, no-cache";

std::string_view policy_of(const http::RequestContext& ctx, std::string_view policy) {
  if (ctx.query("omitCache").value_or("") == "true") return "no-store";
  return ctx.user ? kSignedInCacheControl : policy;
}

http::Response signed_in_vary(const http::RequestContext& ctx, http::Response res) {
  if (ctx.user) http::add_vary(res, "Authorization");
  return res;
}

http::Response cached(const http::RequestContext& ctx, const json::value& data,
                      std::string_view policy = kCatalogCacheControl) {
  return signed_in_vary(ctx, http::conditional_data_response(ctx, data, policy_of(ctx, policy)));
}

// A page of kept answers, spliced as they are (never parsed again) into the
// answer's body. Called inside the offload: the pieces are freed by the pool
// thread that read them, and only the body crosses to the I/O thread.
std::string page_answer(const ViewPage& page, const ListQuery& q) {
  return page_body(page.entries, page.total, q.offset, q.limit);
}

http::Response cached_page(const http::RequestContext& ctx, std::string body) {
  return signed_in_vary(ctx, http::conditional_body_response(ctx, std::move(body), policy_of(ctx, kCatalogCacheControl)));
}

// The query parameters of the docs (list_query above reads them).
std::vector<http::ApiQuery> rating_query() {
  return {{"minRating", "Lowest age rating shown: a whole number 0-1000"},
          {"maxRating", "Highest age rating shown: a whole number 0-1000; the caller's rating limit (parental "
                        "control, else the tenant's) by default, and a higher one is lowered to it"},
          {"omitCache", "true: answer with Cache-Control no-store"}};
}
std::vector<http::ApiQuery> with_lang(std::vector<http::ApiQuery> q) {
  q.push_back({"lang", "Language of the texts: en, ar, fr, de, es or ro (else the tenant's default)"});
  return q;
}
std::vector<http::ApiQuery> list_query_doc() {
  auto q = with_lang(rating_query());
  q.insert(q.end(), {{"offset", "Entries to skip: a whole number >= 0"},
                     {"limit", "Entries to answer: a whole number from 1"},
                     {"section", "Only this section (music, video, games, ...)"},
                     {"contentType", "Only this content type"},
                     {"category", "Only this category id"},
                     {"sort", "new, popular, title, rated (customers' ratings) or price (cheapest first)"},
                     {"developer", "Only games of this developer (at most 128 characters)"}});
  return q;
}
std::vector<http::ApiQuery> with_search(std::vector<http::ApiQuery> q) {
  q.push_back({"q", "The words to search for (at most 200 characters)"});
  return q;
}
std::vector<http::ApiQuery> with_id(std::vector<http::ApiQuery> q) {
  q.push_back({"id", "The article id", "string", true});
  return q;
}

// An id as a number, or as the digits a structure node's id is written in.
std::int64_t id_in(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  if (v && v->is_int64()) return v->as_int64();
  if (v && v->is_string()) {
    std::int64_t n = 0;
    const auto text = v->as_string();
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec == std::errc() && end == text.data() + text.size()) return n;
  }
  return 0;
}

// A text member of an article answer (a kept piece, parsed), or null.
std::optional<std::string> text_or_null(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  if (v && v->is_string()) return std::string(v->as_string());
  return std::nullopt;
}
std::string text_of(const json::object& o, std::string_view key) { return text_or_null(o, key).value_or(""); }

// A related article's card node.
CardNodeDto card_of(const std::string& piece) {
  const auto value = json::parse(piece);
  const auto& a = value.as_object();
  const auto id = a.at("id").as_int64();
  return {std::to_string(id), "article-" + std::to_string(id),
          {text_of(a, "title"), text_of(a, "gradingLabel"), text_or_null(a, "imageUrl"), text_of(a, "href"),
           {"card", id, text_of(a, "contentType")}},
          {}};
}

// fragments_get-article-details: the details answer as a node, its related articles as cards.
DetailsFragmentDto details_fragment_of(std::int64_t id, const ArticleDetails& d) {
  auto article = json::parse(details_text(d));
  const auto& a = article.as_object();
  DetailsFragmentDto out;
  out.id = std::to_string(id);
  out.data.title = text_of(a, "title");
  out.data.subTitle = text_of(a, "gradingLabel");
  out.data.imageUrl = text_or_null(a, "imageUrl");
  out.data.clickUrl = text_of(a, "href");
  out.data.customProperties.article = {std::move(article)};
  for (const auto& r : d.related) out.substructure.push_back(card_of(r));
  return out;
}

}  // namespace

void mark_wallet_items(json::value& article, const std::unordered_set<std::int64_t>& owned) {
  auto* o = article.if_object();
  if (!o) return;
  if (o->contains("id")) {
    std::int64_t collection = 0;
    if (const auto* info = o->if_contains("collectionInfo"); info && info->is_object())
      collection = id_in(info->as_object(), "articleId");
    const bool mine = owned.contains(id_in(*o, "id")) || (collection != 0 && owned.contains(collection));
    (*o)["isWalletItem"] = mine;
    // A details fragment is a node whose card (`data`) is the article's.
    if (auto* card = o->if_contains("data"); card && card->is_object() && !card->as_object().contains("id"))
      card->as_object()["isWalletItem"] = mine;
  }
  for (std::string_view key : {"tracks", "chapters", "episodes", "topTracks", "entries"})
    if (auto* list = o->if_contains(key); list && list->is_array())
      for (auto& child : list->as_array()) {
        // A listed child of an owned collection is owned too.
        if (auto* c = child.if_object(); c && o->contains("id") && owned.contains(id_in(*o, "id")) &&
                                          key != "topTracks" && key != "entries") {
          (*c)["isWalletItem"] = true;
          continue;
        }
        mark_wallet_items(child, owned);
      }
}

std::vector<http::Route> catalog_routes(CatalogService& service, asio::thread_pool& db_pool, OwnedLookup owned) {
  // A signed-in caller's answer with isWalletItem (on the pool: reads the wallet).
  auto with_wallet = [owned](const http::RequestContext& ctx, json::value answer) {
    if (owned && ctx.user) mark_wallet_items(answer, owned(ctx.require_tenant().id, ctx.user->uuid));
    return answer;
  };
  auto articles = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    auto body = co_await db::offload(db_pool, [&] { return page_answer(service.list(tenant_id, q), q); });
    co_return cached_page(ctx, std::move(body));
  };
  // The handlers outlive this function: what they share of it is copied in.
  auto article = [&, owned, with_wallet](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const auto id = article_id(ctx.param("id"));
    // The kept pieces spliced (catalog_views.hpp details_text); a signed-in
    // caller's answer with isWalletItem.
    auto text = co_await db::offload(db_pool, [&] {
      auto text = details_text(value_or_throw(service.details(tenant_id, id, q.lang, q.rating)));
      if (!owned || !ctx.user) return text;
      return json::serialize(with_wallet(ctx, json::parse(text)));
    });
    co_return signed_in_vary(ctx, http::conditional_data_response(ctx, std::string_view(text),
                                                                  policy_of(ctx, kCatalogCacheControl)));
  };
  auto details_fragment = [&, with_wallet](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const auto id = article_id(ctx.param("id"));
    auto answer = co_await db::offload(db_pool, [&] {
      const auto details = value_or_throw(service.details(tenant_id, id, q.lang, q.rating));
      return with_wallet(ctx, json::value_from(details_fragment_of(id, details)));
    });
    co_return cached(ctx, answer);
  };
  auto articles_fragment = [&, owned, with_wallet](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    std::string id(ctx.param("id"));
    auto body = co_await db::offload(db_pool, [&] {
      auto body = page_answer(value_or_throw(service.articles_fragment(tenant_id, id, q)), q);
      if (!owned || !ctx.user) return body;
      // A signed-in caller's page: its entries with isWalletItem.
      auto page = json::parse(body);
      if (auto* data = page.as_object().if_contains("data")) *data = with_wallet(ctx, std::move(*data));
      return json::serialize(page);
    });
    co_return cached_page(ctx, std::move(body));
  };
  auto categories = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    auto result = co_await db::offload(db_pool, [&] { return service.categories(tenant_id, q.section, q.lang, q.rating); });
    std::vector<CategoryDto> out;
    out.reserve(result.size());
    for (auto& c : result) out.push_back(category_dto(std::move(c)));
    co_return cached(ctx, json::value_from(out));
  };
  auto search = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const std::string text = ctx.query("q").value_or("");
    if (text.size() > 200) throw http::ErrorException(http::Error::invalid_field("q", "must be at most 200 characters"));
    // An instance still building the tenant's index at its start waits here, on no thread of the pool, for up to
    // kSearchWarmWait; past it the call is a 503 with Retry-After (decisions.md "A cold instance builds its search
    // indexes before it is ready").
    for (auto waited = std::chrono::milliseconds(0); service.search_warming(tenant_id); waited += kSearchWarmStep) {
      if (waited >= kSearchWarmWait)
        throw http::ErrorException(http::Error{503, "SEARCH_WARMING",
                                               "The search is being prepared on this server; try again shortly",
                                               boost::json::object{{"retryAfter", 5}}});
      boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor, kSearchWarmStep);
      co_await timer.async_wait(boost::asio::use_awaitable);
    }
    auto body = co_await db::offload(db_pool, [&] { return page_answer(service.search(tenant_id, text, q), q); });
    co_return cached_page(ctx, std::move(body));
  };
  auto artwork = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string category = ctx.query("categoryId").value_or("");
    if (category.empty()) throw http::ErrorException(http::Error::invalid_field("categoryId", "is required"));
    auto result = co_await db::offload(db_pool, [&] { return service.category_artwork(tenant_id, category); });
    co_return cached(ctx, json::value_from(artworks_dto(value_or_throw(std::move(result)))));
  };
  auto count_read = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const auto id = article_id(ctx.query("id").value_or(""));
    auto result = co_await db::offload(db_pool, [&] { return service.count_read(tenant_id, id, q.rating); });
    const auto read = value_or_throw(std::move(result));
    co_return http::data_response(ctx, json::value_from(CountReadDto{read.id, read.count}));
  };
  // Reads that may be a moment old: a streaming replica may answer them (docs/operations.md "Read replicas").
  return http::replica_reads(http::with_docs({
      {http::Verb::get, "/backend/structure/fragments_get-article-details/fragment/{id}", details_fragment},
      {http::Verb::get, "/backend/structure/fragments_get-articles/fragment/{id}", articles_fragment},
      {http::Verb::get, "/backend/catalog/articles", articles},
      {http::Verb::get, "/backend/catalog/articles/{id}", article},
      {http::Verb::get, "/backend/catalog/categories", categories},
      {http::Verb::get, "/backend/search", search},
      {http::Verb::get, "/backend/content/category/artwork", artwork},
      {http::Verb::get, "/backend/concon/countread", count_read},
  }, {
      {"GET /backend/structure/fragments_get-article-details/fragment/{id}",
       {"An article's details as a structure fragment (its related articles as cards)", "catalog", {},
        schema_of<DetailsFragmentDto>, {"404 ARTICLE_NOT_FOUND"}, with_lang(rating_query())}},
      {"GET /backend/structure/fragments_get-articles/fragment/{id}",
       {"A page of articles: the related articles of an article id, or the articles of a category id", "catalog",
        {}, schema_of<ArticlePageDto>, {"404 ARTICLE_NOT_FOUND", "404 CATEGORY_NOT_FOUND"}, list_query_doc()}},
      {"GET /backend/catalog/articles", {"Articles, filtered and paged", "catalog", {}, schema_of<ArticlePageDto>, {},
                                         list_query_doc()}},
      {"GET /backend/catalog/articles/{id}", {"One article with its related articles", "catalog", {},
                                              schema_of<ArticleDetailsDto>, {"404 ARTICLE_NOT_FOUND"},
                                              with_lang(rating_query())}},
      {"GET /backend/catalog/categories", {"The categories (of a section), with the count of articles the caller may see",
                                           "catalog", {}, schema_of<std::vector<CategoryDto>>, {},
                                           {{"section", "Only this section (music, video, games, ...)"},
                                            {"lang", "Language of the titles (else the tenant's default)"},
                                            {"minRating", "A whole number 0-1000"},
                                            {"maxRating", "A whole number 0-1000"}}}},
      {"GET /backend/search", {"Search articles by words (prefix and close matches), paged", "catalog", {},
                               schema_of<ArticlePageDto>, {}, with_search(list_query_doc())}},
      {"GET /backend/content/category/artwork", {"Artwork of a category", "catalog", {}, schema_of<CategoryArtworksDto>,
                                                 {"404 CATEGORY_NOT_FOUND"},
                                                 {{"categoryId", "The category", "string", true}}}},
      {"GET /backend/concon/countread", {"How often an article was read", "catalog", {}, schema_of<CountReadDto>,
                                         {"404 ARTICLE_NOT_FOUND"},
                                         with_id(rating_query())}},
  }));
}

}  // namespace portal::catalog
