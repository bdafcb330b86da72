#pragma once
// Play events as the composition root assembles them (app/app.cpp): streaming and games record them; one listener
// (challenges) hears them.
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "db/secrets.hpp"
#include "domains/events/events_repository.hpp"
#include "domains/events/events_service.hpp"

namespace portal::events {

struct Events {
  struct Deps {
    db::Database& database;
    const core::Clock& clock;
  };
  explicit Events(Deps deps)
      : repository(deps.database), service(repository, deps.clock, db::shared_secret(deps.database, "events-client")) {}

  EventsRepository repository;
  EventsService service;
};

inline std::unique_ptr<Events> make_events(Events::Deps deps) { return std::make_unique<Events>(deps); }

}  // namespace portal::events
