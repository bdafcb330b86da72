#pragma once
// Tournament brackets (docs/contracts.md "Tournament brackets"): the bracket
// of a tournament (a preview of the draw while registration is open), the
// draw (the tenant's organizer closes registration; idempotent), match
// results (both captains agree, or the organizer settles) and the winner
// advancing. Tournament news and videos. Answers domain types
// (tournaments_answers.hpp makes the wire shapes); expected failures are
// Result errors; blocking (database pool).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "domains/tournaments/bracket_types.hpp"
#include "domains/tournaments/tournament_media_file.hpp"
#include "domains/tournaments/tournaments_service.hpp"

namespace portal::tournaments {

class BracketRepository;
class TournamentsRepository;

// 1-based seeds of the slots of a bracket of `size` (a power of two), in
// slot order: 1, size, size/2 + 1 … so that the top seeds meet last.
std::vector<std::int64_t> seed_order(std::int64_t size);
// Single elimination for the teams in seed order: round 1 pairs the seeds
// (a missing opponent is a BYE the top seed wins), later rounds wait.
std::vector<MatchRecord> plan_single_elimination(const std::vector<TeamRecord>& teams);

class BracketService {
 public:
  using TournamentLookup = TournamentsService::TournamentLookup;

  BracketService(BracketRepository& brackets, TournamentsRepository& teams, TournamentLookup tournaments,
                 const core::Clock& clock);

  // TOURNAMENT_NOT_FOUND. Before the draw the rounds are a preview.
  Result<Bracket> bracket(std::int64_t tenant_id, const std::optional<Caller>& caller, bool organizer,
                          std::int64_t tournament_id);
  // Closes registration and draws (organizer only); a drawn bracket is
  // answered as it is. NOT_ORGANIZER; TOURNAMENT_NOT_FOUND;
  // NOT_ENOUGH_TEAMS.
  Result<Bracket> draw(std::int64_t tenant_id, const Caller& caller, bool organizer, std::int64_t tournament_id);
  // A captain of one side (or the organizer) reports the winner; answers the
  // match after it. MATCH_NOT_FOUND; winnerTeamId invalid; NOT_IN_MATCH;
  // MATCH_NOT_READY, MATCH_DECIDED, MATCH_DISPUTED, ALREADY_REPORTED.
  Result<BracketMatch> report(std::int64_t tenant_id, const Caller& caller, bool organizer, std::int64_t match_id,
                             std::int64_t winner_team_id);

 private:

  BracketRepository& brackets_;
  TournamentsRepository& teams_;
  TournamentLookup tournaments_;
  const core::Clock& clock_;
};

class TournamentMediaService {
 public:
  TournamentMediaService(std::vector<MediaEntry> entries, TournamentsService::TournamentLookup tournaments);

  // kind "news" | "video"; NEWS_NOT_FOUND / VIDEO_NOT_FOUND (also when
  // the entry is not the tenant's or its tournament is not in its catalog).
  Result<MediaText> entry(std::int64_t tenant_id, const std::string& tenant_name, std::string_view kind,
                          std::int64_t id, const std::string& language) const;
  // A tournament's news and videos, newest first (bodies left out).
  MediaList of_tournament(std::int64_t tenant_id, const std::string& tenant_name, std::int64_t tournament_id,
                             const std::string& language) const;

 private:
  bool visible(const MediaEntry& e, std::int64_t tenant_id, const std::string& tenant_name) const;

  std::vector<MediaEntry> entries_;
  TournamentsService::TournamentLookup tournaments_;
};

}  // namespace portal::tournaments
