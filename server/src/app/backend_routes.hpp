#pragma once
// The backend's route table (every domain's calls under /backend, in the order the OpenAPI document lists
// them) and the document written from it.
#include <boost/asio/thread_pool.hpp>
#include <string>

#include "app/config.hpp"
#include "app/domains.hpp"
#include "app/scheduler_runner.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/staff/staff_routes.hpp"
#include "domains/subscriptions/subscriptions_routes.hpp"
#include "http/router.hpp"

namespace portal::app {

// The deps the identity, subscriptions and staff routes keep by reference: they live as long as the routers.
struct KeptRouteDeps {
  identity::RouteDeps identity;
  subscriptions::RouteDeps subscriptions;
  staff::RouteDeps staff;
};

KeptRouteDeps kept_route_deps(Domains& d, const Config& config, tenants::Tenants& tenants,
                              boost::asio::thread_pool& db_pool, OffsetClock* dev_clock);

// The backend's route table, in the order the OpenAPI document lists it.
void add_backend_routes(http::Router& backend, Domains& d, const KeptRouteDeps& kept, tenants::Tenants& tenants,
                        boost::asio::thread_pool& db_pool);

// --write-openapi FILE: the document the build commits as docs/openapi.json. An unchanged
// document is not written again: what is built from it (the client) stays up to date.
int write_openapi(const http::Router& backend, const std::string& file);

}  // namespace portal::app
