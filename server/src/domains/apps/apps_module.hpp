#pragma once
// The apps marketplace as the composition root assembles it (app/app.cpp): apps an owner registers and each user's
// consent to them; rows stored before migration 0026 get their name skeletons at start-up.
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/apps/apps_repository.hpp"
#include "domains/apps/apps_service.hpp"

namespace portal::apps {

struct Apps {
  struct Deps {
    db::Database& database;
    const core::Clock& clock;
  };
  explicit Apps(Deps deps) : repository(deps.database), service(repository, deps.clock) {
    service.fill_name_skeletons();  // rows stored before migration 0026
  }

  AppsRepository repository;
  AppsService service;
};

inline std::unique_ptr<Apps> make_apps(Apps::Deps deps) { return std::make_unique<Apps>(deps); }

}  // namespace portal::apps
