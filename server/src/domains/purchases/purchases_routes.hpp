#pragma once
// The purchase, one-time payment, media and download calls (commerce §7;
// docs/contracts.md "Purchases and wallet"), and the hosted card page of a
// single purchase.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/catalog/catalog_service.hpp"
#include "domains/purchases/purchases_service.hpp"
#include "http/router.hpp"

namespace portal::purchases {

struct RouteDeps {
  PurchasesService& service;
  catalog::CatalogService& catalog;  // media URLs, once the decision allowed them
  const i18n::I18nService& i18n;
  boost::asio::thread_pool& db_pool;
};

std::vector<http::Route> purchases_routes(const RouteDeps& deps);

}  // namespace portal::purchases
