#include "domains/engagement/engagement_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/engagement/engagement_dto.hpp"
#include "domains/catalog/request_rating.hpp"
#include "domains/engagement/engagement_answers.hpp"
#include "domains/catalog/catalog_answers.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/parental_control/request_limit.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/compression.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/params.hpp"
#include "http/private_answer.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::engagement {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

std::optional<std::string> user_of(const http::RequestContext& ctx) {
  if (!ctx.user) return std::nullopt;
  return ctx.user->uuid;
}

using catalog::rating_of;  // domains/catalog/request_rating.hpp

// An answer that does not depend on the caller, but changes with every rating.
http::Response fresh_answer(const http::RequestContext& ctx, const json::value& data) {
  auto res = http::data_response(ctx, data);
  res.set(boost::beast::http::field::cache_control, "no-cache");
  return res;
}

}  // namespace

std::vector<http::Route> engagement_routes(EngagementService& service, asio::thread_pool& db_pool) {
  auto ids = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto user = user_of(ctx);
    auto liked = co_await db::offload(db_pool, [&] { return service.liked_ids(tenant_id, user); });
    co_return http::private_answer(ctx, json::value_from(liked));
  };
  auto list = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto user = user_of(ctx);
    // GET /like/playlists is its own row (commerce §7 lists it apart); it reads like any kind.
    const std::string kind = ctx.param("type").empty() ? std::string("playlists") : std::string(ctx.param("type"));
    const auto limit = http::page_number(ctx, "limit", kLikePageSize);
    const auto offset = http::page_number(ctx, "offset", 0);
    const auto lang = http::api_language(ctx);
    const int max_rating = parental_control::max_rating_for(ctx);
    auto page = value_or_throw(
        co_await db::offload(db_pool, [&] { return service.liked(tenant_id, user, kind, limit, offset, lang, max_rating); }));
    json::array data;
    for (auto& i : page.items)
      data.push_back(json::value_from(
          LikedEntryDto{i.like.article_id, i.like.content_type, i.like.created_at, std::move(i.article)}));
    auto res = http::private_answer(ctx, data);
    res.set("x-result-count", http::result_count(page.offset, data.size(), page.total));
    res.set(boost::beast::http::field::access_control_expose_headers, "x-result-count");
    co_return res;
  };
  auto like = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto id = http::id_or_404(ctx.param("id"), "ARTICLE_NOT_FOUND", "Article");
    const std::string kind(ctx.param("type"));
    const auto rating = rating_of(ctx);
    const auto user = ctx.user->uuid;
    auto liked = value_or_throw(
        co_await db::offload(db_pool, [&] { return service.like(tenant_id, user, kind, id, rating); }));
    co_return http::private_answer(ctx, json::value_from(liked));
  };
  auto unlike = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto id = http::id_or_404(ctx.param("id"), "ARTICLE_NOT_FOUND", "Article");
    const std::string kind(ctx.param("type"));
    const auto rating = rating_of(ctx);
    const auto user = ctx.user->uuid;
    auto unliked = value_or_throw(
        co_await db::offload(db_pool, [&] { return service.unlike(tenant_id, user, kind, id, rating); }));
    co_return http::private_answer(ctx, json::value_from(unliked));
  };
  auto user_rating = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto id = http::id_or_404(ctx.param("id"), "ARTICLE_NOT_FOUND", "Article");
    const auto rating = rating_of(ctx);
    const auto user = user_of(ctx);
    auto mine = value_or_throw(
        co_await db::offload(db_pool, [&] { return service.user_rating(tenant_id, user, id, rating); }));
    co_return http::private_answer(ctx, json::value_from(mine));
  };
  auto rate = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto body = http::read_body<RatingBody>(ctx);
    const auto rating = rating_of(ctx);
    const auto user = ctx.user->uuid;
    RatingInput in{body.articleId.value, body.deviceId ? std::move(body.deviceId->value) : std::string(), body.score,
                   std::move(body.contentType.value)};
    auto rated = value_or_throw(
        co_await db::offload(db_pool, [&] { return service.rate(tenant_id, user, std::move(in), rating); }));
    co_return http::private_answer(ctx, json::value_from(rated));
  };
  auto summary = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto id = http::id_or_404(ctx.param("id"), "ARTICLE_NOT_FOUND", "Article");
    const auto rating = rating_of(ctx);
    auto s = value_or_throw(co_await db::offload(db_pool, [&] { return service.summary(tenant_id, id, rating); }));
    co_return fresh_answer(ctx, json::value_from(s));
  };

  using http::schema_of;
  const auto user = http::Access::user;
  const auto guest = http::Access::guest;
  const auto header = http::TenantFrom::header;
  const std::string kinds =
      "tracks, playlists, albums, artists, games, videos, Online Game, videoCollection, podcast, podcastCollection, "
      "audiobook, audiobookChapter, CloudGame or product";
  const std::vector<http::ApiQuery> paging = {{"limit", "page size, 1-100 (default 50)", "integer"},
                                              {"offset", "entries to skip (default 0)", "integer"}};
  const std::vector<http::ApiQuery> window = {{"minRating", "lowest content rating shown", "integer"},
                                              {"maxRating", "highest content rating shown", "integer"}};
  return http::with_docs(
      {
          {http::Verb::get, "/backend/like", ids, header, guest},
          {http::Verb::get, "/backend/like/playlists", list, header, guest},
          {http::Verb::get, "/backend/like/{type}", list, header, guest},
          {http::Verb::post, "/backend/like/{type}/{id}", like, header, user},
          {http::Verb::delete_, "/backend/like/{type}/{id}", unlike, header, user},
          {http::Verb::get, "/backend/rating/user/article/{id}", user_rating, header, guest},
          {http::Verb::get, "/backend/rating/article/{id}", summary, header, guest},
          {http::Verb::put, "/backend/rating", rate, header, user},
      },
      {
          {"GET /backend/like",
           {"The caller's liked article ids by kind (commerce §3 Liked entities: every kind, newest first, at most "
            "5000 likes); a guest's lists are empty",
            "engagement", {}, schema_of<std::map<std::string, std::vector<std::int64_t>>>, {}}},
          {"GET /backend/like/playlists",
           {"The caller's liked playlists, newest first, with their Article answers; a guest's list is empty; header "
            "x-result-count a-b/total",
            "engagement", {}, schema_of<std::vector<LikedEntryDto>>, {"400 VALIDATION_ERROR"}, paging}},
          {"GET /backend/like/{type}",
           {"The caller's liked articles of a kind (" + kinds +
                "), newest first, with their Article answers (null when gone); a guest's list is empty; header "
                "x-result-count a-b/total",
            "engagement", {}, schema_of<std::vector<LikedEntryDto>>, {"400 VALIDATION_ERROR"}, paging}},
          {"POST /backend/like/{type}/{id}",
           {"Like an article of that kind (idempotent: a second like changes nothing)", "engagement", {},
            schema_of<LikeDto>, {"400 VALIDATION_ERROR", "404 ARTICLE_NOT_FOUND"}, window, true}},
          {"DELETE /backend/like/{type}/{id}",
           {"Remove a like (idempotent: liked false also when there was none)", "engagement", {}, schema_of<LikeDto>,
            {"400 VALIDATION_ERROR", "404 ARTICLE_NOT_FOUND"}, window, true}},
          {"GET /backend/rating/user/article/{id}",
           {"The caller's rating of an article (score null when not rated, and for guests)", "engagement", {},
            schema_of<UserRatingDto>, {"404 ARTICLE_NOT_FOUND"}, window}},
          {"GET /backend/rating/article/{id}",
           {"An article's average rating (one decimal) and how many rated it; scores are 1-5", "engagement", {},
            schema_of<RatingSummaryDto>, {"404 ARTICLE_NOT_FOUND"}, window}},
          {"PUT /backend/rating",
           {"Rate an article 1-5 (one rating per user and article: a second PUT replaces the score); answers the new "
            "average and count",
            "engagement", schema_of<RatingBody>, schema_of<RatedDto>, {"400 VALIDATION_ERROR", "404 ARTICLE_NOT_FOUND"},
            window}},
      });
}

}  // namespace portal::engagement
