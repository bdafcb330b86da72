#pragma once
// The gauges /metrics shows beside the request counters: the file cache, the database pool, the search
// indexes and the backlogs to alert on (docs/operations.md "Metrics").
#include "app/backlog_gauges.hpp"
#include "app/config.hpp"
#include "app/domains.hpp"
#include "app/portal_face.hpp"
#include "db/database.hpp"
#include "http/metrics.hpp"

namespace portal::app {

void add_runtime_gauges(http::Metrics& metrics, const Config& config, const db::Database& database,
                        const PortalFace& portal_face, Domains& d, BacklogGauges& backlog);

}  // namespace portal::app
