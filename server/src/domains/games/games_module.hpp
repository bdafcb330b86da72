#pragma once
// Games as the composition root assembles them (app/app.cpp): play through the entitlement decision, score sessions
// bounded by each engine's maximum score (data_dir/games), leaderboards.
#include <filesystem>
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/events/events_service.hpp"
#include "domains/games/games_repository.hpp"
#include "domains/games/games_service.hpp"
#include "domains/purchases/purchases_service.hpp"

namespace portal::games {

struct Games {
  struct Deps {
    db::Database& database;
    purchases::PurchasesService& purchases;
    catalog::CatalogService& catalog;
    events::EventsService& events;
    const core::Clock& clock;
    std::filesystem::path games_dir;  // data_dir/games: each engine's maximum score
  };
  explicit Games(Deps deps);

  GamesRepository repository;
  GamesService service;
};

std::unique_ptr<Games> make_games(Games::Deps deps);

}  // namespace portal::games
