#pragma once
// Listening and shutting down: the I/O threads, the port file, the start
// banner, and SIGINT/SIGTERM with a grace period for requests in flight.
#include "app/config.hpp"
#include "http/metrics.hpp"
#include "http/pipeline.hpp"

namespace portal::tenants {
class TenantRegistry;
}

namespace portal::app {

// Returns the process exit code once the server has stopped.
int serve(const Config& config, http::Pipeline& pipeline, http::Metrics& metrics,
          tenants::TenantRegistry& registry);

}  // namespace portal::app
