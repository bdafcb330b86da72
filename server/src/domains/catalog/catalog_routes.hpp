#pragma once
// The catalog's backend calls (contracts.md "Catalog"): the article and
// challenge fragments under /backend/structure (literal names, preferred by
// the router over the structure service's {name}), lists, details,
// categories, search, category artwork, read counter, media URLs and the
// challenge opt-in. GET answers carry a strong ETag and Cache-Control.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/catalog/catalog_service.hpp"
#include "http/router.hpp"

namespace portal::catalog {

std::vector<http::Route> catalog_routes(CatalogService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::catalog
