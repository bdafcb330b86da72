#pragma once
// The consumption report and the royalty statements over HTTP (issue 35, task "usage"):
// GET /backend/admin/reports/consumption, GET /backend/admin/reports/royalties,
// GET .../royalties/{month}/lines, GET .../royalties/{month}/statement.csv and
// POST .../royalties/{month}/issue (audited "royalties.issue"). Staff of the finance role and above.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/reports/royalties_service.hpp"
#include "domains/reports/usage_service.hpp"
#include "http/router.hpp"

namespace portal::reports {

struct UsageRouteDeps {
  UsageService& usage;
  RoyaltiesService& royalties;
  boost::asio::thread_pool& db_pool;
};

// The rows keep a copy of deps (its references must outlive the router).
std::vector<http::Route> usage_routes(const UsageRouteDeps& deps);

}  // namespace portal::reports
