#pragma once
// Start-up configuration: defaults, then a JSON file (--config), then flags.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace portal::app {

struct Config {
  std::string address = "0.0.0.0";
  unsigned short port = 8080;
  std::string database = "var/portal.db";  // SQLite file, or postgresql://...
  // Streaming replicas of a PostgreSQL database (--database-replica, repeatable; PORTAL_DATABASE_REPLICA, several
  // separated by spaces; databaseReplicas): the reads that may be a moment old go to one that lags at most
  // replica_max_lag seconds (docs/operations.md "Read replicas").
  std::vector<std::string> database_replicas;
  int replica_max_lag = 5;  // seconds
  std::string seed;                         // "demo" seeds the demo tenants
  std::string web_root = "web/dist";
  std::string data_dir = "data";
  std::string locales_dir = "web/src/locales";
  std::string migrations_dir = "server/migrations";
  std::string stage = "dev";
  std::string log_level = "info";
  std::string port_file;                    // written with the bound port (tests use port 0)
  std::string media_root = "var/media";     // generated media (scripts/generate-media): /media/generated, /media/secure
  int media_url_ttl = 3600;
  int search_index_mb = 256;  // the catalog search indexes' memory, all tenants (least recently searched dropped past it)
  // The media store (docs/operations.md "Media store"): "folder" (media_root, shared by every instance) or "s3"
  // (an S3-compatible bucket; keys from PORTAL_S3_ACCESS_KEY and PORTAL_S3_SECRET_KEY).
  std::string media_store = "folder";
  std::string s3_endpoint;
  std::string s3_public_endpoint;  // "" = s3_endpoint
  std::string s3_bucket;
  std::string s3_prefix;
  std::string s3_region = "us-east-1";
  bool s3_virtual_hosts = false;
  // This instance's own disk for media jobs' work ("" = <media_root>/staging/jobs with the folder store,
  // <temp>/portal-media-work with the object store).
  std::string media_work_dir;
  std::string catalog_seed;                 // catalog file of --seed demo ("" = <data_dir>/catalog/demo-catalog.json)                 // seconds a signed /media/secure URL stays valid
  int threads = 0;                          // 0: one per core
  int db_pool = 4;
  int db_checkout_timeout_ms = 5000;        // longest wait for a database connection, then 503 (db::PoolExhausted)
  std::size_t body_limit = 1 << 20;
  // Media ingest (docs/decisions.md "Media ingest"): caps in bytes per kind (audio, video, artwork, game; config
  // file key mediaSizeLimits), with a game's bytes once unpacked (gameUnpacked) and the bytes a tenant's unfinished
  // uploads may declare together (tenantOpenUploads) in the same map; the seconds between the media worker's looks
  // for queued jobs (a new one wakes it), and the seconds an unfinished upload may go without a chunk before the
  // worker removes it with its staged bytes.
  // The bytes of a tenant's finished media in the store go in the same map (tenantStoredBytes). Replaced media that
  // nothing of its tenant names is removed after media_removal_grace seconds (issue 71 item 4). Up to media_workers
  // jobs run at once on this instance (0 = half the cores, at least one), and at most media_jobs_per_tenant of one
  // tenant on all instances together (issue 71 item 3).
  std::map<std::string, std::int64_t> media_size_limits;
  int media_job_interval = 5;
  std::int64_t media_upload_expiry = 24 * 3600;
  std::int64_t media_removal_grace = 24 * 3600;
  int media_workers = 0;
  int media_jobs_per_tenant = 2;
  int scheduler_interval = 60;              // seconds between subscription scheduler runs; 0 = off
  int reports_interval = 60;                // seconds between the reports' refresh runs (issue 35); 0 = off
  // History (issue 76 item 4; docs/operations.md "Partitions and retention"): the upkeep runs every
  // history_upkeep_interval seconds (0 = off), one instance at a time; on PostgreSQL it keeps
  // partitions_ahead months of partitions ahead and drops whole months past their retention, on SQLite it
  // deletes the rows past it. A retention is in whole months, 0 = kept for ever.
  int history_upkeep_interval = 3600;
  int partitions_ahead = 3;
  int retention_plays_months = 25;          // stream_tickets and their stream_reports
  int retention_events_months = 13;         // events (page views, server events)
  int retention_audit_months = 84;          // audit_log (seven years)
  bool dev_clock = false;                   // an offset clock that POST /backend/dev/clock moves forward
  std::string payments_webhook_secret;      // HMAC key of the sandbox webhook ("" = dev default in the dev stage)
  std::string stripe_api_base = "https://api.stripe.com";  // the tests point it at their Stripe server
  std::string stripe_checkout_origin = "https://checkout.stripe.com";  // where Checkout's pages are (CSP form-action)
  std::string camara_sink_origin;  // where CAMARA operators' notifications reach the portal ("": each tenant's public origin)
  // Seals the staff's TOTP secrets at rest (docs/security.md): env PORTAL_STAFF_SECRET_KEY or config
  // staffSecretKey only (flags show in ps); at least 32 characters. See staff_secret_key().
  std::string staff_secret_key;
  // Mail (docs/operations.md "Mail"): every mail is written to the outbox; with smtp set a thread
  // of its own delivers it. Each: config file key, else env PORTAL_<NAME>, else the flag (which wins).
  std::string smtp;                         // host[:port] of the relay (PORTAL_SMTP); "" = outbox only
  std::string mail_from;                    // From address (PORTAL_MAIL_FROM)
  std::string smtp_user;                    // AUTH PLAIN/LOGIN when set (PORTAL_SMTP_USER)
  std::string smtp_password;                // PORTAL_SMTP_PASSWORD or config smtpPassword only: flags show in ps
  std::string smtp_tls = "none";            // none | starttls | tls (PORTAL_SMTP_TLS)
  std::string smtp_ca_file;                 // PEM of CAs to trust besides the system's (PORTAL_SMTP_CA_FILE)
  int mail_interval = 10;                   // seconds between delivery runs for retries (a new mail wakes it)
  // Webhooks out (issue 78 item 1, docs/operations.md "Webhooks"): seconds between the delivery worker's looks for
  // due deliveries (0 = off), and the first retry's delay in seconds (then doubling, up to 8 hours, for 3 days).
  int webhook_interval = 5;
  int webhook_first_retry = 30;
  // Idempotency-Key (docs/decisions.md "A crash between the work and the stored answer"): seconds after
  // which a claim whose process stopped answering is taken over; the dev stage may hold every stored
  // answer back (milliseconds) so tests can kill a process between a money write and its answer.
  int idempotency_stale_after = 20;
  int test_delay_after_commit_ms = 0;
  // Dev stage only: a claimed media job, and each day of a report refresh, waits this long before its work
  // (the tests stop an instance mid-way).
  int test_work_delay_ms = 0;
  // Dev stage only: new password hashes at libsodium's least cost (test suites register and sign in
  // thousands of times; a verification reads the cost from the hash). Refused in any other stage.
  bool test_cheap_password_hashes = false;
  int registrations_per_hour = 20;           // registrations one client address may make per tenant and hour
  int play_tickets_per_window = 30;          // play tickets one user gets per 5-minute window (streaming)
  std::vector<std::string> trusted_proxies; // peer addresses whose X-Forwarded-Proto/-For are believed
  // Where browsers reach this portal, "scheme://host[:port]" (--public-url, publicUrl, PORTAL_PUBLIC_URL): the links
  // in the mails of a tenant that names no backend.publicOrigin of its own (tenants::public_origin). "" = none; the
  // dev stage then uses its own listener, http://localhost:<port> (public_url_of).
  std::string public_url;
  // Per tenant name, the key that signs operator auto-login assertions
  // (operator_assertion.hpp). The dev stage signs with a dev key for tenants not listed.
  std::map<std::string, std::string> operator_secrets;
  // Metrics off the public listener (issue 74 item 5, docs/operations.md "Health and metrics"): "ADDRESS:PORT" of a
  // listener of its own for /metrics, /healthz and /readyz (--metrics-listen, metricsListen; "" = none), and a
  // token that opens /metrics on the public listener to `Authorization: Bearer TOKEN` (PORTAL_METRICS_TOKEN or
  // metricsToken only: flags show in ps). Without either, the public listener serves /metrics in the dev stage only.
  std::string metrics_listen;
  std::string metrics_token;
  std::string command;                      // "import-catalog" or "import-subscriptions" when importing
  std::string write_openapi;                // --write-openapi FILE: write the OpenAPI document and exit
};

