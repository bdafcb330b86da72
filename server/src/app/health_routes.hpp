#pragma once
// Operations: /healthz (the process answers, and which build it is), /readyz (the database answers and the start's
// search indexes are built; a database without a tenant is ready and says so), /metrics (Prometheus text). Each listener has its own set: the metrics
// listener (--metrics-listen) opens /metrics to anyone who reaches its address; the public listener opens it by
// the metrics token, or in the dev stage without a metrics listener, and else answers 404 (issue 74 item 5).
#include <boost/asio/thread_pool.hpp>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "app/config.hpp"
#include "db/database.hpp"
#include "db/replicas.hpp"
#include "domains/tenants/tenants_service.hpp"
#include "http/metrics.hpp"
#include "http/router.hpp"

namespace portal::app {

struct MetricsAccess {
  bool open = false;   // anyone who reaches the listener
  std::string token;   // else Authorization: Bearer <token> when set; else 404
};

// The public listener's access to /metrics under `config` (see above).
MetricsAccess public_metrics_access(const Config& config);

// The routes take no tenant: they answer on a portal without one. replicas: the read replicas, whose states /readyz
// lists (a replica left out does not make the instance unready: the primary serves its reads). search_warming: how
// many tenants' search indexes the start is still building (/readyz is 503 "warming" until none).
std::vector<http::Route> health_routes(db::Database& db, boost::asio::thread_pool& db_pool,
                                       const http::Metrics& metrics, const tenants::TenantRegistry& registry,
                                       MetricsAccess metrics_access, const db::ReplicaSet* replicas = nullptr,
                                       std::function<std::size_t()> search_warming = {});

}  // namespace portal::app
