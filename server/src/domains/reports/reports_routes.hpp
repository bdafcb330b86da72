#pragma once
// Reports over HTTP (issue 35, task "money"): GET /backend/admin/reports/revenue and /subscribers
// (finance and above), POST /backend/admin/reports/refresh (admin and above, audited reports.refresh).
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/reports/reports_service.hpp"
#include "http/router.hpp"

namespace portal::reports {

struct ReportsRouteDeps {
  ReportsService& service;
  boost::asio::thread_pool& db_pool;
};

// The rows keep a copy of deps (its references must outlive the router).
std::vector<http::Route> reports_routes(const ReportsRouteDeps& deps);

}  // namespace portal::reports
