#pragma once
// The described answers of the tournament calls (tournaments_routes.hpp,
// bracket_routes.hpp; docs/contracts.md "Tournaments" and "Tournament
// brackets"): one struct per answer, serialised by value_from and in the
// OpenAPI document. tournaments_answers.hpp makes them from the domain types.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>
#include "http/body.hpp"

namespace portal::tournaments {

// Teams and join requests.
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

// The two structure fragments the client polls: a ConfigNode whose
// customProperties carry the list under `notifications` or `pendingRequests`.
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

// Brackets.
struct BracketTeamDto {
  std::int64_t id = 0;
  std::string name;
  std::int64_t seed = 0;  // 1 = registered first
  std::int64_t members = 0;
  std::string captainUserId;
};
BOOST_DESCRIBE_STRUCT(BracketTeamDto, (), (id, name, seed, members, captainUserId))

struct MatchDto {
  std::int64_t id = 0;  // 0 in a preview (registration still open)
  std::int64_t round = 1;
  std::int64_t position = 0;
  std::optional<std::int64_t> homeTeamId;
  std::optional<std::int64_t> awayTeamId;
  std::string status;
  std::optional<std::int64_t> winnerTeamId;
  std::optional<std::string> decidedBy;
  std::vector<std::int64_t> reportedBy;  // team ids whose captain reported
  bool canReport = false;                // the caller may report it now
};
BOOST_DESCRIBE_STRUCT(MatchDto, (),
                      (id, round, position, homeTeamId, awayTeamId, status, winnerTeamId, decidedBy, reportedBy,
                       canReport))

struct RoundDto {
  std::int64_t round = 1;
  std::vector<MatchDto> matches;
};
BOOST_DESCRIBE_STRUCT(RoundDto, (), (round, matches))

struct BracketDto {
  std::int64_t tournamentId = 0;
  std::string format = "SINGLE_ELIMINATION";
  std::string state;  // REGISTRATION | DRAWN | FINISHED
  bool preview = false;  // the rounds are the draw as it would be now
  std::int64_t teamSize = 1;
  std::vector<BracketTeamDto> teams;
  std::vector<RoundDto> rounds;
  std::optional<std::int64_t> championTeamId;
  std::optional<std::int64_t> myTeamId;
  std::vector<std::int64_t> myPendingTeamIds;  // teams the caller asked to join, not answered yet ("Request sent")
  bool captain = false;     // the caller captains myTeamId
  bool organizer = false;   // the caller may draw and settle
  std::optional<std::string> drawnAt;
};
BOOST_DESCRIBE_STRUCT(BracketDto, (),
                      (tournamentId, format, state, preview, teamSize, teams, rounds, championTeamId, myTeamId,
                       myPendingTeamIds, captain, organizer, drawnAt))

// News and videos.
struct MediaDto {
  std::int64_t id = 0;
  std::int64_t tournamentId = 0;
  std::string kind;
  std::string language;
  std::string title;
  std::string summary;
  std::string body;  // paragraphs separated by blank lines
  std::string imageUrl;
  std::string videoUrl;
  std::int64_t duration = 0;
  std::string publishedAt;
};
BOOST_DESCRIBE_STRUCT(MediaDto, (),
                      (id, tournamentId, kind, language, title, summary, body, imageUrl, videoUrl, duration,
                       publishedAt))

struct MediaListDto {
  std::vector<MediaDto> news;
  std::vector<MediaDto> videos;
};
BOOST_DESCRIBE_STRUCT(MediaListDto, (), (news, videos))

// ---- moved from tournaments_routes.cpp

// Request bodies (http::read_body). In-game ids and names may come as numbers
// (http::Text); the service checks lengths and characters.
struct RegisterBody {
  http::Text userName;
  http::Text ingameId;
  http::Text teamName;
  http::Text provider;
};
BOOST_DESCRIBE_STRUCT(RegisterBody, (), (userName, ingameId, teamName, provider))
struct JoinBody {
  http::Text userName;
  http::Text ingameId;
  http::Text provider;
};
BOOST_DESCRIBE_STRUCT(JoinBody, (), (userName, ingameId, provider))
struct AnswerBody {
  http::Text provider;
  http::Text status;                 // ACCEPTED | DECLINED
  std::optional<http::Text> userId;  // the requester's; not checked when missing
};
BOOST_DESCRIBE_STRUCT(AnswerBody, (), (provider, status, userId))

// ---- moved from bracket_routes.cpp

struct ResultBody {
  std::int64_t winnerTeamId = 0;
};
BOOST_DESCRIBE_STRUCT(ResultBody, (), (winnerTeamId))

}  // namespace portal::tournaments
