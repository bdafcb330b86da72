#include "domains/tournaments/bracket_routes.hpp"

#include <algorithm>
#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/tournaments/tournaments_dto.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "domains/tournaments/tournaments_answers.hpp"
#include "http/body.hpp"
#include "http/compression.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/params.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::tournaments {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

bool is_organizer(const http::RequestContext& ctx) {
  return ctx.user && std::find(ctx.user->roles.begin(), ctx.user->roles.end(), kOrganizerRole) != ctx.user->roles.end();
}

}  // namespace

std::vector<http::Route> bracket_routes(BracketService& brackets, const TournamentMediaService& media,
                                        asio::thread_pool& db_pool) {
  auto get_bracket = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto tournament = http::id_or_404(ctx.param("id"), "TOURNAMENT_NOT_FOUND", "Tournament");
    const auto caller = maybe_caller(ctx);
    const bool organizer = is_organizer(ctx);
    auto bracket =
        co_await db::offload(db_pool, [&] { return brackets.bracket(tenant_id, caller, organizer, tournament); });
    co_return uncached(ctx, json::value_from(bracket_dto(value_or_throw(std::move(bracket)))));
  };
  auto draw = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto tournament = http::id_or_404(ctx.param("id"), "TOURNAMENT_NOT_FOUND", "Tournament");
    const Caller caller{ctx.user->uuid, ctx.user->user_id};
    const bool organizer = is_organizer(ctx);
    auto bracket =
        co_await db::offload(db_pool, [&] { return brackets.draw(tenant_id, caller, organizer, tournament); });
    co_return uncached(ctx, json::value_from(bracket_dto(value_or_throw(std::move(bracket)))));
  };
  auto report = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto match = http::id_or_404(ctx.param("id"), "MATCH_NOT_FOUND", "Match");
    const Caller caller{ctx.user->uuid, ctx.user->user_id};
    const bool organizer = is_organizer(ctx);
    const auto body = http::read_body<ResultBody>(ctx);
    if (body.winnerTeamId <= 0)
      throw http::ErrorException(http_error(Error::invalid("winnerTeamId", "must be a team id")));
    auto reported = co_await db::offload(
        db_pool, [&] { return brackets.report(tenant_id, caller, organizer, match, body.winnerTeamId); });
    co_return uncached(ctx, json::value_from(match_dto(value_or_throw(std::move(reported)))));
  };
  auto media_list = [&](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    const auto tournament = http::id_or_404(ctx.param("id"), "TOURNAMENT_NOT_FOUND", "Tournament");
    const auto lang = http::api_language(ctx);
    auto list = co_await db::offload(db_pool, [&] { return media.of_tournament(tenant.id, tenant.name, tournament, lang); });
    co_return http::data_response(ctx, json::value_from(media_list_dto(list)));
  };
  auto entry = [&](std::string_view kind, std::string_view code, std::string_view what) {
    return [&media, &db_pool, kind, code, what](http::RequestContext& ctx) -> Awaitable {
      const auto& tenant = ctx.require_tenant();
      const auto id = http::id_or_404(ctx.param("id"), code, what);
      const auto lang = http::api_language(ctx);
      auto text = co_await db::offload(db_pool,
                                       [&] { return media.entry(tenant.id, tenant.name, std::string(kind), id, lang); });
      co_return http::data_response(ctx, json::value_from(media_dto(value_or_throw(std::move(text)))));
    };
  };
  using http::schema_of;
  const std::vector<http::ApiQuery> lang = {{"lang", "Language of the texts: en, ar, fr, de, es or ro"}};
  return http::with_docs({
      {http::Verb::get, "/backend/tournament/bracket/{id}", get_bracket},
      {http::Verb::post, "/backend/tournament/bracket/{id}", draw, http::TenantFrom::header, http::Access::user},
      {http::Verb::post, "/backend/tournament/match/{id}/result", report, http::TenantFrom::header,
       http::Access::user},
      {http::Verb::get, "/backend/tournament/media/{id}", media_list},
      {http::Verb::get, "/backend/tournament/news/{id}", entry("news", "NEWS_NOT_FOUND", "Tournament news")},
      {http::Verb::get, "/backend/tournament/videos/{id}", entry("video", "VIDEO_NOT_FOUND", "Tournament video")},
  }, {
      {"GET /backend/tournament/bracket/{id}",
       {"A tournament's teams and single-elimination bracket (while registration is open, a preview of the draw); "
        "for a signed-in caller their team and the matches they may report",
        "tournaments", {}, schema_of<BracketDto>, {"404 TOURNAMENT_NOT_FOUND"}}},
      {"POST /backend/tournament/bracket/{id}",
       {"Close registration and draw the bracket (the tenant's organizer); a drawn bracket is answered unchanged",
        "tournaments", {}, schema_of<BracketDto>,
        {"403 NOT_ORGANIZER", "404 TOURNAMENT_NOT_FOUND", "409 NOT_ENOUGH_TEAMS"}, {}, true}},
      {"POST /backend/tournament/match/{id}/result",
       {"Report a match's winner: decided when both captains name the same team (different teams: disputed, the "
        "organizer decides); the winner advances",
        "tournaments", schema_of<ResultBody>, schema_of<MatchDto>,
        {"400 VALIDATION_ERROR", "403 NOT_IN_MATCH", "404 MATCH_NOT_FOUND", "409 MATCH_NOT_READY",
         "409 MATCH_DECIDED", "409 MATCH_DISPUTED", "409 ALREADY_REPORTED"}}},
      {"GET /backend/tournament/media/{id}",
       {"A tournament's news and videos, newest first (without bodies)", "tournaments", {}, schema_of<MediaListDto>,
        {}, lang}},
      {"GET /backend/tournament/news/{id}",
       {"A tournament news article", "tournaments", {}, schema_of<MediaDto>, {"404 NEWS_NOT_FOUND"}, lang}},
      {"GET /backend/tournament/videos/{id}",
       {"A tournament video", "tournaments", {}, schema_of<MediaDto>, {"404 VIDEO_NOT_FOUND"}, lang}},
  });
}

}  // namespace portal::tournaments
