#include "domains/tournaments/tournaments_routes.hpp"

#include <boost/json.hpp>
#include <charconv>

#include "db/blocking.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/compression.hpp"
#include "http/json.hpp"

namespace portal::tournaments {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

std::optional<std::int64_t> positive_id(std::string_view text) {
  std::int64_t id = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || id <= 0) return std::nullopt;
  return id;
}

std::int64_t id_or_404(std::string_view text, const char* code, const char* what) {
  if (auto id = positive_id(text)) return *id;
  throw core::ErrorException(
      core::Error::not_found(code, std::string(what) + " '" + std::string(text.substr(0, 64)) + "' not found"));
}

Caller require_caller(const http::RequestContext& ctx) {
  if (!ctx.user) throw core::ErrorException(core::Error::unauthorized("Sign in to take part in tournaments"));
  return {ctx.user->uuid, ctx.user->user_id};
}

// A text field; in-game ids may come as numbers.
std::string field(const json::object& body, std::string_view name) {
  if (auto* v = body.if_contains(name); v && (v->is_int64() || v->is_uint64())) return json::serialize(*v);
  return http::optional_string(body, name).value_or("");
}

template <class T>
T or_throw(core::Result<T> r) {
  if (!r) throw core::ErrorException(r.error());
  return std::move(*r);
}

// Per-user answers polled with a cache-busting `c`: never stored anywhere.
http::Response uncached(const http::RequestContext& ctx, const json::value& data) {
  auto res = http::data_response(ctx, data);
  res.set(boost::beast::http::field::cache_control, "no-store");
  http::add_vary(res, "Authorization");
  return res;
}

}  // namespace

std::vector<http::Route> tournaments_routes(TournamentsService& service, asio::thread_pool& db_pool) {
  // {id}: a tournament article id narrows the fragment to that tournament;
  // anything else (the client sends a name) means every tournament.
  auto notifications = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    std::optional<Caller> caller;
    if (ctx.user) caller = Caller{ctx.user->uuid, ctx.user->user_id};
    const std::string id(ctx.param("id"));
    const auto tournament = positive_id(id).value_or(0);
    auto node = co_await db::offload(
        db_pool, [&] { return service.team_notifications(tenant_id, caller, tournament, id); });
    co_return uncached(ctx, node);
  };
  auto pending = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    std::optional<Caller> caller;
    if (ctx.user) caller = Caller{ctx.user->uuid, ctx.user->user_id};
    const std::string id(ctx.param("id"));
    const auto tournament = positive_id(id).value_or(0);
    auto node =
        co_await db::offload(db_pool, [&] { return service.pending_requests(tenant_id, caller, tournament, id); });
    co_return uncached(ctx, node);
  };
  auto register_team = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto tournament = id_or_404(ctx.param("id"), "TOURNAMENT_NOT_FOUND", "Tournament");
    const auto caller = require_caller(ctx);
    const auto body = http::parse_json_object(ctx.req);
    RegisterInput in{field(body, "userName"), field(body, "ingameId"), field(body, "teamName"), field(body, "provider")};
    auto team = co_await db::offload(
        db_pool, [&] { return service.register_team(tenant_id, caller, tournament, std::move(in)); });
    co_return http::data_response(ctx, json::value_from(or_throw(std::move(team))), http::Status::created);
  };
  auto join = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto team = id_or_404(ctx.param("teamId"), "TEAM_NOT_FOUND", "Team");
    const auto caller = require_caller(ctx);
    const auto body = http::parse_json_object(ctx.req);
    JoinInput in{field(body, "userName"), field(body, "ingameId"), field(body, "provider")};
    auto request = co_await db::offload(
        db_pool, [&] { return service.send_join_request(tenant_id, caller, team, std::move(in)); });
    co_return http::data_response(ctx, json::value_from(or_throw(std::move(request))), http::Status::created);
  };
  auto answer = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto request_id = id_or_404(ctx.param("id"), "JOIN_REQUEST_NOT_FOUND", "Join request");
    const auto caller = require_caller(ctx);
    const auto body = http::parse_json_object(ctx.req);
    AnswerInput in{field(body, "provider"), field(body, "status"), field(body, "userId")};
    auto request = co_await db::offload(
        db_pool, [&] { return service.answer_request(tenant_id, caller, request_id, std::move(in)); });
    co_return http::data_response(ctx, json::value_from(or_throw(std::move(request))));
  };
  auto mark = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto caller = require_caller(ctx);
    const auto team = or_throw(parse_team_scope(ctx.query("teamId").value_or("")));
    const std::string provider = ctx.query("provider").value_or("");
    if (provider.size() > kMaxProviderLength)
      throw core::ErrorException(core::Error::invalid_field("provider", "must be at most 32 characters"));
    auto updated =
        co_await db::offload(db_pool, [&] { return service.mark_notified(tenant_id, caller, team, provider); });
    co_return http::data_response(ctx, json::object{{"updated", updated}});
  };
  return {
      {http::Verb::get, "/backend/structure/fragments_tournament-team-notifications/fragment/{id}", notifications},
      {http::Verb::get, "/backend/structure/fragments_tournament-pending-requests/fragment/{id}", pending},
      {http::Verb::post, "/backend/tournament/registerTournament/{id}", register_team},
      {http::Verb::post, "/backend/tournament/sendJoinRequest/{teamId}", join},
      {http::Verb::patch, "/backend/tournament/addInvitationResponse/{id}", answer},
      {http::Verb::patch, "/backend/tournament/markInvitationNotified", mark},
  };
}

}  // namespace portal::tournaments
