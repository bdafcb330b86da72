#pragma once
// The tournament statements. Every one filters by tenant_id ($1).
#include <string_view>

namespace portal::tournaments::sql {

inline constexpr std::string_view kInsertTeam =
    "INSERT INTO tournament_teams (tenant_id, tournament_id, name, captain_uuid, provider, created_at) "
    "VALUES ($1, $2, $3, $4, $5, $6) RETURNING id";
// A team (TeamRecord); the bracket reads teams by it too.
#define PORTAL_TEAM_COLUMNS "id, tournament_id, name, captain_uuid, provider, created_at"
inline constexpr std::string_view kTeam =
    "SELECT " PORTAL_TEAM_COLUMNS " FROM tournament_teams "
    "WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kTeamNameTaken =
    "SELECT 1 FROM tournament_teams WHERE tenant_id = $1 AND tournament_id = $2 AND name = $3";
inline constexpr std::string_view kCaptainTeam =
    "SELECT id FROM tournament_teams WHERE tenant_id = $1 AND captain_uuid = $2 ORDER BY id LIMIT 1";

inline constexpr std::string_view kInsertMember =
    "INSERT INTO tournament_team_members (tenant_id, team_id, tournament_id, user_uuid, user_id, user_name, "
    "ingame_id, role, joined_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
inline constexpr std::string_view kMembers =
    "SELECT team_id, user_uuid, user_id, user_name, ingame_id, role, joined_at FROM tournament_team_members "
    "WHERE tenant_id = $1 AND team_id = $2 ORDER BY joined_at, user_id";
inline constexpr std::string_view kMemberCount =
    "SELECT COUNT(*) FROM tournament_team_members WHERE tenant_id = $1 AND team_id = $2";
inline constexpr std::string_view kTeamOfMember =
    "SELECT team_id FROM tournament_team_members WHERE tenant_id = $1 AND tournament_id = $2 AND user_uuid = $3";

#define PORTAL_REQUEST_COLUMNS                                                                                  \
  "r.id, r.team_id, t.name AS team_name, t.tournament_id, r.user_uuid, r.user_id, r.user_name, r.ingame_id, "   \
  "r.provider, r.status, r.created_at, r.answered_at, "                                                         \
  "(SELECT COUNT(*) FROM tournament_team_members m WHERE m.tenant_id = r.tenant_id AND m.team_id = r.team_id) " \
  "AS members"

inline constexpr std::string_view kInsertRequest =
    "INSERT INTO tournament_join_requests (tenant_id, team_id, user_uuid, user_id, user_name, ingame_id, provider, "
    "status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'PENDING', $8) RETURNING id";
inline constexpr std::string_view kPendingOf =
    "SELECT 1 FROM tournament_join_requests WHERE tenant_id = $1 AND team_id = $2 AND user_uuid = $3 "
    "AND status = 'PENDING'";
// The teams of a tournament a user asked to join, not answered yet.
inline constexpr std::string_view kPendingTeamsOf =
    "SELECT r.team_id FROM tournament_join_requests r JOIN tournament_teams t ON t.tenant_id = r.tenant_id "
    "AND t.id = r.team_id WHERE r.tenant_id = $1 AND t.tournament_id = $2 AND r.user_uuid = $3 "
    "AND r.status = 'PENDING' ORDER BY r.team_id";
inline constexpr std::string_view kRequest =
    "SELECT " PORTAL_REQUEST_COLUMNS " FROM tournament_join_requests r JOIN tournament_teams t "
    "ON t.tenant_id = r.tenant_id AND t.id = r.team_id WHERE r.tenant_id = $1 AND r.id = $2";
// Pending requests to the teams the caller captains ($3: tournament id, 0 = any).
inline constexpr std::string_view kPendingForCaptain =
    "SELECT " PORTAL_REQUEST_COLUMNS " FROM tournament_join_requests r JOIN tournament_teams t "
    "ON t.tenant_id = r.tenant_id AND t.id = r.team_id WHERE r.tenant_id = $1 AND t.captain_uuid = $2 "
    "AND (t.tournament_id = $3 OR $3 = 0) AND r.status = 'PENDING' ORDER BY r.created_at, r.id LIMIT 100";
// The answer moves a request only while it is pending: two captains' clicks
// racing answer it once.
inline constexpr std::string_view kAnswerRequest =
    "UPDATE tournament_join_requests SET status = $3, answered_at = $4 WHERE tenant_id = $1 AND id = $2 "
    "AND status = 'PENDING'";

inline constexpr std::string_view kInsertInvitation =
    "INSERT INTO tournament_invitations (tenant_id, team_id, user_uuid, kind, provider, notified, created_at) "
    "VALUES ($1, $2, $3, $4, $5, 0, $6)";
// Unnotified notifications of a user ($3: tournament id, 0 = any).
inline constexpr std::string_view kNotifications =
    "SELECT i.id, i.team_id, t.name AS team_name, t.tournament_id, i.kind, i.provider, i.created_at "
    "FROM tournament_invitations i "
    "JOIN tournament_teams t ON t.tenant_id = i.tenant_id AND t.id = i.team_id WHERE i.tenant_id = $1 "
    "AND i.user_uuid = $2 AND i.notified = 0 AND (t.tournament_id = $3 OR $3 = 0) ORDER BY i.created_at, i.id LIMIT 100";
// $3 team id (0 = every team), $4 provider ('' = any), $5 now.
inline constexpr std::string_view kMarkNotified =
    "UPDATE tournament_invitations SET notified = 1, notified_at = $5 WHERE tenant_id = $1 AND user_uuid = $2 "
    "AND notified = 0 AND (team_id = $3 OR $3 = 0) AND ($4 = '' OR provider = $4)";


}  // namespace portal::tournaments::sql
