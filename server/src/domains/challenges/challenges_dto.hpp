#pragma once
// The challenges calls on the wire, as described structs (their OpenAPI
// schemas come from http::schema_of).
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <vector>

namespace portal::challenges {

// What a challenge step answers besides its catalog fields (id, title, goal, rewards).
struct StepProgressDto {
  std::int64_t id = 0;
  std::string kind;   // PLAY_GAME, PLAY_TRACKS or UNKNOWN
  std::int64_t target = 1;
  std::int64_t count = 0;
  bool done = false;
  bool open = false;
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
