#pragma once
// Operations: /healthz (the process answers), /readyz (the database answers),
// /metrics (Prometheus text).
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "db/database.hpp"
#include "http/metrics.hpp"
#include "http/router.hpp"

namespace portal::app {

std::vector<http::Route> health_routes(db::Database& db, boost::asio::thread_pool& db_pool,
                                       const http::Metrics& metrics);

}  // namespace portal::app
