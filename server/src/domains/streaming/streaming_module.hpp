#pragma once
// Streaming as the composition root assembles it (app/app.cpp): the players' URLs through the entitlement decision,
// play tickets (so many per user and window), usage reports and play history recorded as events.
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/events/events_service.hpp"
#include "domains/purchases/purchases_service.hpp"
#include "domains/streaming/streaming_repository.hpp"
#include "domains/streaming/streaming_service.hpp"

namespace portal::streaming {

struct Streaming {
  struct Deps {
    db::Database& database;
    purchases::PurchasesService& purchases;
    catalog::CatalogService& catalog;
    events::EventsService& events;
    const core::Clock& clock;
    int tickets_per_window;
  };
  explicit Streaming(Deps deps);

  StreamingRepository repository;
  StreamingService service;
};

std::unique_ptr<Streaming> make_streaming(Streaming::Deps deps);

}  // namespace portal::streaming
