#pragma once
// The catalog's bulk actions (issue 78 item 3): publish, unpublish, tag (a category added), move (the category in
// place of the others), pricePercent and priceAmount (the prices of one business model), each row through the
// console's article write (catalog::admin::AdminService::change: the single edit's checks, the same refusals), with
// its audit entry, in one transaction.
#include "domains/bulk/bulk_types.hpp"
#include "domains/catalog/catalog_admin_service.hpp"

namespace portal::bulk {

inline constexpr const char* kArticles = "articles";

Kind articles_kind(catalog::admin::AdminService& service);

// The new amount of a price changed by `percent` (-99.99 to 1000, two decimals), rounded half away from zero.
std::int64_t price_by_percent(std::int64_t amount, double percent);

}  // namespace portal::bulk

namespace portal::bulk {

// What the console asks of the catalog: the action, its parameters, and the rows (ids) or the list's filter.
struct ArticlesRequest {
  std::string action;
  std::optional<std::vector<std::int64_t>> ids;
  std::optional<catalog::admin::Filter> filter;
  std::optional<std::string> category;
  std::optional<double> percent;
  std::optional<std::int64_t> amount;
  std::optional<std::string> price_model;
};

// The job's action, parameters and frozen selection (the filter resolved to ids now); refused when a parameter the
// action needs is missing or wrong (field and reason), or the category is not the tenant's.
Result<NewJob> articles_job(catalog::admin::AdminService& service, std::int64_t tenant_id, const ArticlesRequest& request);

}  // namespace portal::bulk
