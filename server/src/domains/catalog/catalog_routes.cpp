#include "domains/catalog/catalog_routes.hpp"

#include <charconv>

#include "db/blocking.hpp"
#include "domains/tenants/tenants_types.hpp"
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
  if (!q.sort.empty() && q.sort != "new" && q.sort != "popular" && q.sort != "title")
    throw core::ErrorException(core::Error::invalid_field("sort", "must be new, popular or title"));
  return q;
}

// An article id from a path or query value; anything else is a 404 (no such article).
std::int64_t article_id(std::string_view text) {
  std::int64_t id = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || id <= 0)
    throw core::ErrorException(
        core::Error::not_found("ARTICLE_NOT_FOUND", "Article '" + std::string(text.substr(0, 64)) + "' not found"));
  return id;
}

}  // namespace

std::vector<http::Route> catalog_routes(CatalogService& service, asio::thread_pool& db_pool) {
  auto articles = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    auto page = co_await db::offload(db_pool, [&] { return service.list(tenant_id, q); });
    co_return http::data_response(ctx, page);
  };
  auto article = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const auto id = article_id(ctx.param("id"));
    auto result = co_await db::offload(db_pool, [&] { return service.details(tenant_id, id, q.lang, q.rating); });
    co_return http::data_response(ctx, result.value());
  };
  auto details_fragment = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const auto id = article_id(ctx.param("id"));
    auto result = co_await db::offload(db_pool, [&] { return service.details_fragment(tenant_id, id, q.lang, q.rating); });
    co_return http::data_response(ctx, result.value());
  };
  auto articles_fragment = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    std::string id(ctx.param("id"));
    auto result = co_await db::offload(db_pool, [&] { return service.articles_fragment(tenant_id, id, q); });
    co_return http::data_response(ctx, result.value());
  };
  auto categories = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    auto result = co_await db::offload(db_pool, [&] { return service.categories(tenant_id, q.section, q.lang, q.rating); });
    co_return http::data_response(ctx, result);
  };
  auto search = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto q = list_query(ctx);
    const std::string text = ctx.query("q").value_or("");
    if (text.size() > 200) throw core::ErrorException(core::Error::invalid_field("q", "must be at most 200 characters"));
    auto result = co_await db::offload(db_pool, [&] { return service.search(tenant_id, text, q); });
    co_return http::data_response(ctx, result);
  };
  auto artwork = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string category = ctx.query("categoryId").value_or("");
    if (category.empty()) throw core::ErrorException(core::Error::invalid_field("categoryId", "is required"));
    auto result = co_await db::offload(db_pool, [&] { return service.category_artwork(tenant_id, category); });
    co_return http::data_response(ctx, result.value());
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
  return {
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
