#include "domains/tournaments/tournaments_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/tournaments/tournaments_dto.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "domains/tournaments/tournaments_answers.hpp"
#include "http/body.hpp"
#include "http/compression.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/params.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::tournaments {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

}  // namespace

std::vector<http::Route> tournaments_routes(TournamentsService& service, asio::thread_pool& db_pool) {
  // {id}: a tournament article id narrows the fragment to that tournament;
  // anything else (the client sends a name) means every tournament.
  auto notifications = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto caller = maybe_caller(ctx);
    const std::string id(ctx.param("id"));
    const auto tournament = http::parse_id(id).value_or(0);
    auto list =
        co_await db::offload(db_pool, [&] { return service.team_notifications(tenant_id, caller, tournament); });
    co_return uncached(ctx, json::value_from(notifications_fragment(id, list)));
  };
  auto pending = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto caller = maybe_caller(ctx);
    const std::string id(ctx.param("id"));
    const auto tournament = http::parse_id(id).value_or(0);
    auto list =
        co_await db::offload(db_pool, [&] { return service.pending_requests(tenant_id, caller, tournament); });
    co_return uncached(ctx, json::value_from(pending_fragment(id, list)));
  };
  auto register_team = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto tournament = http::id_or_404(ctx.param("id"), "TOURNAMENT_NOT_FOUND", "Tournament");
    const auto caller = caller_of(ctx);
    auto body = http::read_body<RegisterBody>(ctx);
    RegisterInput in{std::move(body.userName.value), std::move(body.ingameId.value), std::move(body.teamName.value),
                     std::move(body.provider.value)};
    auto team = co_await db::offload(
        db_pool, [&] { return service.register_team(tenant_id, caller, tournament, std::move(in)); });
    co_return http::data_response(ctx, json::value_from(team_dto(value_or_throw(std::move(team)))),
                                  http::Status::created);
  };
  auto join = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto team = http::id_or_404(ctx.param("teamId"), "TEAM_NOT_FOUND", "Team");
    const auto caller = caller_of(ctx);
    auto body = http::read_body<JoinBody>(ctx);
    JoinInput in{std::move(body.userName.value), std::move(body.ingameId.value), std::move(body.provider.value)};
    auto request = co_await db::offload(
        db_pool, [&] { return service.send_join_request(tenant_id, caller, team, std::move(in)); });
    co_return http::data_response(ctx, json::value_from(request_dto(value_or_throw(std::move(request)))),
                                  http::Status::created);
  };
  auto answer = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto request_id = http::id_or_404(ctx.param("id"), "JOIN_REQUEST_NOT_FOUND", "Join request");
    const auto caller = caller_of(ctx);
    auto body = http::read_body<AnswerBody>(ctx);
    AnswerInput in{std::move(body.provider.value), std::move(body.status.value),
                   body.userId ? std::move(body.userId->value) : std::string()};
    auto request = co_await db::offload(
        db_pool, [&] { return service.answer_request(tenant_id, caller, request_id, std::move(in)); });
    co_return http::data_response(ctx, json::value_from(request_dto(value_or_throw(std::move(request)))));
  };
  auto mark = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto caller = caller_of(ctx);
    const auto team = value_or_throw(parse_team_scope(ctx.query("teamId").value_or("")));
    const std::string provider = ctx.query("provider").value_or("");
    if (provider.size() > kMaxProviderLength)
      throw http::ErrorException(http_error(Error::invalid("provider", "must be at most 32 characters")));
    auto updated =
        co_await db::offload(db_pool, [&] { return service.mark_notified(tenant_id, caller, team, provider); });
    co_return http::data_response(ctx, json::value_from(marked_dto(updated)));
  };
  using http::schema_of;
  return http::with_docs({
      {http::Verb::get, "/backend/structure/fragments_tournament-team-notifications/fragment/{id}", notifications},
      {http::Verb::get, "/backend/structure/fragments_tournament-pending-requests/fragment/{id}", pending},
      {http::Verb::post, "/backend/tournament/registerTournament/{id}", register_team, http::TenantFrom::header,
       http::Access::user},
      {http::Verb::post, "/backend/tournament/sendJoinRequest/{teamId}", join, http::TenantFrom::header,
       http::Access::user},
      {http::Verb::patch, "/backend/tournament/addInvitationResponse/{id}", answer, http::TenantFrom::header,
       http::Access::user},
      {http::Verb::patch, "/backend/tournament/markInvitationNotified", mark, http::TenantFrom::header,
       http::Access::user},
  }, {
      {"GET /backend/structure/fragments_tournament-team-notifications/fragment/{id}",
       {"The caller's team notifications (a structure fragment; a guest's list is empty). {id}: a tournament id, "
        "or anything else for every tournament",
        "tournaments", {}, schema_of<NotificationsFragmentDto>, {}, {{"c", "Anything: defeats caches while polling"}}}},
      {"GET /backend/structure/fragments_tournament-pending-requests/fragment/{id}",
       {"Join requests waiting for the caller as captain (a structure fragment; a guest's list is empty). {id}: a "
        "tournament id, or anything else for every tournament",
        "tournaments", {}, schema_of<PendingFragmentDto>, {}, {{"c", "Anything: defeats caches while polling"}}}},
      {"POST /backend/tournament/registerTournament/{id}",
       {"Register a team for a tournament, the caller as captain", "tournaments", schema_of<RegisterBody>,
        schema_of<TeamDto>,
        {"404 TOURNAMENT_NOT_FOUND", "409 TEAM_NAME_TAKEN", "409 ALREADY_IN_TEAM", "409 REGISTRATION_CLOSED"}}},
      {"POST /backend/tournament/sendJoinRequest/{teamId}",
       {"Ask to join a team", "tournaments", schema_of<JoinBody>, schema_of<JoinRequestDto>,
        {"404 TEAM_NOT_FOUND", "409 TEAM_FULL", "409 JOIN_REQUEST_PENDING", "409 ALREADY_IN_TEAM"}}},
      {"PATCH /backend/tournament/addInvitationResponse/{id}",
       {"Accept or decline a join request (captain)", "tournaments", schema_of<AnswerBody>, schema_of<JoinRequestDto>,
        {"403 NOT_TEAM_CAPTAIN", "404 JOIN_REQUEST_NOT_FOUND", "409 REQUEST_ALREADY_ANSWERED", "409 TEAM_FULL"}}},
      {"PATCH /backend/tournament/markInvitationNotified",
       {"Mark the caller's team notifications as seen", "tournaments", {}, schema_of<MarkedDto>, {},
        {{"teamId", "A team id, or smartlink", "string", true},
         {"provider", "Only notifications of this provider (at most 32 characters)"}},
        true}},
  });
}

}  // namespace portal::tournaments
