#pragma once
// The wire shapes of the games calls: request bodies (http::read_body) and answers
// (described structs serialised by boost::json::value_from; their JSON Schema documents the calls).
#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/body.hpp"
#include "domains/purchases/purchases_dto.hpp"

namespace portal::games {

// ---- request bodies (commerce §7)
struct PlayBody {
  http::Id articleId;
  std::optional<http::Text> distributionChannel;
  std::optional<http::Text> deviceId;
  std::optional<bool> consume;  // true: the user confirmed spending a credit
};
BOOST_DESCRIBE_STRUCT(PlayBody, (), (articleId, distributionChannel, deviceId, consume))
struct ArcadeBody {
  http::Id contentId;
  std::optional<http::Text> protocol;
  std::optional<http::Text> deviceId;
  std::optional<bool> consume;
};
BOOST_DESCRIBE_STRUCT(ArcadeBody, (), (contentId, protocol, deviceId, consume))
struct ScoreBody {
  std::string session;
  std::int64_t score = 0;
};
BOOST_DESCRIBE_STRUCT(ScoreBody, (), (session, score))
// ---- answers
struct PlayDto {
  std::string uri;
  std::string session;
  std::int64_t expires = 0;  // epoch ms of the signed URL; 0 = a public (free) game page
  std::string sessionExpiresAt;
  bool useGameFrame = true;  // false: open the game in a window of its own
};
BOOST_DESCRIBE_STRUCT(PlayDto, (), (uri, session, expires, sessionExpiresAt, useGameFrame))
struct StandingDto {
  std::int64_t rank = 0;
  std::int64_t score = 0;
};
BOOST_DESCRIBE_STRUCT(StandingDto, (), (rank, score))
struct CompetitionDto {
  std::int64_t contentId = 0;
  std::string title;
  std::string leaderboard;  // the leaderboard call of this competition
  std::int64_t players = 0;
  std::optional<StandingDto> me;
};
BOOST_DESCRIBE_STRUCT(CompetitionDto, (), (contentId, title, leaderboard, players, me))
struct ArcadeDto {
  std::string uri;
  std::string session;
  std::int64_t expires = 0;
  std::string sessionExpiresAt;
  bool useGameFrame = true;
  CompetitionDto competition;
};
BOOST_DESCRIBE_STRUCT(ArcadeDto, (), (uri, session, expires, sessionExpiresAt, useGameFrame, competition))
struct ScoredDto {
  std::int64_t score = 0;
  std::int64_t best = 0;
  std::int64_t rank = 0;
};
BOOST_DESCRIBE_STRUCT(ScoredDto, (), (score, best, rank))
struct EntryDto {
  std::int64_t rank = 0;
  std::string name;
  std::int64_t score = 0;
  bool me = false;
};
BOOST_DESCRIBE_STRUCT(EntryDto, (), (rank, name, score, me))
struct LeaderboardDto {
  std::int64_t contentId = 0;
  std::vector<EntryDto> entries;
  std::optional<StandingDto> me;
  std::int64_t players = 0;
};
BOOST_DESCRIBE_STRUCT(LeaderboardDto, (), (contentId, entries, me, players))

}  // namespace portal::games
