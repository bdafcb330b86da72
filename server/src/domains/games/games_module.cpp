#include "domains/games/games_module.hpp"

namespace portal::games {

namespace {

Limits limits_from(const std::filesystem::path& games_dir) {
  Limits limits;
  limits.engine_max = engine_max_scores(games_dir.string());
  return limits;
}

}  // namespace

Games::Games(Deps deps)
    : repository(deps.database),
      service({repository, deps.purchases, deps.catalog, deps.events, deps.clock, limits_from(deps.games_dir)}) {}

std::unique_ptr<Games> make_games(Games::Deps deps) { return std::make_unique<Games>(std::move(deps)); }

}  // namespace portal::games
