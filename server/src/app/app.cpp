#include "app/app.hpp"

#include <iostream>

#include "app/backend_routes.hpp"
#include "app/backlog_gauges.hpp"
#include "app/domains.hpp"
#include "app/health_routes.hpp"
#include "app/history_upkeep.hpp"
#include "app/idempotency_store.hpp"
#include "app/page_data.hpp"
#include "app/pipeline_hooks.hpp"
#include "app/portal_face.hpp"
#include "app/runtime_gauges.hpp"
#include "app/scheduler_runner.hpp"
#include "app/serve.hpp"
#include "app/start_up.hpp"
#include "app/web_app_routes.hpp"
#include "core/build_info.hpp"
#include "core/clock.hpp"
#include "core/lease.hpp"
#include "core/log.hpp"
#include "db/blocking.hpp"
#include "db/idempotency_repository.hpp"
#include "db/read_database.hpp"
#include "db/replicas.hpp"
#include "db/secrets.hpp"
#include "domains/hosted/hosted_frame.hpp"
#include "domains/hosted/return_state.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/staff/staff_routes.hpp"
#include "domains/structure/structure_admin_routes.hpp"
#include "http/openapi.hpp"
#include "http/pipeline.hpp"

namespace portal::app {
namespace asio = boost::asio;

namespace {

// How often an instance reads the tenants' configuration versions: a change through any
// instance shows on every other within this (plus a reload), under the 2 s the operators are promised.
constexpr std::chrono::seconds kConfigurationPoll{1};
// How often the read replicas' lag is measured (db/replicas.hpp).
constexpr std::chrono::seconds kReplicaLook{1};

}  // namespace

int run(const Config& config) {
  core::init_logging(config.log_level);
  core::SystemClock system_clock;
  // --dev-clock: one offset clock for the whole server, so moved time is seen
  // by renewals, trials, PINs and tokens alike.
  std::unique_ptr<OffsetClock> dev_clock;
  if (config.dev_clock) dev_clock = std::make_unique<OffsetClock>(system_clock);
  const core::Clock& clock = dev_clock ? static_cast<const core::Clock&>(*dev_clock) : system_clock;

  if (config.test_cheap_password_hashes) identity::set_password_hash_cost(identity::PasswordHashCost::least);
  try {
    (void)staff_secret_key(config);  // outside the dev stage a missing key stops the start here
  } catch (const std::exception& e) {
    return start_up_failed(e);
  }
  std::unique_ptr<db::Database> database;
  std::vector<tenants::Tenant> demo_tenants;  // --seed demo: the tenants the demo made, the only ones it writes into
  try {
    database = prepare_database(config, clock, demo_tenants);
  } catch (const std::exception& e) {
    return start_up_failed(e);
  }
  std::unique_ptr<tenants::Tenants> tenants;
  try {
    tenants = tenants::make_tenants({*database});
  } catch (const std::exception& e) {
    return start_up_failed(e, false);
  }
  // A fresh install has no tenant (issue 74 item 1): the portal starts, is ready, and its pages say how to make one
  // (app/no_tenant_page.hpp); the registry sees a tenant `portal tenant create` makes within a second.
  if (tenants->registry->all().empty() && config.write_openapi.empty() && config.seed.empty())
    core::log_json(spdlog::level::warn, "no tenant yet",
                   {{"fix", "portal tenant create NAME --host HOST, then portal staff invite --tenant NAME --email "
                            "EMAIL --role owner (docs/operations.md \"Installing\")"}});
  // Where the tenants' mails link to (issue 72 item 3): the configured public URL, or the dev stage's listener
  // (serve() names the port once bound when it was 0). A tenant with neither is named here: its mails cannot link.
  try {
    tenants->registry->set_public_url(public_url_of(config, config.port));
  } catch (const std::exception& e) {
    return start_up_failed(e, false);
  }
  if (config.public_url.empty() && config.stage != "dev")
    for (const auto& t : tenants->registry->all())
      if (t->public_origin.empty())
        core::log_json(spdlog::level::err, "tenant without a public origin: its mails cannot link to it",
                       {{"tenant", t->name}, {"fix", "set the tenant's backend.publicOrigin or --public-url"}});
  try {
    if (config.seed == "demo") seed_demo_staff(config, *database, *tenants, demo_tenants, clock);
  } catch (const std::exception& e) {
    return start_up_failed(e);
  }
  // Hosted form tokens are signed with one key for every instance.
  hosted::set_form_key(db::shared_secret(*database, "forms"));
  // So are the states of payment providers' return addresses (domains/hosted/return_state.hpp).
  hosted::set_return_key(db::shared_secret(*database, "provider-returns"));

  // Read replicas (docs/operations.md "Read replicas"): the reads that may be a moment old go through `reads`, to a
  // replica that keeps up and has replayed the caller's last write, else to the primary.
  std::unique_ptr<db::ReplicaSet> replicas;
  if (!config.database_replicas.empty()) {
    replicas = std::make_unique<db::ReplicaSet>(
        *database, config.database_replicas,
        db::ReplicaSet::Options{config.db_pool, std::chrono::milliseconds(1000), std::chrono::seconds(config.replica_max_lag)});
    replicas->check();  // those that answer now serve from the first request
  }
  db::ReadDatabase reads(*database, replicas.get());

  asio::thread_pool db_pool(static_cast<std::size_t>(config.db_pool));
  Domains d;
  try {
    make_domains(d, config, *database, clock, *tenants, demo_tenants, replicas ? &reads : nullptr);
  } catch (const std::exception& e) {
    return start_up_failed(e);
  }
  // A user's active parental limit (blocking): the page shell and every signed-in call ask it.
  const auto parental_limit = [&d](std::int64_t tenant_id, const std::string& uuid) {
    return d.parental_control->service.active_limit(tenant_id, uuid);
  };
  PortalFace portal_face(config, *d.i18n,
                         make_page_data(d.structure->service, d.identity->service, d.catalog->service, db_pool,
                                        parental_limit));
  http::Metrics metrics;
  // An object store answers /media/generated and /media/secure itself; the folder store is the media root.
  if (!d.media_store->folder()) portal_face.set_object_store(d.media_store.get());
  portal_face.set_media_store(d.media_store.get());

  const KeptRouteDeps kept = kept_route_deps(d, config, *tenants, db_pool, dev_clock.get());
  http::Router backend;
  add_backend_routes(backend, d, kept, *tenants, db_pool);
  // Reports' refresh job (claimed: one instance at a time), every --reports-interval seconds.
  const bool reports_on = config.write_openapi.empty() && config.reports_interval > 0;
  d.reports->refresher.set_test_delay(std::chrono::milliseconds(config.test_work_delay_ms));
  SchedulerRunner reports_runner(std::chrono::seconds(reports_on ? config.reports_interval : 0),
                                 [&d] { d.reports->refresher.refresh_all(); });
  // A run whose instance died mid-way (its lease lapsed, core/lease.hpp) is taken over within 30 seconds.
  SchedulerRunner reports_takeover(reports_on ? core::kLeaseLook : std::chrono::seconds(0),
                                   [&d] { d.reports->refresher.resume_lapsed(); });
  // The history upkeep (docs/operations.md "Partitions and retention"): month partitions ahead and retention,
  // one instance at a time, at start and every --history-upkeep-interval seconds.
  HistoryUpkeep history_upkeep(*database, clock,
                               {config.partitions_ahead, config.retention_plays_months,
                                config.retention_events_months, config.retention_audit_months});
  const bool history_on = config.write_openapi.empty() && config.history_upkeep_interval > 0;
  SchedulerRunner history_runner(std::chrono::seconds(history_on ? config.history_upkeep_interval : 0), [&] {
    try {
      const auto run = history_upkeep.run();
      if (run.claimed)
        core::log_json(spdlog::level::info, "history upkeep done", {{"result", run.summary()}});
    } catch (const std::exception& e) {  // the database away for a moment: the next run tries again
      core::log_json(spdlog::level::warn, "history upkeep not done", {{"error", e.what()}});
    }
  });
  if (history_on) history_runner.wake();
  // Webhooks out (issue 78 item 1): every --webhook-interval seconds each instance sends what is due, under a lease.
  const bool webhooks_on = config.write_openapi.empty() && config.webhook_interval > 0;
  SchedulerRunner webhook_runner(std::chrono::seconds(webhooks_on ? config.webhook_interval : 0), [&d] {
    try {
      d.webhooks->delivery.run_once();
    } catch (const std::exception& e) {  // the database away for a moment: the next run tries again
      core::log_json(spdlog::level::warn, "webhook delivery run failed", {{"error", e.what()}});
    }
  });
  // Bulk actions (issue 78 item 3): each instance looks for open jobs (free or lapsed leases) every second, and at
  // once when this one makes a job.
  const bool bulk_on = config.write_openapi.empty();
  SchedulerRunner bulk_runner(std::chrono::seconds(bulk_on ? 1 : 0), [&d] {
    try {
      d.bulk->runner.run_once();
    } catch (const std::exception& e) {  // the database away for a moment: the next run tries again
      core::log_json(spdlog::level::warn, "bulk job run failed", {{"error", e.what()}});
    }
  });
  d.bulk->service.on_created = [&bulk_runner] { bulk_runner.wake(); };
  backend.add(http::openapi_route(backend));  // last: it describes the whole table
  if (!config.write_openapi.empty()) return write_openapi(backend, config.write_openapi);

  BacklogGauges backlog;
  add_runtime_gauges(metrics, config, *database, portal_face, d, backlog);
  if (replicas) add_replica_gauges(metrics, *replicas);
  // Each second: how far each replica is behind; one that fails or lags past --replica-max-lag is left out.
  SchedulerRunner replica_watch(replicas ? kReplicaLook : std::chrono::seconds(0), [&replicas] { replicas->check(); });
  backlog.refresh(*d.outbox, d.media->repository, clock);
  SchedulerRunner backlog_watch(kBacklogLook, [&] { backlog.refresh(*d.outbox, d.media->repository, clock); });
  http::Router portal;
  portal.add(portal_face.routes());
  portal.add(web_app_routes());  // the tenant's web app manifest (install as an app)
  portal.add(staff::staff_pages(kept.staff));  // /admin/login
  // A serving instance builds every tenant's search index before it is ready (decisions.md "A cold instance builds
  // its search indexes before it is ready"); a tenant made later is built on its first search.
  {
    std::vector<std::int64_t> tenant_ids;
    for (const auto& t : tenants->registry->all()) tenant_ids.push_back(t->id);
    d.catalog->service.warm_search(tenant_ids);
  }
  const auto search_warming = [&d] { return d.catalog->service.search_indexes_warming(); };
  portal.add(health_routes(*database, db_pool, metrics, *tenants->registry, public_metrics_access(config),
                           replicas.get(), search_warming));
  // What this build is, as a metric (issue 74 item 2): the same version and commit as --version and /healthz.
  metrics.info("portal_build_info", "The portal's version and the commit it was built from.",
               {{"version", std::string(core::build_version())}, {"commit", std::string(core::build_commit())}});
  // --metrics-listen (issue 74 item 5): a listener of its own for /metrics, /healthz and /readyz, e.g. on loopback
  // where the public listener's peers never reach it.
  http::Router no_backend, metrics_face;
  metrics_face.add(health_routes(*database, db_pool, metrics, *tenants->registry, {true, {}}, replicas.get(),
                                 search_warming));
  http::Metrics metrics_listener_metrics;  // its own scrapes are not the portal's traffic
  http::Pipeline metrics_pipeline(no_backend, metrics_face, metrics_listener_metrics, {});

  auto& registry = *tenants->registry;
  db::IdempotencyRepository idempotency_repository(*database);
  auto idempotency = std::make_shared<DbIdempotencyStore>(
      idempotency_repository, db_pool, clock, std::chrono::seconds(config.idempotency_stale_after),
      std::chrono::milliseconds(config.test_delay_after_commit_ms));
  // The Idempotency-Key claims of calls under way stay fresh while they run: a crashed instance's go stale within
  // --idempotency-stale-after, so a retry proceeds then, never while the first call still runs.
  SchedulerRunner idempotency_beat(core::kLeaseBeat, [store = idempotency] { store->renew_claims(); });
  auto hooks = pipeline_hooks(config, registry, d, db_pool, portal_face, parental_limit, std::move(idempotency));
  if (replicas) {
    // Read-your-writes (http/read_after.hpp): a write's answer names the primary's position after it.
    hooks.write_position = [&replicas, &db_pool]() -> asio::awaitable<std::uint64_t> {
      co_return co_await db::offload(db_pool, [&replicas] { return replicas->write_position(); });
    };
    hooks.read_after_seconds = std::max(60, 3 * config.replica_max_lag);
  }
  http::Pipeline pipeline(backend, portal, metrics, std::move(hooks));

  SchedulerRunner scheduler(std::chrono::seconds(config.scheduler_interval), [&] {
    d.subscriptions->service.run_scheduler();
    d.vouchers->service.fulfil_due();  // codes of orders whose payment settled
  });
  // A charge whose instance died between its provider's answer and its record (its lease lapsed): the
  // provider is asked what became of it and the answer recorded, within 30 seconds (core/lease.hpp).
  d.payments->service.set_test_delay(std::chrono::milliseconds(config.test_work_delay_ms));
  SchedulerRunner payments_takeover(config.scheduler_interval > 0 ? core::kLeaseLook : std::chrono::seconds(0),
                                    [&d] { d.payments->service.resume_lapsed(); });
  // Live configuration (docs/operations.md "Live configuration"): each second the tenants'
  // versions, one small query; a change made through any instance reloads them here, and every
  // per-tenant cache keyed by a tenant's version (structures, plans, page shells, lists) follows.
  SchedulerRunner configuration_watch(kConfigurationPoll, [&] {
    try {
      // Structure versions whose publish time has come (one instance claims each): published here, and by the
      // refresh below every instance serves them within about two seconds of their time.
      d.structure->admin.publish_due(structure::record_scheduled_publish);
    } catch (const std::exception& e) {
      core::log_json(spdlog::level::warn, "scheduled structure publish not done", {{"error", e.what()}});
    }
    try {
      if (const auto moved = registry.refresh(); !moved.empty()) {
        core::log_json(spdlog::level::info, "tenant configuration reloaded", {{"tenants", moved.size()}});
        // The caches keyed by the new versions are filled only from replicas that have the change.
        if (replicas) replicas->raise_floor();
      }
    } catch (const std::exception& e) {  // the database away for a moment: the snapshot stays, the next tick retries
      core::log_json(spdlog::level::warn, "tenant configuration not refreshed", {{"error", e.what()}});
    }
  });
  auto& media = d.media->service;
  media.set_test_delay(std::chrono::milliseconds(config.test_work_delay_ms));
  // The jobs (up to --media-workers at once, the tenants served in turn); a pass lasts while jobs run.
  SchedulerRunner media_worker(std::chrono::seconds(config.media_job_interval), [&] { media.run_due(); });
  media.on_queued = [&media_worker] { media_worker.wake(); };
  // The media sweep, beside the jobs so a long pass of them never holds it up.
  SchedulerRunner media_sweep(std::chrono::seconds(config.media_job_interval), [&] {
    media.move_legacy_objects();  // once: the store's brand images of an earlier version under their present names
    media.expire_abandoned();  // unfinished uploads left alone past --media-upload-expiry, with their staged bytes
    media.remove_garbage();  // replaced media nothing of its tenant has named for --media-removal-grace
    media.clean_work_folders();  // what jobs killed with an earlier run of this instance left on its disk
  });
  const int code = serve(config, pipeline, metrics, registry, metrics_pipeline, metrics_listener_metrics);
  // SIGTERM: the work under way hands its claims back (core/lease.hpp), so another instance takes it at once.
  media.stop();  // the jobs under way halt their tools and go back to the queue
  media_worker.stop();
  media_sweep.stop();
  d.reports->refresher.stop();  // a refresh under way stops after its day and releases its claim
  reports_takeover.stop();
  reports_runner.stop();
  history_runner.stop();  // a run under way finishes first (each month is a transaction of its own)
  d.webhooks->delivery.stop();  // a delivery under way finishes and records its attempt; nothing more is claimed
  webhook_runner.stop();
  d.bulk->runner.stop();  // the row under way finishes; the job's claim is handed back
  bulk_runner.stop();
  configuration_watch.stop();
  replica_watch.stop();
  backlog_watch.stop();
  payments_takeover.stop();  // a takeover under way records its answer first
  scheduler.stop();  // a charge under way is recorded, never handed back: its provider may have taken the money
  if (d.mail.runner) d.mail.runner->stop();  // a delivery under way ends first; its claim lapses otherwise
  db_pool.join();
  return code;
}

}  // namespace portal::app
