#pragma once
// Page structures from the console over HTTP (docs/contracts.md "Page structures from
// the console"): /backend/admin/structures for editors (and admins, owners, platform
// administrators). Saves and publishes are audited in their own transaction; a publish
// is served by every instance within two seconds (docs/operations.md "Live configuration").
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/structure/structure_admin_service.hpp"
#include "http/router.hpp"

namespace portal::structure {

struct StructureAdminRouteDeps {
  StructureAdminService& service;
  boost::asio::thread_pool& db_pool;
};

// The rows keep a copy of deps (its references must outlive the router).
std::vector<http::Route> structure_admin_routes(const StructureAdminRouteDeps& deps);

}  // namespace portal::structure
