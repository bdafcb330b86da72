#pragma once
// Plans from the console over HTTP (plans_admin.hpp): /backend/admin/plans for content editors
// and above. Every write is audited in its transaction with the plan before and after.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/subscriptions/plans_admin.hpp"
#include "http/router.hpp"

namespace portal::subscriptions {

struct PlansAdminRouteDeps {
  PlansAdmin& service;
  boost::asio::thread_pool& db_pool;
};

// The rows keep a copy of deps (its references must outlive the router).
std::vector<http::Route> plans_admin_routes(const PlansAdminRouteDeps& deps);

}  // namespace portal::subscriptions
