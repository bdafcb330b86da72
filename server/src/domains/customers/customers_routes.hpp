#pragma once
// Customers over HTTP (customers_service.hpp): GET /backend/admin/customers (search) and
// GET /backend/admin/customers/{userId} (the customer's page, recorded in the audit log as
// "customers.view"). Staff of the care roles: support and finance, admin and above.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/customers/customers_service.hpp"
#include "http/router.hpp"

namespace portal::customers {

struct CustomersRouteDeps {
  CustomersService& service;
  boost::asio::thread_pool& db_pool;
};

// The rows keep a copy of deps (its references must outlive the router).
std::vector<http::Route> customers_routes(const CustomersRouteDeps& deps);

}  // namespace portal::customers
