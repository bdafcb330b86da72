#pragma once
// The console's one search (issue 78 item 4): one query, the kinds the member's role may open, at most kPerKind of
// each, each an indexed lookup (console_search_sql.hpp; customers and article titles through their domains' searches:
// customers_sql.hpp's statements, the catalog's search index in memory). Knows no HTTP.
#include <functional>
#include <string>

#include "domains/console_search/console_search_repository.hpp"
#include "domains/console_search/console_search_types.hpp"

namespace portal::customers {
class CustomersService;
}
namespace portal::catalog {
class CatalogService;
}

namespace portal::console_search {

class ConsoleSearchService {
 public:
  struct Deps {
    ConsoleSearchRepository& repository;
    customers::CustomersService& customers;
    catalog::CatalogService& catalog;
    std::string voucher_key;  // a voucher code is looked up by its keyed hash
  };
  explicit ConsoleSearchService(Deps deps) : d_(std::move(deps)) {}

  // invalid_field (q) when the query is empty or longer than kMaxQuery.
  Result<std::vector<Hit>> search(const Query& query);

 private:
  Deps d_;
};

}  // namespace portal::console_search
