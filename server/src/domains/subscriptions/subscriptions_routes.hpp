#pragma once
// The backend calls of subscriptions (docs/contracts.md "Subscriptions"),
// the hosted sandbox checkout, and the dev-stage clock and scheduler calls.
#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <memory>
#include <vector>

#include "domains/i18n/i18n_service.hpp"
#include "domains/subscriptions/subscriptions_service.hpp"
#include "http/router.hpp"

namespace portal::subscriptions {

struct RouteDeps {
  SubscriptionsService& service;
  const i18n::I18nService& i18n;
  boost::asio::thread_pool& db_pool;
  bool dev_stage = false;
  // With --dev-clock: moves the server clock forward (POST /backend/dev/clock); else empty.
  std::function<std::string(std::int64_t seconds)> advance_clock;
};

std::vector<http::Route> subscriptions_routes(const RouteDeps& deps);
// GET/POST /backend/checkout/{uuid}: the hosted sandbox card checkout.
std::vector<http::Route> checkout_routes(const RouteDeps& deps);
// POST /backend/subscription/payAgain/{id} and the return from the provider's page (pay_again.hpp).
std::vector<http::Route> pay_again_routes(const RouteDeps& deps);

}  // namespace portal::subscriptions
