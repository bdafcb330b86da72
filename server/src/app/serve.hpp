#pragma once
// Listening and shutting down: the I/O threads, the port file, the start
// banner (the dev stage's; any other stage logs JSON lines only), the metrics
// listener (--metrics-listen), and SIGINT/SIGTERM with a grace period for
// requests in flight.
#include "app/config.hpp"
#include "http/metrics.hpp"
#include "http/pipeline.hpp"

namespace portal::tenants {
class TenantRegistry;
}

namespace portal::app {

// Returns the process exit code once the server has stopped.
// `metrics_pipeline` answers on config.metrics_listen when it is set (its own connections counted in
// `metrics_listener_metrics`).
int serve(const Config& config, http::Pipeline& pipeline, http::Metrics& metrics, tenants::TenantRegistry& registry,
          http::Pipeline& metrics_pipeline, http::Metrics& metrics_listener_metrics);

}  // namespace portal::app
