#pragma once
// The bracket statements. Every one filters by tenant_id ($1).
#include <string_view>

#include "domains/tournaments/tournaments_sql.hpp"  // PORTAL_TEAM_COLUMNS

namespace portal::tournaments::sql {

// The registration row (made by the first team or the draw), then the update
// that takes its row lock: registration only while it is open.
inline constexpr std::string_view kEnsureBracket =
    "INSERT INTO tournament_brackets (tenant_id, tournament_id, state, registered, rounds, created_at) "
    "VALUES ($1, $2, 'REGISTRATION', 0, 0, $3) ON CONFLICT (tenant_id, tournament_id) DO NOTHING";
inline constexpr std::string_view kCountRegistration =
    "UPDATE tournament_brackets SET registered = registered + 1 WHERE tenant_id = $1 AND tournament_id = $2 "
    "AND state = 'REGISTRATION'";
inline constexpr std::string_view kCloseRegistration =
    "UPDATE tournament_brackets SET state = 'DRAWN', drawn_at = $3 WHERE tenant_id = $1 AND tournament_id = $2 "
    "AND state = 'REGISTRATION'";
inline constexpr std::string_view kSetRounds =
    "UPDATE tournament_brackets SET rounds = $3 WHERE tenant_id = $1 AND tournament_id = $2";
inline constexpr std::string_view kFinish =
    "UPDATE tournament_brackets SET state = 'FINISHED', champion_team_id = $3 WHERE tenant_id = $1 "
    "AND tournament_id = $2 AND state = 'DRAWN'";
inline constexpr std::string_view kBracket =
    "SELECT tournament_id, state, registered, rounds, champion_team_id, created_at, drawn_at FROM tournament_brackets "
    "WHERE tenant_id = $1 AND tournament_id = $2";

// Teams in registration order (their seeds).
inline constexpr std::string_view kTeams =
    "SELECT " PORTAL_TEAM_COLUMNS " FROM tournament_teams WHERE tenant_id = $1 AND tournament_id = $2 ORDER BY id";

#define PORTAL_MATCH_COLUMNS                                                                                  \
  "id, tournament_id, round, position, home_team_id, away_team_id, status, winner_team_id, decided_by, reports, " \
  "decided_at"
inline constexpr std::string_view kInsertMatch =
    "INSERT INTO tournament_matches (tenant_id, tournament_id, round, position, home_team_id, away_team_id, status, "
    "winner_team_id, decided_by, reports, decided_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10)";
inline constexpr std::string_view kMatches =
    "SELECT " PORTAL_MATCH_COLUMNS " FROM tournament_matches WHERE tenant_id = $1 AND tournament_id = $2 "
    "ORDER BY round, position";
inline constexpr std::string_view kMatch =
    "SELECT " PORTAL_MATCH_COLUMNS " FROM tournament_matches WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kMatchAt =
    "SELECT " PORTAL_MATCH_COLUMNS " FROM tournament_matches WHERE tenant_id = $1 AND tournament_id = $2 "
    "AND round = $3 AND position = $4";

// The first statement of a report: takes the match's row lock while it is open.
inline constexpr std::string_view kLockOpenMatch =
    "UPDATE tournament_matches SET reports = reports + 1 WHERE tenant_id = $1 AND id = $2 "
    "AND status IN ('READY', 'DISPUTED')";
inline constexpr std::string_view kInsertReport =
    "INSERT INTO tournament_match_reports (tenant_id, match_id, team_id, reporter_uuid, winner_team_id, created_at) "
    "VALUES ($1, $2, $3, $4, $5, $6)";
inline constexpr std::string_view kMatchReports =
    "SELECT match_id, team_id, winner_team_id, created_at FROM tournament_match_reports WHERE tenant_id = $1 "
    "AND match_id = $2 ORDER BY created_at, team_id";
inline constexpr std::string_view kTournamentReports =
    "SELECT r.match_id, r.team_id, r.winner_team_id, r.created_at FROM tournament_match_reports r "
    "JOIN tournament_matches m ON m.id = r.match_id AND m.tenant_id = r.tenant_id "
    "WHERE r.tenant_id = $1 AND m.tournament_id = $2 ORDER BY r.match_id, r.team_id";
inline constexpr std::string_view kDecide =
    "UPDATE tournament_matches SET status = 'DONE', winner_team_id = $3, decided_by = $4, decided_at = $5 "
    "WHERE tenant_id = $1 AND id = $2 AND status IN ('READY', 'DISPUTED')";
inline constexpr std::string_view kDispute =
    "UPDATE tournament_matches SET status = 'DISPUTED' WHERE tenant_id = $1 AND id = $2 AND status = 'READY'";
// The winner takes its side of the next match.
inline constexpr std::string_view kAdvanceHome =
    "UPDATE tournament_matches SET home_team_id = $5 WHERE tenant_id = $1 AND tournament_id = $2 AND round = $3 "
    "AND position = $4 AND status = 'WAITING' AND home_team_id IS NULL";
inline constexpr std::string_view kAdvanceAway =
    "UPDATE tournament_matches SET away_team_id = $5 WHERE tenant_id = $1 AND tournament_id = $2 AND round = $3 "
    "AND position = $4 AND status = 'WAITING' AND away_team_id IS NULL";
inline constexpr std::string_view kReadyIfFull =
    "UPDATE tournament_matches SET status = 'READY' WHERE tenant_id = $1 AND tournament_id = $2 AND round = $3 "
    "AND position = $4 AND status = 'WAITING' AND home_team_id IS NOT NULL AND away_team_id IS NOT NULL";

}  // namespace portal::tournaments::sql
