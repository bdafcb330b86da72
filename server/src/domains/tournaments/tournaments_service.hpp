#pragma once
// Tournament teams (commerce §7 tournament calls; docs/contracts.md
// "Tournaments"): registering a team, asking to join one, the captain's
// answer, and the two fragments the client polls (team notifications, pending
// requests). Expected failures are Result errors; blocking (database pool).
#include <boost/json/object.hpp>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "domains/notifications/notifier.hpp"
#include "domains/tournaments/tournaments_errors.hpp"
#include "domains/tournaments/tournaments_types.hpp"

namespace portal::tournaments {

class TournamentsRepository;

// A catalog article as a tournament: nullopt unless its content type is
// "tournament"; team_size from customProperties.teamSize (default 1).
std::optional<TournamentInfo> tournament_info(std::int64_t id, std::string_view content_type,
                                              const boost::json::object& doc);

// Checks of the request bodies: 400 VALIDATION_ERROR naming the field.
Result<RegisterInput> validate(RegisterInput in);
Result<JoinInput> validate(JoinInput in);
Result<AnswerInput> validate(AnswerInput in);
// The markInvitationNotified teamId: a team id, or "smartlink" (every team: 0).
Result<std::int64_t> parse_team_scope(std::string_view team_id);

class TournamentsService {
 public:
  // A tournament article of the tenant, nullopt when there is none.
  using TournamentLookup = std::function<std::optional<TournamentInfo>(std::int64_t tenant_id, std::int64_t id)>;

  // `notifier` (optional) tells the captain of a join request and the
  // requester of the answer.
  TournamentsService(TournamentsRepository& repository, TournamentLookup tournaments, const core::Clock& clock,
                     notifications::Notifier* notifier = nullptr);

  // 201 Team with the caller as captain. 404 TOURNAMENT_NOT_FOUND; 409
  // ALREADY_IN_TEAM (the caller is in a team of that tournament), TEAM_NAME_TAKEN.
  Result<TeamDto> register_team(std::int64_t tenant_id, const Caller& caller, std::int64_t tournament_id,
                                      RegisterInput input);
  // 201 JoinRequest (PENDING). 404 TEAM_NOT_FOUND; 409 ALREADY_IN_TEAM,
  // JOIN_REQUEST_PENDING, TEAM_FULL.
  Result<JoinRequestDto> send_join_request(std::int64_t tenant_id, const Caller& caller, std::int64_t team_id,
                                                 JoinInput input);
  // The captain accepts or declines; the requester gets a notification. 404
  // JOIN_REQUEST_NOT_FOUND; 403 NOT_TEAM_CAPTAIN; 400 naming userId when it is
  // not the requester's; 409 REQUEST_ALREADY_ANSWERED, ALREADY_IN_TEAM, TEAM_FULL.
  Result<JoinRequestDto> answer_request(std::int64_t tenant_id, const Caller& caller, std::int64_t request_id,
                                              AnswerInput input);
  // Marks the caller's unseen notifications of one team (0: all) and provider
  // ("" any) as seen; answers how many.
  std::int64_t mark_notified(std::int64_t tenant_id, const Caller& caller, std::int64_t team_id,
                             const std::string& provider);

  // The ConfigNodes of the fragments; guests (nullopt) get count 0.
  // tournament_id 0 = every tournament.
  boost::json::object team_notifications(std::int64_t tenant_id, const std::optional<Caller>& caller,
                                         std::int64_t tournament_id, std::string_view fragment_id);
  boost::json::object pending_requests(std::int64_t tenant_id, const std::optional<Caller>& caller,
                                       std::int64_t tournament_id, std::string_view fragment_id);

 private:
  TeamDto team_dto(std::int64_t tenant_id, const TeamRecord& team);
  std::string now() const;

  TournamentsRepository& repository_;
  TournamentLookup tournaments_;
  const core::Clock& clock_;
  notifications::Notifier* notifier_;
};

}  // namespace portal::tournaments
