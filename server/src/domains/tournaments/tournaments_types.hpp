#pragma once
// Tournament teams (commerce §3 "Tournament notifications", §7 tournament
// calls; docs/contracts.md "Tournaments"): teams per tournament article, their
// members, join requests a captain answers, and the notifications those
// answers leave for the requester. No SQL or HTTP types.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::tournaments {

inline constexpr std::size_t kMaxTextLength = 64;      // userName, ingameId, teamName
inline constexpr std::size_t kMaxProviderLength = 32;  // provider code, e.g. "steam", "psn"

// What the service needs of a tournament article (from the catalog).
struct TournamentInfo {
  std::int64_t id = 0;
  int team_size = 1;  // customProperties.teamSize (default 1: solo)
};

// The signed-in caller.
struct Caller {
  std::string uuid;     // users.uuid (storage key)
  std::string user_id;  // the public userId
};

// Rows as stored.
struct TeamRecord {
  std::int64_t id = 0;
  std::int64_t tournament_id = 0;
  std::string name;
  std::string captain_uuid;
  std::string provider;
  std::string created_at;
};

struct MemberRecord {
  std::int64_t team_id = 0;
  std::string user_uuid;
  std::string user_id;
  std::string user_name;
  std::string ingame_id;
  std::string role;  // CAPTAIN | MEMBER
  std::string joined_at;
};

struct JoinRequestRecord {
  std::int64_t id = 0;
  std::int64_t team_id = 0;
  std::string team_name;      // filled by reads that join the team
  std::int64_t tournament_id = 0;
  std::string user_uuid;
  std::string user_id;
  std::string user_name;
  std::string ingame_id;
  std::string provider;
  std::string status;  // PENDING | ACCEPTED | DECLINED
  std::string created_at;
  std::optional<std::string> answered_at;
  std::int64_t members = 0;  // the team's member count (pending-requests reads)
};

struct NotificationRecord {
  std::int64_t id = 0;
  std::int64_t team_id = 0;
  std::string team_name;
  std::int64_t tournament_id = 0;
  std::string kind;  // ACCEPTED | DECLINED (the answer to the caller's join request)
  std::string provider;
  std::string created_at;
};

// Request bodies.
struct RegisterInput {
  std::string user_name;
  std::string ingame_id;
  std::string team_name;
  std::string provider;
};
struct JoinInput {
  std::string user_name;
  std::string ingame_id;
  std::string provider;
};
struct AnswerInput {
  std::string provider;
  std::string status;   // ACCEPTED | DECLINED
  std::string user_id;  // the requester's userId; "" = not checked
};

// Wire shapes.
struct MemberDto {
  std::string userId;
  std::string userName;
  std::string ingameId;
  std::string role;
  std::string joinedAt;
};
BOOST_DESCRIBE_STRUCT(MemberDto, (), (userId, userName, ingameId, role, joinedAt))

struct TeamDto {
  std::int64_t id = 0;
  std::int64_t tournamentId = 0;
  std::string name;
  std::string provider;
  std::string captainUserId;
  std::vector<MemberDto> members;
  std::string createdAt;
};
BOOST_DESCRIBE_STRUCT(TeamDto, (), (id, tournamentId, name, provider, captainUserId, members, createdAt))

struct JoinRequestDto {
  std::int64_t id = 0;
  std::int64_t teamId = 0;
  std::string teamName;
  std::int64_t tournamentId = 0;
  std::string userId;
  std::string userName;
  std::string ingameId;
  std::string provider;
  std::string status;
  std::int64_t members = 0;
  std::string createdAt;
};
BOOST_DESCRIBE_STRUCT(JoinRequestDto, (),
                      (id, teamId, teamName, tournamentId, userId, userName, ingameId, provider, status, members,
                       createdAt))

struct NotificationDto {
  std::int64_t id = 0;
  std::int64_t teamId = 0;
  std::string teamName;
  std::int64_t tournamentId = 0;
  std::string kind;
  std::string createdAt;
};
BOOST_DESCRIBE_STRUCT(NotificationDto, (), (id, teamId, teamName, tournamentId, kind, createdAt))

// pendingRequests entries: {id, teamId, teamName, userName, ingameId, members, createdAt}.
struct PendingRequestDto {
  std::int64_t id = 0;
  std::int64_t teamId = 0;
  std::string teamName;
  std::string userName;
  std::string ingameId;
  std::int64_t members = 0;
  std::string createdAt;
};
BOOST_DESCRIBE_STRUCT(PendingRequestDto, (), (id, teamId, teamName, userName, ingameId, members, createdAt))

// PATCH markInvitationNotified: how many notifications it marked.
struct MarkedDto {
  std::int64_t updated = 0;
};
BOOST_DESCRIBE_STRUCT(MarkedDto, (), (updated))

// The two structure fragments (tournaments_service.cpp fragment_node): a node
// whose customProperties carry the list under `notifications` or `pendingRequests`.
struct NotificationListDto {
  std::int64_t count = 0;
  std::vector<NotificationDto> items;
};
BOOST_DESCRIBE_STRUCT(NotificationListDto, (), (count, items))
struct PendingRequestListDto {
  std::int64_t count = 0;
  std::vector<PendingRequestDto> requests;
};
BOOST_DESCRIBE_STRUCT(PendingRequestListDto, (), (count, requests))

struct NotificationsPropertiesDto {
  std::string type;  // tournament-team-notifications
  NotificationListDto notifications;
};
BOOST_DESCRIBE_STRUCT(NotificationsPropertiesDto, (), (type, notifications))
struct PendingPropertiesDto {
  std::string type;  // tournament-pending-requests
  PendingRequestListDto pendingRequests;
};
BOOST_DESCRIBE_STRUCT(PendingPropertiesDto, (), (type, pendingRequests))

struct NotificationsDataDto {
  std::string title, subTitle, imageUrl, clickUrl;  // "" (the client draws the fragment itself)
  NotificationsPropertiesDto customProperties;
};
BOOST_DESCRIBE_STRUCT(NotificationsDataDto, (), (title, subTitle, imageUrl, clickUrl, customProperties))
struct PendingDataDto {
  std::string title, subTitle, imageUrl, clickUrl;
  PendingPropertiesDto customProperties;
};
BOOST_DESCRIBE_STRUCT(PendingDataDto, (), (title, subTitle, imageUrl, clickUrl, customProperties))

struct NotificationsFragmentDto {
  std::string id;  // the {id} of the call
  std::string name;
  NotificationsDataDto data;
  std::vector<std::string> substructure;  // always empty
};
BOOST_DESCRIBE_STRUCT(NotificationsFragmentDto, (), (id, name, data, substructure))
struct PendingFragmentDto {
  std::string id;
  std::string name;
  PendingDataDto data;
  std::vector<std::string> substructure;  // always empty
};
BOOST_DESCRIBE_STRUCT(PendingFragmentDto, (), (id, name, data, substructure))

}  // namespace portal::tournaments
