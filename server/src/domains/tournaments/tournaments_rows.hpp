#pragma once
// The tournament and bracket records as the repositories read them (db/row_struct.hpp): each
// described member is a column, in the order of the SELECTs in tournaments_sql.hpp and
// bracket_sql.hpp.
#include <boost/describe/class.hpp>

#include "db/row_struct.hpp"
#include "domains/tournaments/bracket_sql.hpp"
#include "domains/tournaments/bracket_types.hpp"
#include "domains/tournaments/tournaments_sql.hpp"
#include "domains/tournaments/tournaments_types.hpp"

namespace portal::tournaments {

BOOST_DESCRIBE_STRUCT(TeamRecord, (), (id, tournament_id, name, captain_uuid, provider, created_at))
static_assert(db::columns_match<TeamRecord>(PORTAL_TEAM_COLUMNS));
BOOST_DESCRIBE_STRUCT(MemberRecord, (), (team_id, user_uuid, user_id, user_name, ingame_id, role, joined_at))
BOOST_DESCRIBE_STRUCT(JoinRequestRecord, (), (id, team_id, team_name, tournament_id, user_uuid, user_id, user_name,
                                              ingame_id, provider, status, created_at, answered_at, members))
static_assert(db::columns_match<JoinRequestRecord>(PORTAL_REQUEST_COLUMNS));
BOOST_DESCRIBE_STRUCT(NotificationRecord, (), (id, team_id, team_name, tournament_id, kind, provider, created_at))

BOOST_DESCRIBE_STRUCT(BracketRecord, (), (tournament_id, state, registered, rounds, champion_team_id, created_at,
                                          drawn_at))
BOOST_DESCRIBE_STRUCT(MatchRecord, (), (id, tournament_id, round, position, home_team_id, away_team_id, status,
                                        winner_team_id, decided_by, reports, decided_at))
static_assert(db::columns_match<MatchRecord>(PORTAL_MATCH_COLUMNS));
BOOST_DESCRIBE_STRUCT(ReportRecord, (), (match_id, team_id, winner_team_id, created_at))

}  // namespace portal::tournaments
