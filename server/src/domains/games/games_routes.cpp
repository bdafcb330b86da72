#include "domains/games/games_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/games/games_dto.hpp"
#include "domains/purchases/request_caller.hpp"
#include "domains/catalog/request_rating.hpp"
#include "domains/catalog/catalog_answers.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/games/games_answers.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/parental_control/request_limit.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/compression.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/origin.hpp"
#include "http/params.hpp"
#include "http/private_answer.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"
#include "core/text.hpp"

namespace portal::games {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

using purchases::caller_of;  // domains/purchases/request_caller.hpp

using catalog::rating_of;  // domains/catalog/request_rating.hpp

std::optional<std::string> short_text(const std::optional<http::Text>& t, std::string_view field) {
  if (!t) return std::nullopt;
  if (t->value.size() > 128)
    throw http::ErrorException(http_error(Error::invalid(std::string(field), "must be at most 128 characters")));
  return t->value;
}

PlayRequest request_of(const http::RequestContext& ctx, std::int64_t id, const std::optional<http::Text>& device,
                       const std::optional<http::Text>& channel) {
  PlayRequest r;
  r.article_id = id;
  r.device_id = short_text(device, "deviceId");
  const std::string header(ctx.req["x-distribution-channel"]);
  r.channel = short_text(channel, "distributionChannel").value_or(header.empty() ? "WEB" : header);
  if (r.channel.size() > 32) r.channel = r.channel.substr(0, 32);
  if (ctx.user) r.public_user_id = ctx.user->user_id;
  return r;
}

PlayDto play_dto(const Played& p) { return {p.url.url, p.session.id, p.url.expires, p.session.expires_at, p.use_frame}; }
std::optional<StandingDto> standing(const std::optional<Standing>& s) {
  if (!s) return std::nullopt;
  return StandingDto{s->rank, s->score};
}

}  // namespace

