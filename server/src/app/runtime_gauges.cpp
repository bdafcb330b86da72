#include "app/runtime_gauges.hpp"

#include "db/pool_stats.hpp"

namespace portal::app {

void add_runtime_gauges(http::Metrics& metrics, const Config& config, const db::Database& database,
                        const PortalFace& portal_face, Domains& d, BacklogGauges& backlog) {
  metrics.gauge("portal_file_cache_bytes", "Bytes of static and media files kept in memory (bounded).",
                [&portal_face] { return static_cast<double>(portal_face.file_cache_bytes()); });
  // The database pool (db/pool_stats.hpp): a pool that stays busy, or callers that wait, need more connections.
  metrics.gauge("portal_db_pool_size", "Connections the database pool may open (SQLite: readers and the writer).",
                [size = config.db_pool + (database.dialect() == "sqlite" ? 1 : 0)] { return static_cast<double>(size); });
  metrics.gauge("portal_db_connections_in_use", "Database connections lent out now.",
                [] { return static_cast<double>(db::pool_stats().in_use.load()); });
  metrics.gauge("portal_db_waiting", "Calls waiting now for a free database connection.",
                [] { return static_cast<double>(db::pool_stats().waiting.load()); });
  metrics.gauge("portal_db_pool_exhausted", "Calls since the start that found no free connection in time (503).",
                [] { return static_cast<double>(db::pool_stats().exhausted.load()); });
  metrics.gauge("portal_search_index_bytes", "Memory of the tenants' catalog search indexes in use.",
                [&d] { return static_cast<double>(d.catalog->service.search_index_bytes()); });
  metrics.gauge("portal_search_indexes", "Tenants whose catalog search index is kept in memory.",
                [&d] { return static_cast<double>(d.catalog->service.search_indexes_kept()); });
  metrics.gauge("portal_search_index_evictions", "Search indexes dropped since the start to keep under --search-index-mb.",
                [&d] { return static_cast<double>(d.catalog->service.search_index_evictions()); });
  // The backlogs to alert on (app/backlog_gauges.hpp), read every 15 s off the request path.
  metrics.gauge("portal_mail_outbox_oldest_seconds", "Age of the oldest mail waiting for delivery (0: none).",
                [&backlog] { return backlog.mail_oldest_seconds(); });
  metrics.gauge("portal_media_job_queue_oldest_seconds", "Age of the oldest queued media job (0: none).",
                [&backlog] { return backlog.media_job_oldest_seconds(); });
  metrics.gauge("portal_media_jobs_failed_last_hour", "Media jobs that failed in the last hour.",
                [&backlog] { return backlog.media_jobs_failed_last_hour(); });
  // Per tenant (issue 71 items 3 and 4): whose jobs wait, and how much of its stored-bytes quota it holds.
  metrics.gauge("portal_media_tenant_queue_oldest_seconds",
                "Age of the oldest queued media job of each tenant with jobs queued.", "tenant",
                [&backlog] { return backlog.media_job_oldest_seconds_by_tenant(); });
  metrics.gauge("portal_media_tenant_stored_bytes",
                "Bytes of each tenant's finished media in the media store (its stored-bytes quota's count).", "tenant",
                [&backlog] { return backlog.media_stored_bytes_by_tenant(); });
}

void add_replica_gauges(http::Metrics& metrics, const db::ReplicaSet& replicas) {
  const auto each = [&replicas](auto value) {
    return [&replicas, value] {
      http::Metrics::Labelled out;
      for (const auto& r : replicas.views()) out.emplace_back(r.name, value(r));
      return out;
    };
  };
  metrics.gauge("portal_db_replica_up", "1 while a read replica is in rotation; 0 while it is left out (down or lagging).",
                "replica", each([](const db::ReplicaSet::View& r) { return r.state == "in" ? 1.0 : 0.0; }));
  metrics.gauge("portal_db_replica_lag_seconds", "How far each read replica's replay is behind the primary.", "replica",
                each([](const db::ReplicaSet::View& r) { return r.lag_seconds; }));
  metrics.gauge("portal_db_replica_reads", "Reads each replica served since the start.", "replica",
                each([](const db::ReplicaSet::View& r) { return static_cast<double>(r.reads); }));
  metrics.gauge("portal_db_replica_max_lag_seconds", "--replica-max-lag: past it a replica is left out.",
                [lag = std::chrono::duration<double>(replicas.max_lag()).count()] { return lag; });
  metrics.gauge("portal_db_primary_reads_for_replicas",
                "Reads that may go to a replica which the primary served (none in rotation, or the reader just wrote).",
                [&replicas] { return static_cast<double>(replicas.primary_reads()); });
}

}  // namespace portal::app
