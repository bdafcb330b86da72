#pragma once
// Tournaments as the composition root assembles them (app/app.cpp): teams and brackets of the catalog's tournament
// articles (read through the one lookup of tournaments_module.cpp), and their news and videos from a data file.
#include <filesystem>
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/notifications/notifier.hpp"
#include "domains/tournaments/bracket_repository.hpp"
#include "domains/tournaments/bracket_service.hpp"
#include "domains/tournaments/tournaments_repository.hpp"
#include "domains/tournaments/tournaments_service.hpp"

namespace portal::tournaments {

// A tournament article of the catalog as the tournaments see it (nullopt: none, or not a tournament).
TournamentsService::TournamentLookup tournaments_in(catalog::CatalogRepository& catalog);

struct Tournaments {
  struct Deps {
    db::Database& database;
    catalog::CatalogRepository& catalog;
    const core::Clock& clock;
    notifications::Notifier* notifier = nullptr;
    std::filesystem::path media_file;  // data/tournaments/media.json
  };
  explicit Tournaments(Deps deps);

  // The demo teams, then their brackets; throws on a broken data file.
  void seed_demo(db::Database& database, const std::vector<tenants::Tenant>& tenants);

  TournamentsRepository repository;
  TournamentsService service;
  BracketRepository brackets_repository;
  BracketService brackets;
  TournamentMediaService media;
};

std::unique_ptr<Tournaments> make_tournaments(Tournaments::Deps deps);

}  // namespace portal::tournaments
