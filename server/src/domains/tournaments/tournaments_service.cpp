#include "domains/tournaments/tournaments_service.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/text.hpp"
#include "db/timestamp.hpp"
#include "domains/tournaments/tournaments_repository.hpp"

namespace portal::tournaments {
namespace {

// A name shown to other players: 1..64 characters, no control characters or markup.
Result<std::string> plain_text(std::string value, std::string_view field) {
  value = std::string(core::trim(value));
  if (value.empty()) return Error::invalid(std::string(field), "is required");
  if (value.size() > kMaxTextLength) return Error::invalid(std::string(field), "must be at most 64 characters");
  for (unsigned char c : value)
    if (c < 0x20 || c == 0x7f || c == '<' || c == '>')
      return Error::invalid(std::string(field), "must not contain control characters or < >");
  return value;
}

Result<std::string> provider_code(std::string value) {
  value = std::string(core::trim(value));
  if (value.empty()) return Error::invalid("provider", "is required");
  if (value.size() > kMaxProviderLength) return Error::invalid("provider", "must be at most 32 characters");
  for (unsigned char c : value)
    if (!std::isalnum(c) && c != '-' && c != '_' && c != '.')
      return Error::invalid("provider", "must be letters, digits, '-', '_' or '.'");
  return value;
}

Error already_in_team(std::int64_t tournament_id) {
  return Error::of(ErrorCode::already_in_team,
                   "The user already has a team in tournament " + std::to_string(tournament_id));
}

}  // namespace

Result<RegisterInput> validate(RegisterInput in) {
  for (auto [value, field] : {std::pair<std::string*, std::string_view>{&in.user_name, "userName"},
                              {&in.ingame_id, "ingameId"},
                              {&in.team_name, "teamName"}}) {
    auto ok = plain_text(std::move(*value), field);
    if (!ok) return ok.error();
    *value = std::move(*ok);
  }
  auto provider = provider_code(std::move(in.provider));
  if (!provider) return provider.error();
  in.provider = std::move(*provider);
  return in;
}

Result<JoinInput> validate(JoinInput in) {
  for (auto [value, field] :
       {std::pair<std::string*, std::string_view>{&in.user_name, "userName"}, {&in.ingame_id, "ingameId"}}) {
    auto ok = plain_text(std::move(*value), field);
    if (!ok) return ok.error();
    *value = std::move(*ok);
  }
  auto provider = provider_code(std::move(in.provider));
  if (!provider) return provider.error();
  in.provider = std::move(*provider);
  return in;
}

Result<AnswerInput> validate(AnswerInput in) {
  auto provider = provider_code(std::move(in.provider));
  if (!provider) return provider.error();
  in.provider = std::move(*provider);
  if (in.status != "ACCEPTED" && in.status != "DECLINED")
    return Error::invalid("status", "must be ACCEPTED or DECLINED");
  if (in.user_id.size() > 64) return Error::invalid("userId", "must be at most 64 characters");
  return in;
}

Result<std::int64_t> parse_team_scope(std::string_view team_id) {
  if (team_id == "smartlink") return std::int64_t{0};
  std::int64_t id = 0;
  auto [end, ec] = std::from_chars(team_id.data(), team_id.data() + team_id.size(), id);
  if (team_id.empty() || ec != std::errc{} || end != team_id.data() + team_id.size() || id <= 0)
    return Error::invalid("teamId", "must be a team id or 'smartlink'");
  return id;
}

TournamentsService::TournamentsService(TournamentsRepository& repository, TournamentLookup tournaments,
                                       const core::Clock& clock, notifications::Notifier* notifier)
    : repository_(repository), tournaments_(std::move(tournaments)), clock_(clock), notifier_(notifier) {}


Team TournamentsService::with_members(std::int64_t tenant_id, const TeamRecord& team) {
  Team out{team.id, team.tournament_id, team.name, team.provider, "", repository_.members(tenant_id, team.id),
           team.created_at};
  for (const auto& m : out.members)
    if (m.role == "CAPTAIN") out.captain_user_id = m.user_id;
  return out;
}

Result<Team> TournamentsService::register_team(std::int64_t tenant_id, const Caller& caller,
                                               std::int64_t tournament_id, RegisterInput input) {
  auto in = validate(std::move(input));
  if (!in) return in.error();
  if (!tournaments_(tenant_id, tournament_id))
    return Error::of(ErrorCode::tournament_not_found, "Tournament " + std::to_string(tournament_id) + " not found");
  if (repository_.team_of_member(tenant_id, tournament_id, caller.uuid)) return already_in_team(tournament_id);
  if (repository_.team_name_taken(tenant_id, tournament_id, in->team_name))
    return Error::of(ErrorCode::team_name_taken, "A team of that tournament already has that name");
  TeamRecord team{0, tournament_id, in->team_name, caller.uuid, in->provider, clock_.now_text()};
  MemberRecord captain{0, caller.uuid, caller.user_id, in->user_name, in->ingame_id, "CAPTAIN", team.created_at};
  std::int64_t id = 0;
  switch (repository_.create_team(tenant_id, team, captain, id)) {
    case TournamentsRepository::Created::created:
      break;
    case TournamentsRepository::Created::closed:
      return Error::of(ErrorCode::registration_closed, "The tournament's bracket is drawn: registration is closed");
    case TournamentsRepository::Created::conflict:
      return already_in_team(tournament_id);  // lost a race with a second registration
  }
  team.id = id;
  return with_members(tenant_id, team);
}

Result<JoinRequestRecord> TournamentsService::send_join_request(std::int64_t tenant_id, const Caller& caller,
                                                                std::int64_t team_id, JoinInput input) {
  auto in = validate(std::move(input));
  if (!in) return in.error();
  auto team = repository_.team(tenant_id, team_id);
  if (!team) return Error::of(ErrorCode::team_not_found, "Team " + std::to_string(team_id) + " not found");
  auto info = tournaments_(tenant_id, team->tournament_id);
  if (!info) return Error::of(ErrorCode::team_not_found, "Team " + std::to_string(team_id) + " not found");
  if (repository_.team_of_member(tenant_id, team->tournament_id, caller.uuid))
    return already_in_team(team->tournament_id);
  if (repository_.has_pending_request(tenant_id, team_id, caller.uuid))
    return Error::of(ErrorCode::join_request_pending, "A request to join that team is already waiting");
  if (repository_.member_count(tenant_id, team_id) >= info->team_size)
    return Error::of(ErrorCode::team_full, "The team is full");
  JoinRequestRecord r;
  r.team_id = team_id;
  r.team_name = team->name;
  r.tournament_id = team->tournament_id;
  r.user_uuid = caller.uuid;
  r.user_id = caller.user_id;
  r.user_name = in->user_name;
  r.ingame_id = in->ingame_id;
  r.provider = in->provider;
  r.status = "PENDING";
  r.created_at = clock_.now_text();
  auto id = repository_.add_request(tenant_id, r);
  if (!id) return Error::of(ErrorCode::join_request_pending, "A request to join that team is already waiting");
  r.id = *id;
  r.members = repository_.member_count(tenant_id, team_id);
  if (notifier_)
    notifier_->notify(tenant_id, {team->captain_uuid,
                                  std::string(notifications::kTeamJoinRequest),
                                  {{"teamName", team->name}, {"userName", r.user_name},
                                   {"tournamentId", std::to_string(team->tournament_id)}},
                                  "/tournaments/details/" + std::to_string(team->tournament_id),
                                  "join-request:" + std::to_string(r.id)});
  return r;
}

Result<JoinRequestRecord> TournamentsService::answer_request(std::int64_t tenant_id, const Caller& caller,
                                                             std::int64_t request_id, AnswerInput input) {
  auto in = validate(std::move(input));
  if (!in) return in.error();
  auto request = repository_.request(tenant_id, request_id);
  if (!request)
    return Error::of(ErrorCode::join_request_not_found, "Join request " + std::to_string(request_id) + " not found");
  auto team = repository_.team(tenant_id, request->team_id);
  if (!team || team->captain_uuid != caller.uuid)
    return Error::of(ErrorCode::not_team_captain, "Only the team's captain answers its join requests");
  if (!in->user_id.empty() && in->user_id != request->user_id)
    return Error::invalid("userId", "is not the user who sent that request");
  if (request->status != "PENDING")
    return Error::of(ErrorCode::request_already_answered, "That join request was already answered");
  std::optional<MemberRecord> member;
  if (in->status == "ACCEPTED") {
    if (repository_.team_of_member(tenant_id, request->tournament_id, request->user_uuid))
      return already_in_team(request->tournament_id);
    auto info = tournaments_(tenant_id, request->tournament_id);
    if (info && repository_.member_count(tenant_id, request->team_id) >= info->team_size)
      return Error::of(ErrorCode::team_full, "The team is full");
    member = MemberRecord{request->team_id, request->user_uuid, request->user_id, request->user_name,
                          request->ingame_id, "MEMBER", clock_.now_text()};
  }
  switch (repository_.answer_request(tenant_id, *request, in->status, member, clock_.now_text())) {
    case TournamentsRepository::Answered::not_pending:
      return Error::of(ErrorCode::request_already_answered, "That join request was already answered");
    case TournamentsRepository::Answered::conflict:
      return already_in_team(request->tournament_id);
    case TournamentsRepository::Answered::yes:
      break;
  }
  if (notifier_)
    notifier_->notify(tenant_id, {request->user_uuid,
                                  std::string(in->status == "ACCEPTED" ? notifications::kTeamRequestAccepted
                                                                       : notifications::kTeamRequestDeclined),
                                  {{"teamName", request->team_name},
                                   {"tournamentId", std::to_string(request->tournament_id)}},
                                  "/tournaments/details/" + std::to_string(request->tournament_id),
                                  "join-answer:" + std::to_string(request->id)});
  auto answered = repository_.request(tenant_id, request_id);
  return answered ? *answered : *request;
}

std::int64_t TournamentsService::mark_notified(std::int64_t tenant_id, const Caller& caller, std::int64_t team_id,
                                               const std::string& provider) {
  return repository_.mark_notified(tenant_id, caller.uuid, team_id, provider, clock_.now_text());
}

std::vector<NotificationRecord> TournamentsService::team_notifications(std::int64_t tenant_id,
                                                                      const std::optional<Caller>& caller,
                                                                      std::int64_t tournament_id) {
  if (!caller) return {};
  return repository_.notifications(tenant_id, caller->uuid, tournament_id);
}

std::vector<JoinRequestRecord> TournamentsService::pending_requests(std::int64_t tenant_id,
                                                                    const std::optional<Caller>& caller,
                                                                    std::int64_t tournament_id) {
  if (!caller) return {};
  return repository_.pending_for_captain(tenant_id, caller->uuid, tournament_id);
}

}  // namespace portal::tournaments
