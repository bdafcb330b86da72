#pragma once
// The gauges /metrics shows beside the request counters: the file cache, the database pool, the search
// indexes and the backlogs to alert on (docs/operations.md "Metrics").
#include "app/backlog_gauges.hpp"
#include "app/config.hpp"
#include "app/domains.hpp"
#include "app/portal_face.hpp"
#include "db/database.hpp"
#include "db/replicas.hpp"
#include "http/metrics.hpp"

namespace portal::app {

// The read replicas (db/replicas.hpp): each one's state and lag, and where the reads that might go to one went.
void add_replica_gauges(http::Metrics& metrics, const db::ReplicaSet& replicas);

void add_runtime_gauges(http::Metrics& metrics, const Config& config, const db::Database& database,
                        const PortalFace& portal_face, Domains& d, BacklogGauges& backlog);

}  // namespace portal::app
