#pragma once
// Tournament teams (commerce §3 "Tournament notifications", §7 tournament
// calls; docs/contracts.md "Tournaments"): teams per tournament article, their
// members, join requests a captain answers, and the notifications those
// answers leave for the requester. No SQL or HTTP types.
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

// A team with its members (captain_user_id: the CAPTAIN member's userId).
struct Team {
  std::int64_t id = 0;
  std::int64_t tournament_id = 0;
  std::string name;
  std::string provider;
  std::string captain_user_id;
  std::vector<MemberRecord> members;
  std::string created_at;
};

}  // namespace portal::tournaments
