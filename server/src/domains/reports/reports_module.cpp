#include "domains/reports/reports_module.hpp"

#include "domains/reports/usage_source.hpp"

namespace portal::reports {

namespace {

ReportsRefresher& with_sources(ReportsRefresher& refresher, db::Database& database, const core::Clock& clock) {
  refresher.add(revenue_source(std::string(database.dialect())));
  refresher.add(subscribers_source());
  refresher.add(cohorts_source(clock));
  refresher.add(usage_source());
  return refresher;
}

}  // namespace

Reports::Reports(Deps deps)
    : refresher(deps.database, deps.clock),
      repository(deps.reads ? *deps.reads : deps.database),
      service(repository, with_sources(refresher, deps.database, deps.clock), deps.clock),
      usage({deps.reads ? *deps.reads : deps.database, deps.clock, [this](std::int64_t tenant_id) { return refresher.state(tenant_id).refreshed_at; }}),
      royalties(
          {deps.reads ? *deps.reads : deps.database, deps.clock, [this](std::int64_t tenant_id) { return refresher.state(tenant_id).refreshed_at; }}) {}

std::unique_ptr<Reports> make_reports(Reports::Deps deps) { return std::make_unique<Reports>(deps); }

}  // namespace portal::reports
