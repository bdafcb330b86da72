#pragma once
// Challenges as the composition root assembles them (app/app.cpp): the play events of users who opted in move their
// steps (the service listens to events); each step's tickets land once and are announced.
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/challenges/challenges_repository.hpp"
#include "domains/challenges/challenges_service.hpp"
#include "domains/events/events_service.hpp"
#include "domains/notifications/notifier.hpp"

namespace portal::challenges {

struct Challenges {
  struct Deps {
    db::Database& database;
    catalog::CatalogService& catalog;
    notifications::Notifier* notifier;
    events::EventsService& events;  // the service listens to it
    const core::Clock& clock;
  };
  explicit Challenges(Deps deps)
      : repository(deps.database), service({repository, deps.catalog, deps.notifier, deps.clock}) {
    deps.events.listen(&service);
  }

  ChallengesRepository repository;
  ChallengesService service;
};

inline std::unique_ptr<Challenges> make_challenges(Challenges::Deps deps) {
  return std::make_unique<Challenges>(deps);
}

}  // namespace portal::challenges
