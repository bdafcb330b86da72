#pragma once
// Reports as the composition root assembles them (app/app.cpp): the daily aggregates the claimed refresh job keeps
// (one RefreshSource per report family: revenue, subscribers, cohorts, usage), the revenue and subscribers reports,
// and consumption and royalties read from the "usage" aggregates.
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/reports/reports_refresher.hpp"
#include "domains/reports/reports_repository.hpp"
#include "domains/reports/reports_service.hpp"
#include "domains/reports/royalties_service.hpp"
#include "domains/reports/usage_service.hpp"

namespace portal::reports {

struct Reports {
  struct Deps {
    db::Database& database;
    const core::Clock& clock;
    // The read handle of the reports' pages (db/read_database.hpp; null: `database`); their refresh writes and
    // reads on `database`.
    db::Database* reads = nullptr;
  };
  explicit Reports(Deps deps);

  ReportsRefresher refresher;
  ReportsRepository repository;
  ReportsService service;
  UsageService usage;
  RoyaltiesService royalties;
};

std::unique_ptr<Reports> make_reports(Reports::Deps deps);

}  // namespace portal::reports
