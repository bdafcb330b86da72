#pragma once
// The expected failures of tournaments (teams, join requests, brackets, news
// and videos), as values; tournaments_answers.hpp maps them to the one error
// shape and decides the HTTP status. Nothing here knows HTTP.
#include <boost/system/result.hpp>

#include "core/domain_error.hpp"

namespace portal::tournaments {

enum class ErrorCode {
  invalid_field,             // a name, provider, status, userId, teamId or winnerTeamId: field and reason
  tournament_not_found,      // no tournament article of that id in the tenant
  registration_closed,       // the bracket is drawn
  already_in_team,           // the user has a team in that tournament
  team_name_taken,           // another team of the tournament has that name
  team_not_found,            // unknown, or its tournament left the catalog
  team_full,                 // the team has its tournament's team size
  join_request_pending,      // a request to join that team is already waiting
  join_request_not_found,
  not_team_captain,          // only the captain answers join requests
  request_already_answered,
  not_organizer,             // only the tenant's organizer draws a bracket
  not_enough_teams,          // a draw needs two teams
  match_not_found,
  match_not_ready,           // it waits for earlier winners
  match_decided,             // done, or a BYE
  match_disputed,            // the captains named different winners: the organizer decides
  already_reported,          // the caller's team reported this match
  not_in_match,              // neither captain of the match's teams (nor the organizer)
  news_not_found,
  video_not_found,
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::tournaments
