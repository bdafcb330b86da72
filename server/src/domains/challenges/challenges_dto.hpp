#pragma once
// The challenges calls on the wire, as described structs (their OpenAPI
// schemas come from http::schema_of).
#include <boost/describe/class.hpp>
#include <boost/json/array.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/described_json.hpp"
#include "domains/catalog/catalog_dto.hpp"

namespace portal::challenges {

// A challenge step's progress: its id and what counts towards it (a
// ChallengeStepDto adds the catalog's title, goal and rewards).
struct StepProgressDto {
  std::int64_t id = 0;
  std::string kind;   // PLAY_GAME, PLAY_TRACKS or UNKNOWN
  std::int64_t target = 1;
  std::int64_t count = 0;  // counted plays, at most target
  bool done = false;       // its reward is in the ledger
  bool open = false;       // plays count for it now
  std::optional<std::string> rewardedAt;
};
BOOST_DESCRIBE_STRUCT(StepProgressDto, (), (id, kind, target, count, done, open, rewardedAt))

struct OptedInDto {
  std::int64_t challengeId = 0;
  bool optedIn = true;
  std::optional<std::string> optedInAt;
  std::int64_t completedSteps = 0;
  std::int64_t ticketsEarned = 0;
  std::vector<StepProgressDto> steps;
};
BOOST_DESCRIBE_STRUCT(OptedInDto, (), (challengeId, optedIn, optedInAt, completedSteps, ticketsEarned, steps))

struct AmountDto {
  std::string currency;
  std::int64_t amount = 0;
};
BOOST_DESCRIBE_STRUCT(AmountDto, (), (currency, amount))

// A step of a challenge: its progress (StepProgressDto's members first), then
// what the catalog has of it (title, goal, rewards).
struct ChallengeStepDto : StepProgressDto {
  std::string title;
  std::string goal;
  std::vector<AmountDto> rewards;
};
BOOST_DESCRIBE_STRUCT(ChallengeStepDto, (StepProgressDto), (title, goal, rewards))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const ChallengeStepDto& dto) {
  jv = core::described_object(dto);
}

// A challenge (contracts.md "Challenges"), texts in the asked language, with
// the caller's progress (guests: nothing opted in).
struct ChallengeDto {
  std::int64_t id = 0;
  std::string title;
  std::string description;
  bool chained = false;
  std::optional<std::string> startsAt;
  std::optional<std::string> endsAt;
  std::int64_t gameId = 0;
  std::optional<catalog::ArticleDto> game;  // null when the game left the catalog
  std::vector<ChallengeStepDto> challengeSteps;
  bool optedIn = false;
  std::optional<std::string> optedInAt;
  std::int64_t completedSteps = 0;
  std::int64_t ticketsEarned = 0;
};
BOOST_DESCRIBE_STRUCT(ChallengeDto, (), (id, title, description, chained, startsAt, endsAt, gameId, game,
                                         challengeSteps, optedIn, optedInAt, completedSteps, ticketsEarned))

struct ChallengePropertiesDto {
  std::string type = "challenge";
  ChallengeDto challenge;
};
BOOST_DESCRIBE_STRUCT(ChallengePropertiesDto, (), (type, challenge))

// The card of the fragment: the challenge's title, its game's title, image and page ("" without a game).
struct ChallengeCardDto {
  std::string title;
  std::string subTitle;
  std::optional<std::string> imageUrl;
  std::string clickUrl;
  ChallengePropertiesDto customProperties;
};
BOOST_DESCRIBE_STRUCT(ChallengeCardDto, (), (title, subTitle, imageUrl, clickUrl, customProperties))

// fragments_get-challenge-by-id: a page structure node (ConfigNode) without children.
struct ChallengeFragmentDto {
  std::string id;  // the challenge id, in digits
  std::string name = "fragments_get-challenge-by-id";
  ChallengeCardDto data;
  boost::json::array substructure;  // always []
};
BOOST_DESCRIBE_STRUCT(ChallengeFragmentDto, (), (id, name, data, substructure))

struct LedgerEntryDto {
  std::string id;
  std::string currency;
  std::int64_t amount = 0;  // positive: a credit
  std::string reason;       // CHALLENGE_STEP
  std::optional<std::int64_t> challengeId;
  std::optional<std::int64_t> stepId;
  std::string challengeTitle;
  std::string stepTitle;
  std::string createdAt;
};
BOOST_DESCRIBE_STRUCT(LedgerEntryDto, (), (id, currency, amount, reason, challengeId, stepId, challengeTitle,
                                           stepTitle, createdAt))

struct RewardsDto {
  AmountDto balance;
  std::vector<LedgerEntryDto> entries;
  std::int64_t total = 0;
  std::int64_t offset = 0;
  std::int64_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(RewardsDto, (), (balance, entries, total, offset, limit))

}  // namespace portal::challenges
