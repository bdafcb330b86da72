#include "domains/catalog/catalog_routes.hpp"

#include <charconv>

#include "db/blocking.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/compression.hpp"
#include "http/etag.hpp"
#include "http/json.hpp"

namespace portal::catalog {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

QueryLookup lookup(const http::RequestContext& ctx) {
  return [&ctx](std::string_view key) { return ctx.query(key); };
}

template <class T>
T or_throw(core::Result<T> r) {
  if (!r) throw core::ErrorException(r.error());
  return std::move(*r);
}

// The query every list-like call reads: lang, rating window, paging, filters.
ListQuery list_query(const http::RequestContext& ctx) {
  const auto& t = ctx.require_tenant();
  ListQuery q;
  auto get = lookup(ctx);
  q.lang = parse_lang(get, t.default_locale);
  q.rating = or_throw(parse_rating(get, t.features));
  auto [offset, limit] = or_throw(parse_paging(get));
  q.offset = offset;
  q.limit = limit;
  q.section = ctx.query("section").value_or("");
  q.content_type = ctx.query("contentType").value_or("");
  q.category = ctx.query("category").value_or("");
  q.sort = ctx.query("sort").value_or("");
  q.developer = ctx.query("developer").value_or("");
  if (q.developer.size() > 128)
    throw core::ErrorException(core::Error::invalid_field("developer", "must be at most 128 characters"));
  if (!q.sort.empty() && q.sort != "new" && q.sort != "popular" && q.sort != "title")
    throw core::ErrorException(core::Error::invalid_field("sort", "must be new, popular or title"));
  return q;
}

// An id from a path or query value; anything else is a 404 with code (no such thing).
std::int64_t id_or_404(std::string_view text, const char* code, const char* what) {
  std::int64_t id = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || id <= 0)
    throw core::ErrorException(
        core::Error::not_found(code, std::string(what) + " '" + std::string(text.substr(0, 64)) + "' not found"));
  return id;
}
std::int64_t article_id(std::string_view text) { return id_or_404(text, "ARTICLE_NOT_FOUND", "Article"); }
std::int64_t challenge_id(std::string_view text) { return id_or_404(text, "CHALLENGE_NOT_FOUND", "Challenge"); }

// Catalog answers change only with an import: clients and private caches may
// keep them as long as a structure (commerce §9, 120 s) and revalidate by
// ETag; omitCache=true (commerce §7 structure query) asks for no caching.
constexpr std::string_view kCatalogCacheControl = "private, max-age=120";

http::Response cached(const http::RequestContext& ctx, const json::value& data,
                      std::string_view policy = kCatalogCacheControl) {
  if (ctx.query("omitCache").value_or("") == "true") policy = "no-store";
  return http::conditional_data_response(ctx, data, policy);
}

}  // namespace

std::vector<http::Route> catalog_routes(CatalogService& service, asio::thread_pool& db_pool) {
  auto articles = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    auto page = co_await db::offload(db_pool, [&] { return service.list(tenant_id, q); });
    co_return cached(ctx, page);
  };
  auto article = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const auto id = article_id(ctx.param("id"));
    auto result = co_await db::offload(db_pool, [&] { return service.details(tenant_id, id, q.lang, q.rating); });
    co_return cached(ctx, result.value());
  };
  auto details_fragment = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const auto id = article_id(ctx.param("id"));
    auto result = co_await db::offload(db_pool, [&] { return service.details_fragment(tenant_id, id, q.lang, q.rating); });
    co_return cached(ctx, result.value());
  };
  auto articles_fragment = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    std::string id(ctx.param("id"));
    auto result = co_await db::offload(db_pool, [&] { return service.articles_fragment(tenant_id, id, q); });
    co_return cached(ctx, result.value());
  };
  auto categories = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    auto result = co_await db::offload(db_pool, [&] { return service.categories(tenant_id, q.section, q.lang, q.rating); });
    co_return cached(ctx, result);
  };
  auto search = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const std::string text = ctx.query("q").value_or("");
    if (text.size() > 200) throw core::ErrorException(core::Error::invalid_field("q", "must be at most 200 characters"));
    auto result = co_await db::offload(db_pool, [&] { return service.search(tenant_id, text, q); });
    co_return cached(ctx, result);
  };
  auto artwork = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string category = ctx.query("categoryId").value_or("");
    if (category.empty()) throw core::ErrorException(core::Error::invalid_field("categoryId", "is required"));
    auto result = co_await db::offload(db_pool, [&] { return service.category_artwork(tenant_id, category); });
    co_return cached(ctx, result.value());
  };
  auto count_read = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const auto id = article_id(ctx.query("id").value_or(""));
    auto result = co_await db::offload(db_pool, [&] { return service.count_read(tenant_id, id, q.rating); });
    co_return http::data_response(ctx, result.value());
  };
  auto media = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const auto id = article_id(ctx.param("articleId"));
    const std::string kind = ctx.query("kind").value_or("preview");
    const bool signed_in = ctx.user.has_value();
    auto result = co_await db::offload(db_pool, [&] { return service.media(tenant_id, id, kind, signed_in, q.rating); });
    auto res = http::data_response(ctx, result.value());
    res.set(boost::beast::http::field::cache_control, "no-store");
    co_return res;
  };
  auto challenge_fragment = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const auto id = challenge_id(ctx.param("id"));
    std::optional<std::string> user;
    if (ctx.user) user = ctx.user->uuid;
    auto result = co_await db::offload(
        db_pool, [&] { return service.challenge_fragment(tenant_id, id, q.lang, q.rating, user); });
    // optedIn is the caller's: revalidate every time (the ETag makes it cheap).
    auto res = cached(ctx, result.value(), "private, no-cache");
    http::add_vary(res, "Authorization");
    co_return res;
  };
  auto opt_in = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const auto id = challenge_id(ctx.param("id"));
    if (!ctx.user) throw core::ErrorException(core::Error::unauthorized("Sign in to join a challenge"));
    const std::string user = ctx.user->uuid;
    auto result = co_await db::offload(db_pool, [&] { return service.opt_in_challenge(tenant_id, id, q.rating, user); });
    co_return http::data_response(ctx, result.value());
  };
  return {
      {http::Verb::get, "/backend/structure/fragments_get-challenge-by-id/fragment/{id}", challenge_fragment},
      {http::Verb::patch, "/backend/kafka/optInChallenge/{id}", opt_in},
      {http::Verb::get, "/backend/structure/fragments_get-article-details/fragment/{id}", details_fragment},
      {http::Verb::get, "/backend/structure/fragments_get-articles/fragment/{id}", articles_fragment},
      {http::Verb::get, "/backend/catalog/articles", articles},
      {http::Verb::get, "/backend/catalog/articles/{id}", article},
      {http::Verb::get, "/backend/catalog/categories", categories},
      {http::Verb::get, "/backend/search", search},
      {http::Verb::get, "/backend/content/category/artwork", artwork},
      {http::Verb::get, "/backend/concon/countread", count_read},
      {http::Verb::get, "/backend/media/{articleId}", media},
  };
}

}  // namespace portal::catalog
