#include "domains/tournaments/tournaments_answers.hpp"

#include "http/compression.hpp"
#include "http/json.hpp"
#include "http/respond.hpp"

namespace portal::tournaments {

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::tournament_not_found: return {404, "TOURNAMENT_NOT_FOUND", e.message, nullptr};
    case ErrorCode::registration_closed: return {409, "REGISTRATION_CLOSED", e.message, nullptr};
    case ErrorCode::already_in_team: return {409, "ALREADY_IN_TEAM", e.message, nullptr};
    case ErrorCode::team_name_taken: return {409, "TEAM_NAME_TAKEN", e.message, nullptr};
    case ErrorCode::team_not_found: return {404, "TEAM_NOT_FOUND", e.message, nullptr};
    case ErrorCode::team_full: return {409, "TEAM_FULL", e.message, nullptr};
    case ErrorCode::join_request_pending: return {409, "JOIN_REQUEST_PENDING", e.message, nullptr};
    case ErrorCode::join_request_not_found: return {404, "JOIN_REQUEST_NOT_FOUND", e.message, nullptr};
    case ErrorCode::not_team_captain: return {403, "NOT_TEAM_CAPTAIN", e.message, nullptr};
    case ErrorCode::request_already_answered: return {409, "REQUEST_ALREADY_ANSWERED", e.message, nullptr};
    case ErrorCode::not_organizer: return {403, "NOT_ORGANIZER", e.message, nullptr};
    case ErrorCode::not_enough_teams: return {409, "NOT_ENOUGH_TEAMS", e.message, nullptr};
    case ErrorCode::match_not_found: return {404, "MATCH_NOT_FOUND", e.message, nullptr};
    case ErrorCode::match_not_ready: return {409, "MATCH_NOT_READY", e.message, nullptr};
    case ErrorCode::match_decided: return {409, "MATCH_DECIDED", e.message, nullptr};
    case ErrorCode::match_disputed: return {409, "MATCH_DISPUTED", e.message, nullptr};
    case ErrorCode::already_reported: return {409, "ALREADY_REPORTED", e.message, nullptr};
    case ErrorCode::not_in_match: return {403, "NOT_IN_MATCH", e.message, nullptr};
    case ErrorCode::news_not_found: return {404, "NEWS_NOT_FOUND", e.message, nullptr};
    case ErrorCode::video_not_found: return {404, "VIDEO_NOT_FOUND", e.message, nullptr};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

TeamDto team_dto(const Team& team) {
  TeamDto dto{team.id, team.tournament_id, team.name, team.provider, team.captain_user_id, {}, team.created_at};
  for (const auto& m : team.members) dto.members.push_back({m.user_id, m.user_name, m.ingame_id, m.role, m.joined_at});
  return dto;
}

JoinRequestDto request_dto(const JoinRequestRecord& r) {
  return {r.id,       r.team_id, r.team_name, r.tournament_id, r.user_id, r.user_name, r.ingame_id,
          r.provider, r.status,  r.members,   r.created_at};
}

MarkedDto marked_dto(std::int64_t updated) { return {updated}; }

NotificationsFragmentDto notifications_fragment(std::string_view fragment_id,
                                                const std::vector<NotificationRecord>& notifications) {
  NotificationsFragmentDto dto;
  dto.id = std::string(fragment_id);
  dto.name = "fragments_tournament-team-notifications";
  dto.data.customProperties.type = "tournament-team-notifications";
  auto& list = dto.data.customProperties.notifications;
  for (const auto& n : notifications)
    list.items.push_back({n.id, n.team_id, n.team_name, n.tournament_id, n.kind, n.created_at});
  list.count = static_cast<std::int64_t>(list.items.size());
  return dto;
}

PendingFragmentDto pending_fragment(std::string_view fragment_id, const std::vector<JoinRequestRecord>& requests) {
  PendingFragmentDto dto;
  dto.id = std::string(fragment_id);
  dto.name = "fragments_tournament-pending-requests";
  dto.data.customProperties.type = "tournament-pending-requests";
  auto& list = dto.data.customProperties.pendingRequests;
  for (const auto& r : requests)
    list.requests.push_back({r.id, r.team_id, r.team_name, r.user_name, r.ingame_id, r.members, r.created_at});
  list.count = static_cast<std::int64_t>(list.requests.size());
  return dto;
}

MatchDto match_dto(const BracketMatch& m) {
  return {m.id,           m.round,      m.position,    m.home_team_id, m.away_team_id,
          m.status,       m.winner_team_id, m.decided_by, m.reported_by,  m.can_report};
}

BracketDto bracket_dto(const Bracket& b) {
  BracketDto dto;
  dto.tournamentId = b.tournament_id;
  dto.state = b.state;
  dto.preview = b.preview;
  dto.teamSize = b.team_size;
  for (const auto& t : b.teams) dto.teams.push_back({t.id, t.name, t.seed, t.members, t.captain_user_id});
  for (const auto& r : b.rounds) {
    RoundDto round{r.round, {}};
    for (const auto& m : r.matches) round.matches.push_back(match_dto(m));
    dto.rounds.push_back(std::move(round));
  }
  dto.championTeamId = b.champion_team_id;
  dto.myTeamId = b.my_team_id;
  dto.myPendingTeamIds = b.my_pending_team_ids;
  dto.captain = b.captain;
  dto.organizer = b.organizer;
  dto.drawnAt = b.drawn_at;
  return dto;
}

MediaDto media_dto(const MediaText& t) {
  return {t.id,        t.tournament_id, t.kind,      t.language, t.title,       t.summary,
          t.body,      t.image_url,     t.video_url, t.duration, t.published_at};
}

MediaListDto media_list_dto(const MediaList& list) {
  MediaListDto dto;
  for (const auto& t : list.news) dto.news.push_back(media_dto(t));
  for (const auto& t : list.videos) dto.videos.push_back(media_dto(t));
  return dto;
}

http::Response uncached(const http::RequestContext& ctx, const boost::json::value& data, http::Status status) {
  auto res = http::data_response(ctx, data, status);
  res.set(boost::beast::http::field::cache_control, "no-store");
  http::add_vary(res, "Authorization");
  return res;
}

Caller caller_of(const http::RequestContext& ctx) { return {ctx.user->uuid, ctx.user->user_id}; }

std::optional<Caller> maybe_caller(const http::RequestContext& ctx) {
  if (!ctx.user) return std::nullopt;
  return caller_of(ctx);
}

}  // namespace portal::tournaments