std::vector<http::Route> games_routes(GamesService& service, boost::asio::thread_pool& pool) {
  auto play = [&service, &pool](http::RequestContext& ctx) -> Awaitable {
    auto body = http::read_body<PlayBody>(ctx);
    auto r = request_of(ctx, body.articleId.value, body.deviceId, body.distributionChannel);
    r.consume = body.consume.value_or(false);
    const auto rating = rating_of(ctx);
    const auto c = caller_of(ctx);
    auto played = value_or_throw(co_await db::offload(pool, [&] { return service.play(c, r, rating); }));
    co_return http::private_answer(ctx, json::value_from(play_dto(played)));
  };
  auto play_free = [&service, &pool](http::RequestContext& ctx) -> Awaitable {
    auto body = http::read_body<PlayBody>(ctx);
    const auto r = request_of(ctx, body.articleId.value, body.deviceId, body.distributionChannel);
    const auto rating = rating_of(ctx);
    const auto c = caller_of(ctx);
    auto played = value_or_throw(co_await db::offload(pool, [&] { return service.play_free(c, r, rating); }));
    co_return http::private_answer(ctx, json::value_from(play_dto(played)));
  };
  auto arcade = [&service, &pool](http::RequestContext& ctx) -> Awaitable {
    auto body = http::read_body<ArcadeBody>(ctx);
    if (body.protocol) {
      const std::string p = core::lower(body.protocol->value);
      if (p != "http" && p != "https")
        throw http::ErrorException(http_error(Error::invalid("protocol", "must be http or https")));
    }
    auto r = request_of(ctx, body.contentId.value, body.deviceId, std::nullopt);
    r.consume = body.consume.value_or(false);
    const auto rating = rating_of(ctx);
    const auto c = caller_of(ctx);
    auto comp = value_or_throw(co_await db::offload(pool, [&] { return service.arcade(c, r, rating); }));
    const auto& p = comp.played;
    ArcadeDto dto{p.url.url, p.session.id, p.url.expires, p.session.expires_at, p.use_frame,
                  CompetitionDto{r.article_id, p.title, "/backend/game/leaderboard/" + std::to_string(r.article_id),
                                 comp.players, standing(comp.me)}};
    co_return http::private_answer(ctx, json::value_from(dto));
  };
  auto score = [&service, &pool](http::RequestContext& ctx) -> Awaitable {
    auto body = http::read_body<ScoreBody>(ctx);
    const auto tenant_id = ctx.require_tenant().id;
    std::optional<std::string> user;
    if (ctx.user) user = ctx.user->uuid;
    auto scored = value_or_throw(co_await db::offload(
        pool, [&] { return service.post_score(tenant_id, user, body.session, body.score); }));
    co_return http::private_answer(ctx, json::value_from(ScoredDto{scored.score, scored.best, scored.rank}));
  };
  auto leaderboard = [&service, &pool](http::RequestContext& ctx) -> Awaitable {
    const auto id = http::id_or_404(ctx.param("contentId"), "ARTICLE_NOT_FOUND", "Article");
    const auto rating = rating_of(ctx);
    const auto tenant_id = ctx.require_tenant().id;
    std::optional<std::string> user;
    if (ctx.user) user = ctx.user->uuid;
    auto session = ctx.query("session");
    auto board = value_or_throw(
        co_await db::offload(pool, [&] { return service.leaderboard(tenant_id, id, rating, user, session); }));
    LeaderboardDto dto{board.content_id, {}, standing(board.me), board.players};
    for (const auto& e : board.entries) dto.entries.push_back({e.rank, e.name, e.score, e.me});
    co_return http::private_answer(ctx, json::value_from(dto));
  };

  using http::schema_of;
  const auto user = http::Access::user;
  const auto header = http::TenantFrom::header;
  return http::with_docs(
      {
          {http::Verb::post, "/backend/game/play", play, header, user},
          {http::Verb::post, "/backend/game/play-free", play_free},
          {http::Verb::post, "/backend/game/arcade-competition", arcade},
          {http::Verb::post, "/backend/game/score", score},
          {http::Verb::get, "/backend/game/leaderboard/{contentId}", leaderboard},
      },
      {
          {"POST /backend/game/play",
           {"Play an online or cloud game the caller may consume (the entitlement decision; a credit is spent where "
            "that is the way, only with consume: true, else 409 CONFIRMATION_REQUIRED): the game page's URL (signed "
            "for a paid game) and a score session; the server event instantPlay is recorded",
            "games", schema_of<PlayBody>, schema_of<PlayDto>,
            {"400 VALIDATION_ERROR", "401 UNAUTHORIZED", "403 NOT_ENTITLED", "404 ARTICLE_NOT_FOUND",
             "404 DEVICE_NOT_SUPPORTED", "404 MEDIA_NOT_FOUND", "409 CONFIRMATION_REQUIRED"}}},
          {"POST /backend/game/play-free",
           {"Play a free online game (DOWNLOAD_TO_OWN_FREEMIUM), guests too; the instantPlay event is recorded",
            "games", schema_of<PlayBody>, schema_of<PlayDto>,
            {"400 VALIDATION_ERROR", "403 GAME_NOT_FREE", "404 ARTICLE_NOT_FOUND", "404 DEVICE_NOT_SUPPORTED"}}},
          {"POST /backend/game/arcade-competition",
           {"Enter a game's arcade competition: a play (free games: guests too; paid: the entitlement decision, a "
            "credit only with consume: true) whose scores enter the game's leaderboard, with the caller's standing",
            "games", schema_of<ArcadeBody>, schema_of<ArcadeDto>,
            {"400 VALIDATION_ERROR", "401 UNAUTHORIZED", "403 NOT_ENTITLED", "404 ARTICLE_NOT_FOUND",
             "404 DEVICE_NOT_SUPPORTED", "409 CONFIRMATION_REQUIRED"}}},
          {"POST /backend/game/score",
           {"Post a score of a game session the server opened (a whole number from 0 to the game's maximum); "
            "rate-limited per session and per user",
            "games", schema_of<ScoreBody>, schema_of<ScoredDto>,
            {"400 VALIDATION_ERROR", "403 GAME_SESSION_FORBIDDEN", "404 GAME_SESSION_NOT_FOUND",
             "410 GAME_SESSION_EXPIRED", "429 TOO_MANY_REQUESTS"}}},
          {"GET /backend/game/leaderboard/{contentId}",
           {"A game's leaderboard: the top 10 (best score per player; equal scores share a rank) and the caller's "
            "standing (query session: a guest's own game session)",
            "games", {}, schema_of<LeaderboardDto>, {"404 ARTICLE_NOT_FOUND"},
            {{"session", "a guest's game session, to mark their own entry"}}}},
      });
}

}  // namespace portal::games
