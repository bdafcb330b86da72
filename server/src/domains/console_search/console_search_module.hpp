#pragma once
// The console's one search as the composition root assembles it (app/domains.cpp): its lookups over the database,
// and the customers' search and the catalog's search index it asks.
#include <memory>

#include "db/database.hpp"
#include "db/secrets.hpp"
#include "domains/console_search/console_search_repository.hpp"
#include "domains/console_search/console_search_service.hpp"

namespace portal::console_search {

struct ConsoleSearch {
  struct Deps {
    db::Database& database;
    customers::CustomersService& customers;
    catalog::CatalogService& catalog;
  };
  explicit ConsoleSearch(Deps deps)
      : repository(deps.database),
        service({repository, deps.customers, deps.catalog, db::shared_secret(deps.database, "vouchers")}) {}

  ConsoleSearchRepository repository;
  ConsoleSearchService service;
};

inline std::unique_ptr<ConsoleSearch> make_console_search(ConsoleSearch::Deps deps) {
  return std::make_unique<ConsoleSearch>(deps);
}

}  // namespace portal::console_search
