#pragma once
// Bulk actions (issue 78 item 3) as the composition root assembles them: the jobs' service with each list's actions,
// and the worker that any instance runs under a lease.
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/bulk/bulk_articles.hpp"
#include "domains/bulk/bulk_repository.hpp"
#include "domains/bulk/bulk_runner.hpp"
#include "domains/bulk/bulk_service.hpp"

namespace portal::bulk {

struct Bulk {
  struct Deps {
    db::Database& database;
    const core::Clock& clock;
    catalog::admin::AdminService& catalog;
    RunnerPolicy policy = {};
  };
  explicit Bulk(Deps deps)
      : repository(deps.database), service(repository, deps.clock), runner(repository, service, deps.clock, deps.policy) {
    service.add_kind(kArticles, articles_kind(deps.catalog));
  }

  BulkRepository repository;
  BulkService service;
  BulkRunner runner;
};

inline std::unique_ptr<Bulk> make_bulk(Bulk::Deps deps) { return std::make_unique<Bulk>(std::move(deps)); }

}  // namespace portal::bulk