// The portal's public URL once it listens on `port`: Config::public_url, else in the dev stage
// http://localhost:<port> (make run, the tests on port 0), else "" (every tenant then needs its publicOrigin).
std::string public_url_of(const Config& config, unsigned short port);

struct ParsedArgs {
  Config config;
  bool help = false;
  std::string help_text;
  bool version = false;  // --version: print core::build_version() and the commit, and exit
  // `portal import-catalog|import-subscriptions FILE --tenant NAME [options]`: load one file and exit
  // (config.command says which).
  bool import_catalog = false;
  bool push_media = false;  // portal push-media DIR: import_file is the folder
  std::string import_file;
  std::string import_tenant;
  bool import_prune = false;  // --prune: delete articles and challenges absent from the file
};

// Throws std::invalid_argument with a message for the user on bad input.
ParsedArgs parse_args(int argc, char** argv);

// "ADDRESS:PORT" ("127.0.0.1:9464", "[::1]:9464") as an address and a port; std::invalid_argument naming the
// option otherwise.
std::pair<std::string, unsigned short> listen_address(const std::string& text, std::string_view option);

// The key that seals the staff's TOTP secrets: the configured one, else in the dev stage a
// known dev key; outside it none is a start-up error (std::invalid_argument naming the variable).
std::string staff_secret_key(const Config& config);

}  // namespace portal::app
