#pragma once
// The tenant's settings over HTTP (docs/contracts.md "Tenant settings"): GET and PUT
// /backend/admin/settings for the tenant's owner and admins (platform administrators on
// any tenant). A write is audited in its own transaction and seen by every instance within
// two seconds (docs/operations.md "Live configuration").
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/tenants/settings_service.hpp"
#include "http/router.hpp"

namespace portal::tenants {

struct SettingsRouteDeps {
  SettingsService& service;
  boost::asio::thread_pool& db_pool;
};

// The rows keep a copy of deps (its references must outlive the router).
std::vector<http::Route> settings_routes(const SettingsRouteDeps& deps);

}  // namespace portal::tenants
