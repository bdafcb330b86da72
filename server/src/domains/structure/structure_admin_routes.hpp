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

// The audit entry of a version published at its set time (StructureAdminService::publish_due): action
// structure.publish by the member who set the schedule, the call "scheduled publish".
void record_scheduled_publish(db::Session& s, std::int64_t tenant_id, const StructureChange& change, const ScheduledPublish& scheduled);

// The rows keep a copy of deps (its references must outlive the router).
std::vector<http::Route> structure_admin_routes(const StructureAdminRouteDeps& deps);

}  // namespace portal::structure
