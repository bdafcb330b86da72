#pragma once
// Tournament teams (commerce §7 tournament calls; docs/contracts.md
// "Tournaments"): registering a team, asking to join one, the captain's
// answer, and the two fragments the client polls (team notifications, pending
// requests). Answers domain types (tournaments_answers.hpp makes the wire
// shapes); expected failures are Result errors; blocking (database pool).
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "domains/notifications/notifier.hpp"
#include "domains/tournaments/tournaments_errors.hpp"
#include "domains/tournaments/tournaments_types.hpp"

namespace portal::tournaments {

class TournamentsRepository;

// Checks of the request bodies: VALIDATION_ERROR naming the field.
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

  // The team with the caller as captain, created. TOURNAMENT_NOT_FOUND;
  // ALREADY_IN_TEAM (the caller is in a team of that tournament), TEAM_NAME_TAKEN.
  Result<Team> register_team(std::int64_t tenant_id, const Caller& caller, std::int64_t tournament_id,
                             RegisterInput input);
  // The request, PENDING, created. TEAM_NOT_FOUND; ALREADY_IN_TEAM,
  // JOIN_REQUEST_PENDING, TEAM_FULL.
  Result<JoinRequestRecord> send_join_request(std::int64_t tenant_id, const Caller& caller, std::int64_t team_id,
                                              JoinInput input);
  // The captain accepts or declines; the requester gets a notification.
  // JOIN_REQUEST_NOT_FOUND; NOT_TEAM_CAPTAIN; a validation error naming userId when it is
  // not the requester's; REQUEST_ALREADY_ANSWERED, ALREADY_IN_TEAM, TEAM_FULL.
  Result<JoinRequestRecord> answer_request(std::int64_t tenant_id, const Caller& caller, std::int64_t request_id,
                                           AnswerInput input);
  // Marks the caller's unseen notifications of one team (0: all) and provider
  // ("" any) as seen; answers how many.
  std::int64_t mark_notified(std::int64_t tenant_id, const Caller& caller, std::int64_t team_id,
                             const std::string& provider);

  // What the two fragments list: the caller's unseen notifications, and the
  // join requests waiting for the caller as captain (with team name and
  // member count). Guests (nullopt) get none; tournament_id 0 = every tournament.
  std::vector<NotificationRecord> team_notifications(std::int64_t tenant_id, const std::optional<Caller>& caller,
                                                     std::int64_t tournament_id);
  std::vector<JoinRequestRecord> pending_requests(std::int64_t tenant_id, const std::optional<Caller>& caller,
                                                  std::int64_t tournament_id);

 private:
  Team with_members(std::int64_t tenant_id, const TeamRecord& team);

  TournamentsRepository& repository_;
  TournamentLookup tournaments_;
  const core::Clock& clock_;
  notifications::Notifier* notifier_;
};

}  // namespace portal::tournaments
