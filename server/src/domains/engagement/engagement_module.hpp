#pragma once
// Likes and ratings as the composition root assembles them (app/app.cpp): the articles the request may see come from
// the catalog, in its rating window (the adapters of engagement_module.cpp).
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/engagement/engagement_repository.hpp"
#include "domains/engagement/engagement_service.hpp"

namespace portal::engagement {

struct Engagement {
  struct Deps {
    db::Database& database;
    catalog::CatalogService& catalog;
    const core::Clock& clock;
  };
  explicit Engagement(Deps deps);

  EngagementRepository repository;
  EngagementService service;
};

std::unique_ptr<Engagement> make_engagement(Engagement::Deps deps);

}  // namespace portal::engagement
