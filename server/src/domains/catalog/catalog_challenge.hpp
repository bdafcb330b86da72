#pragma once
// A challenge of the catalog (contracts.md "Challenges") resolved to one
// language: texts in lang, its game's Article answer (nullopt when the game
// left the catalog), and whether the caller opted in. The challenges domain
// adds the caller's progress and answers it (challenges_dto.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domains/catalog/catalog_dto.hpp"
#include "domains/catalog/catalog_types.hpp"

namespace portal::catalog {

struct ChallengeReward {
  std::string currency;  // TICKETS, ...
  std::int64_t amount = 0;
};

struct ChallengeStep {
  std::int64_t id = 0;
  std::string title;
  std::string goal;  // "" when the file gives none
  std::vector<ChallengeReward> rewards;
};

struct Challenge {
  std::int64_t id = 0;
  std::string title;
  std::string description;
  bool chained = false;
  std::optional<std::string> starts_at;  // ISO-8601; nullopt: no start
  std::optional<std::string> ends_at;    // ISO-8601; nullopt: no end
  std::int64_t game_id = 0;
  std::optional<ArticleDto> game;
  std::vector<ChallengeStep> steps;
  bool opted_in = false;
};

// The stored challenge c in lang (the import validated its document:
// docs/catalog-format.md challenges[]).
Challenge challenge_of(const ChallengeRecord& c, std::string_view lang, std::optional<ArticleDto> game, bool opted_in);

}  // namespace portal::catalog
