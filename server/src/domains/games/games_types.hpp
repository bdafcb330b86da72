#pragma once
// Game sessions, scores and leaderboards (commerce §4 game play, §7 /game/*,
// getLeaderboard; docs/contracts.md "Games and leaderboards").
#include <boost/describe/class.hpp>
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace portal::games {

// How a session was opened: /game/play (entitled), /game/play-free (a free
// online game, guests too) or /game/arcade-competition.
enum class SessionKind { play, free, arcade };

// The payload of the instantPlay event a start records (commerce §4 instant
// play; challenges and reports/usage_source read articleId).
struct InstantPlayEvent {
  std::int64_t articleId = 0;
  std::string contentType;
  std::string distributionChannel;
  bool guest = false;
};
BOOST_DESCRIBE_STRUCT(InstantPlayEvent, (), (articleId, contentType, distributionChannel, guest))

struct GameSession {
  std::string id;  // the random token the page posts scores with
  std::int64_t tenant_id = 0;
  std::int64_t article_id = 0;
  std::optional<std::string> user_uuid;  // nullopt: a guest
  SessionKind kind = SessionKind::play;
  std::string created_at;
  std::string expires_at;
  std::optional<std::int64_t> best_score;
};

// One leaderboard row as stored, with the user's names when a user holds it.
struct ScoreRow {
  std::int64_t rank = 0;
  std::string player;  // "u:<uuid>" or "g:<session id>"
  std::int64_t score = 0;
  std::string name;       // users.name ("" for guests)
  std::string last_name;  // users.last_name
  std::string user_id;    // users.user_id
};

struct Standing {
  std::int64_t rank = 0;
  std::int64_t score = 0;
};

struct LeaderboardEntry {
  std::int64_t rank = 0;
  std::string name;
  std::int64_t score = 0;
  bool me = false;
};

struct Leaderboard {
  std::int64_t content_id = 0;
  std::vector<LeaderboardEntry> entries;  // the top 10
  std::optional<Standing> me;             // the caller's best, when they have one
  std::int64_t players = 0;
};

struct Limits {
  std::chrono::seconds session_lifetime{3 * 3600};
  std::chrono::seconds window{60};  // score posts are counted per minute
  int posts_per_session = 10;
  int posts_per_user = 30;
  std::int64_t max_score = 10'000'000;  // when the game names no maxScore of its own
  // data/games/<engine>/game.json "maxScore", by engine (customProperties.gameEngine).
  std::map<std::string, std::int64_t, std::less<>> engine_max;
};

// The player key of a leaderboard row: a user, or a guest's session.
inline std::string player_of(const GameSession& s) {
  return s.user_uuid ? "u:" + *s.user_uuid : "g:" + s.id;
}

}  // namespace portal::games
