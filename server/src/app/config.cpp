#include "app/config.hpp"

#include <boost/json.hpp>
#include <boost/program_options.hpp>
#include <charconv>
#include <sstream>
#include <stdexcept>


#include "app/install_layout.hpp"
#include "core/text.hpp"
#include "core/url.hpp"
#include "core/json_file.hpp"
#include "domains/staff/totp_seal.hpp"

namespace portal::app {
namespace po = boost::program_options;
namespace json = boost::json;
namespace {

void apply_file(Config& c, const std::string& path) {
  auto v = core::read_json_file(path);
  if (!v) throw std::invalid_argument("config file: " + v.error().message);
  if (!v->is_object()) throw std::invalid_argument("config file " + path + " is not a JSON object");
  const auto& o = v->as_object();
  auto str = [&](const char* key, std::string& into) {
    if (auto* x = o.if_contains(key)) {
      if (!x->is_string()) throw std::invalid_argument(std::string("config: ") + key + " must be a string");
      into = std::string(x->as_string());
    }
  };
  auto num = [&](const char* key, auto& into) {
    if (auto* x = o.if_contains(key)) {
      if (!x->is_int64()) throw std::invalid_argument(std::string("config: ") + key + " must be an integer");
      into = static_cast<std::remove_reference_t<decltype(into)>>(x->as_int64());
    }
  };
  str("address", c.address);
  num("port", c.port);
  str("database", c.database);
  if (auto* x = o.if_contains("databaseReplicas")) {
    if (!x->is_array()) throw std::invalid_argument("config: databaseReplicas must be a list of postgresql:// URLs");
    c.database_replicas.clear();
    for (const auto& url : x->as_array()) {
      if (!url.is_string()) throw std::invalid_argument("config: databaseReplicas must be a list of postgresql:// URLs");
      c.database_replicas.emplace_back(url.as_string());
    }
  }
  num("replicaMaxLag", c.replica_max_lag);
  str("seed", c.seed);
  str("webRoot", c.web_root);
  str("dataDir", c.data_dir);
  str("localesDir", c.locales_dir);
  str("migrationsDir", c.migrations_dir);
  str("stage", c.stage);
  str("logLevel", c.log_level);
  str("mediaRoot", c.media_root);
  num("mediaUrlTtl", c.media_url_ttl);
  num("searchIndexMb", c.search_index_mb);
  str("mediaStore", c.media_store);
  str("s3Endpoint", c.s3_endpoint);
  str("s3PublicEndpoint", c.s3_public_endpoint);
  str("s3Bucket", c.s3_bucket);
  str("s3Prefix", c.s3_prefix);
  str("s3Region", c.s3_region);
  str("mediaWorkDir", c.media_work_dir);
  str("catalogSeed", c.catalog_seed);
  num("threads", c.threads);
  num("dbPool", c.db_pool);
  num("dbCheckoutTimeoutMs", c.db_checkout_timeout_ms);
  num("bodyLimit", c.body_limit);
  num("schedulerInterval", c.scheduler_interval);
  num("reportsInterval", c.reports_interval);
  num("historyUpkeepInterval", c.history_upkeep_interval);
  num("partitionsAhead", c.partitions_ahead);
  num("retentionPlaysMonths", c.retention_plays_months);
  num("retentionEventsMonths", c.retention_events_months);
  num("retentionAuditMonths", c.retention_audit_months);
  num("mediaJobInterval", c.media_job_interval);
  num("mediaUploadExpiry", c.media_upload_expiry);
  num("mediaRemovalGrace", c.media_removal_grace);
  num("mediaWorkers", c.media_workers);
  num("mediaJobsPerTenant", c.media_jobs_per_tenant);
  num("idempotencyStaleAfter", c.idempotency_stale_after);
  if (auto* x = o.if_contains("mediaSizeLimits")) {
    if (!x->is_object()) throw std::invalid_argument("config: mediaSizeLimits must map kinds to byte counts");
    for (const auto& [kind, bytes] : x->as_object()) {
      if (kind != "audio" && kind != "video" && kind != "artwork" && kind != "game" && kind != "gameUnpacked" &&
          kind != "tenantOpenUploads" && kind != "tenantStoredBytes" && kind != "imagePixels" && kind != "toolMemory")
        throw std::invalid_argument("config: mediaSizeLimits." + std::string(kind) +
                                    ": the names are audio, video, artwork, game, gameUnpacked, tenantOpenUploads, "
                                    "tenantStoredBytes, imagePixels, toolMemory");
      if (!bytes.is_int64() || bytes.as_int64() < 1)
        throw std::invalid_argument("config: mediaSizeLimits." + std::string(kind) + " must be a positive byte count");
      c.media_size_limits[std::string(kind)] = bytes.as_int64();
    }
  }
  num("registrationsPerHour", c.registrations_per_hour);
  num("playTicketsPerWindow", c.play_tickets_per_window);
  if (auto* x = o.if_contains("devClock")) {
    if (!x->is_bool()) throw std::invalid_argument("config: devClock must be true or false");
    c.dev_clock = x->as_bool();
  }
  str("paymentsWebhookSecret", c.payments_webhook_secret);
  str("stripeApiBase", c.stripe_api_base);
  str("stripeCheckoutOrigin", c.stripe_checkout_origin);
  str("camaraSinkOrigin", c.camara_sink_origin);
  str("publicUrl", c.public_url);
  str("staffSecretKey", c.staff_secret_key);
  str("smtp", c.smtp);
  str("mailFrom", c.mail_from);
  str("metricsListen", c.metrics_listen);
  str("metricsToken", c.metrics_token);
  str("smtpUser", c.smtp_user);
  str("smtpPassword", c.smtp_password);
  str("smtpTls", c.smtp_tls);
  str("smtpCaFile", c.smtp_ca_file);
  num("mailInterval", c.mail_interval);
  num("webhookInterval", c.webhook_interval);
  num("webhookFirstRetry", c.webhook_first_retry);
  if (auto* x = o.if_contains("operatorSecrets")) {
    if (!x->is_object()) throw std::invalid_argument("config: operatorSecrets must map tenant names to secrets");
    for (const auto& [tenant, secret] : x->as_object()) {
      if (!secret.is_string() || secret.as_string().size() < 16)
        throw std::invalid_argument("config: operatorSecrets." + std::string(tenant) + " must be a string of at least 16 characters");
      c.operator_secrets[std::string(tenant)] = std::string(secret.as_string());
    }
  }
  if (auto* x = o.if_contains("trustedProxies")) {
    if (!x->is_array()) throw std::invalid_argument("config: trustedProxies must be a list of addresses");
    c.trusted_proxies.clear();
    for (const auto& a : x->as_array()) {
      if (!a.is_string()) throw std::invalid_argument("config: trustedProxies must be a list of addresses");
      c.trusted_proxies.emplace_back(a.as_string());
    }
  }
}

}  // namespace

std::string public_url_of(const Config& c, unsigned short port) {
  if (!c.public_url.empty()) return c.public_url;
  if (c.stage == "dev" && port != 0) return "http://localhost:" + std::to_string(port);
  return {};
}

std::pair<std::string, unsigned short> listen_address(const std::string& text, std::string_view option) {
  const auto colon = text.rfind(':');
  const auto bad = [&] {
    return std::invalid_argument(std::string(option) + " takes ADDRESS:PORT, e.g. 127.0.0.1:9464 or [::1]:9464 (got '" +
                                 text + "')");
  };
  if (colon == std::string::npos || colon == 0 || colon + 1 == text.size()) throw bad();
  std::string address = text.substr(0, colon);
  if (address.front() == '[') {
    if (address.size() < 3 || address.back() != ']') throw bad();
    address = address.substr(1, address.size() - 2);
  }
  unsigned port = 0;
  const std::string digits = text.substr(colon + 1);
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), port);
  if (ec != std::errc() || end != digits.data() + digits.size() || port > 65535) throw bad();
  return {address, static_cast<unsigned short>(port)};
}

std::string staff_secret_key(const Config& c) {
  if (!c.staff_secret_key.empty()) return c.staff_secret_key;
  if (c.stage == "dev") return std::string(staff::kDevStaffSecretKey);
  throw std::invalid_argument(
      "the staff TOTP secrets are sealed with a key of the configuration: outside the dev stage set "
      "PORTAL_STAFF_SECRET_KEY (or staffSecretKey in the config file) to at least 32 characters, the same on every "
      "instance (docs/operations.md)");
}

ParsedArgs parse_args(int argc, char** argv) {
  po::options_description desc(
      "portal: the multi-tenant content portal (web client, portal calls and backend on one port)\n\n"
      "Usage: portal [options]                 serve (the options below); migrations run first\n"
      "       portal tenant create|import|list  a tenant from the command line (portal tenant --help)\n"
      "       portal staff invite               a staff member's invitation, mailed and printed (portal staff --help)\n"
      "       portal import-catalog FILE --tenant NAME [--prune]\n"
      "                                        one catalog file (docs/catalog-format.md) into a tenant, in one\n"
      "                                        transaction; --prune deletes the articles the file does not name\n"
      "       portal import-subscriptions FILE --tenant NAME\n"
      "                                        replaces a tenant's plans (data/subscriptions format, docs/contracts.md)\n"
      "       portal issue-vouchers --tenant NAME --type ID --count N\n"
      "                                        mints voucher codes and prints them (portal issue-vouchers --help)\n"
      "       portal push-media DIR             copies a folder into the media store (docs/operations.md \"Media store\")\n"
      "       portal generate-activity --tenant NAME --customers N --days D --seed S\n"
      "                                        synthetic customers and their activity (bench/README.md)\n"
      "Every command takes the server's --config, --database and --migrations-dir.\n\n"
      "Secrets (the environment or the config file, never a flag):\n"
      "  PORTAL_STAFF_SECRET_KEY (staffSecretKey)  at least 32 characters, the same on every instance: seals the\n"
      "                                        staff's TOTP secrets and the tenants' payment provider keys;\n"
      "                                        needed outside the dev stage to serve and by `portal staff invite`\n"
      "  PORTAL_SMTP_PASSWORD (smtpPassword)     the SMTP AUTH password (with --smtp-user)\n"
      "  PORTAL_OPERATOR_SECRET_<TENANT>         a tenant's operator auto-login key (or --operator-secret)\n"
      "  PORTAL_PAYMENTS_WEBHOOK_SECRET          the sandbox payments webhook's key (or --payments-webhook-secret)\n"
      "  PORTAL_METRICS_TOKEN (metricsToken)     opens /metrics on the public listener to Authorization: Bearer TOKEN\n"
      "  PORTAL_DATABASE_REPLICA, PORTAL_SMTP, PORTAL_MAIL_FROM, PORTAL_PUBLIC_URL, PORT, PGPASSWORD, PORTAL_S3_ACCESS_KEY, PORTAL_S3_SECRET_KEY\n"
      "                                        the settings the options below name\n"
      "\nOptions");
  // clang-format off
  desc.add_options()
    ("help,h", "show this help")
    ("version", "print the version (and the commit it was built from) and exit")
    ("config", po::value<std::string>(), "JSON file with any of the options below (camelCase keys); flags win")
    ("address", po::value<std::string>(), "address to listen on (default 0.0.0.0)")
    ("port", po::value<unsigned short>(), "port to listen on; 0 picks a free one (default 8080, env PORT)")
    ("database", po::value<std::string>(), "SQLite file path or postgresql:// URL (default var/portal.db)")
    ("database-replica", po::value<std::vector<std::string>>()->composing(), "postgresql:// URL of a streaming replica of the --database (repeatable; env PORTAL_DATABASE_REPLICA, several separated by spaces): the storefront's catalog, search and structure reads and the reports read from one that keeps up, except for whoever just wrote (docs/operations.md \"Read replicas\")")
    ("replica-max-lag", po::value<int>(), "seconds: a read replica further behind the primary is left out until it catches up; the primary serves its reads meanwhile (default 5)")
    ("seed", po::value<std::string>(), "seed data set to load at start-up: 'demo' (the demo tenants, catalog, plans and accounts with published passwords: dev stage only; creates what is missing, and never writes over a tenant's settings, plans or catalog once staff changed them)")
    ("web-root", po::value<std::string>(), "folder of the client build (default <prefix>/share/portal/web when installed, else web/dist)")
    ("data-dir", po::value<std::string>(), "folder of the demo's tenants, structures and media (default <prefix>/share/portal/data when installed, else data)")
    ("locales-dir", po::value<std::string>(), "folder of the message bundles (default <prefix>/share/portal/locales when installed, else web/src/locales)")
    ("migrations-dir", po::value<std::string>(), "folder of the SQL migrations (default <prefix>/share/portal/migrations when installed, else server/migrations)")
    ("stage", po::value<std::string>(), "dev (the default: dev calls under /backend/dev, --seed demo, demo staff secrets and voucher codes printed, known dev keys when none is set, test flags and source maps allowed) or any other name, e.g. prod (none of those: every key must be configured); handed to the client")
    ("threads", po::value<int>(), "I/O threads (default: one per core)")
    ("db-pool", po::value<int>(), "database connections and worker threads (default 4)")
    ("db-checkout-timeout-ms", po::value<int>(), "longest wait for a free database connection; then the call answers 503 with Retry-After (default 5000)")
    ("body-limit", po::value<std::size_t>(), "largest request body in bytes (default 1048576)")
    ("log-level", po::value<std::string>(), "trace, debug, info, warn, error (default info)")
    ("port-file", po::value<std::string>(), "write the bound port to this file once listening")
    ("metrics-listen", po::value<std::string>(), "ADDRESS:PORT of a listener of its own for /metrics, /healthz and /readyz, e.g. 127.0.0.1:9464 (the package's). With it, or outside the dev stage, the public listener answers /metrics with 404 unless PORTAL_METRICS_TOKEN is set (default: none)")
    ("media-root", po::value<std::string>(), "folder of generated media served under /media/generated and /media/secure (default var/media)")
    ("media-url-ttl", po::value<int>(), "seconds a signed full-media URL stays valid (default 3600)")
    ("search-index-mb", po::value<int>(), "megabytes the tenants' catalog search indexes may hold together; past it the least recently searched tenant's is dropped, and built again at its next search (default 256)")
    ("media-store", po::value<std::string>(), "where media lives: folder (--media-root, shared by every instance) or s3 (default folder)")
    ("s3-endpoint", po::value<std::string>(), "the S3-compatible store's URL as the portal reaches it (https://s3.eu-west-1.amazonaws.com, http://minio:9000)")
    ("s3-public-endpoint", po::value<std::string>(), "the store's URL as browsers reach it, signed into presigned URLs (default --s3-endpoint)")
    ("s3-bucket", po::value<std::string>(), "the bucket")
    ("s3-prefix", po::value<std::string>(), "a prefix of every key (\"portal/\"; default none)")
    ("s3-region", po::value<std::string>(), "the region signed into requests (default us-east-1)")
    ("s3-virtual-hosts", po::bool_switch(), "bucket.host/key addressing (AWS) instead of host/bucket/key")
    ("media-work-dir", po::value<std::string>(), "this instance's folder for media jobs' work (default <media-root>/staging/jobs, or the temp folder with s3)")
    ("catalog-seed", po::value<std::string>(), "catalog file --seed demo loads into every tenant (default <data-dir>/catalog/demo-catalog.json, when present)")
    ("media-upload-expiry", po::value<std::int64_t>(), "seconds an unfinished media upload may go without a chunk before the media worker removes it with its staged bytes (default 86400)")
    ("media-workers", po::value<int>(), "media jobs this instance runs at once (default 0: half the cores, at least one)")
    ("media-jobs-per-tenant", po::value<int>(), "media jobs of one tenant running at once on all instances together; the queue serves the tenants in turn (default 2)")
    ("media-removal-grace", po::value<std::int64_t>(), "seconds replaced media that nothing of its tenant names stays in the media store before the media worker removes it (default 86400)")
    ("media-job-interval", po::value<int>(), "seconds between the media worker's looks for queued jobs (a job queued here wakes it at once); 0 = this instance runs no media jobs (default 5)")
    ("scheduler-interval", po::value<int>(), "seconds between subscription scheduler runs (renewals, grace, ends, pending payments); 0 = off (default 60)")
    ("reports-interval", po::value<int>(), "seconds between the reports' refresh runs (the daily aggregates, claimed per tenant); 0 = off (default 60)")
    ("history-upkeep-interval", po::value<int>(), "seconds between the history upkeep's runs (month partitions ahead on PostgreSQL, retention; one instance at a time); 0 = off (default 3600)")
    ("partitions-ahead", po::value<int>(), "months of history partitions PostgreSQL keeps ready after the current one (default 3)")
    ("retention-plays-months", po::value<int>(), "months the plays (stream tickets) and their usage reports are kept; 0 = for ever (default 25)")
    ("retention-events-months", po::value<int>(), "months the events (page views, server events) are kept; 0 = for ever (default 13)")
    ("retention-audit-months", po::value<int>(), "months the staff audit log is kept; 0 = for ever (default 84)")
    ("dev-clock", po::bool_switch(), "an offset clock for tests: POST /backend/dev/clock {advanceSeconds} moves it forward")
    ("payments-webhook-secret", po::value<std::string>(), "HMAC-SHA256 key of the sandbox payments webhook (env PORTAL_PAYMENTS_WEBHOOK_SECRET; dev default 'sandbox-webhook-secret')")
    ("stripe-api-base", po::value<std::string>(), "where Stripe's API is (env PORTAL_STRIPE_API_BASE; default https://api.stripe.com; the tests' Stripe server otherwise)")
    ("stripe-checkout-origin", po::value<std::string>(), "where Stripe Checkout's pages are, which the checkout page's form may send the payer to (env PORTAL_STRIPE_CHECKOUT_ORIGIN; default https://checkout.stripe.com)")
    ("camara-sink-origin", po::value<std::string>(), "the https origin where CAMARA operators' notifications reach this portal (env PORTAL_CAMARA_SINK_ORIGIN; default: each tenant's public origin when it is https, else none and the portal asks the operator)")
    ("smtp", po::value<std::string>(), "HOST[:PORT] of the SMTP relay that delivers the outbox's mails (env PORTAL_SMTP; default port 25; none: mail stays in the outbox)")
    ("mail-from", po::value<std::string>(), "From address of outgoing mail, 'address' or 'Name <address>' (env PORTAL_MAIL_FROM; default portal@localhost)")
    ("smtp-user", po::value<std::string>(), "SMTP AUTH user (env PORTAL_SMTP_USER); the password comes from env PORTAL_SMTP_PASSWORD or the config file's smtpPassword")
    ("smtp-tls", po::value<std::string>(), "none, starttls (required) or tls (implicit, port 465) (env PORTAL_SMTP_TLS; default none)")
    ("smtp-ca-file", po::value<std::string>(), "PEM file of CA certificates to trust for the relay besides the system's (env PORTAL_SMTP_CA_FILE)")
    ("webhook-interval", po::value<int>(), "seconds between the webhook delivery worker's looks for due deliveries; 0 = off (default 5)")
    ("webhook-first-retry", po::value<int>(), "seconds before a failed webhook delivery's first retry, then doubling up to 8 hours for 3 days (default 30)")
    ("mail-interval", po::value<int>(), "seconds between outbox delivery runs that pick up retries; a new mail is sent at once (default 10)")
    ("idempotency-stale-after", po::value<int>(), "seconds after which an Idempotency-Key claim its process stopped renewing (every 5 s while the call runs) is taken over (default 20)")
    ("test-cheap-password-hashes", po::bool_switch(), "dev stage only: new password hashes at argon2id's least cost (test suites)")
    ("test-delay-after-commit", po::value<int>(), "dev stage only: milliseconds every idempotent call waits between its work and storing its answer (crash tests)")
    ("test-work-delay", po::value<int>(), "dev stage only: milliseconds a claimed media job and each day of a report refresh wait before their work, and a charge between its provider's answer and its record (crash tests)")
    ("registrations-per-hour", po::value<int>(), "registrations one client address may make per tenant and hour (default 20)")
    ("play-tickets-per-window", po::value<int>(), "play tickets (full plays of /song, /video/streaming) one user gets per 5-minute window (default 30)")
    ("public-url", po::value<std::string>(), "where browsers reach this portal, scheme://host[:port] (env PORTAL_PUBLIC_URL): the links in the mails of a tenant without its own backend.publicOrigin, on that tenant's host (default: none; the dev stage uses http://localhost:<port>)")
    ("trusted-proxy", po::value<std::vector<std::string>>()->composing(), "a reverse proxy's address whose X-Forwarded-Proto and X-Forwarded-For are believed (repeatable; none by default)")
    ("write-openapi", po::value<std::string>(), "write the backend's OpenAPI 3.1 document to FILE and exit")
    ("operator-secret", po::value<std::vector<std::string>>()->composing(), "TENANT=SECRET: the key that signs the tenant's operator auto-login cookie (repeatable; env PORTAL_OPERATOR_SECRET_<TENANT>); without one a tenant has no auto-login outside the dev stage")
    ("tenant", po::value<std::string>(), "import-catalog / import-subscriptions: the tenant name to load the file into")
    ("prune", "import-catalog: delete the tenant's articles and challenges absent from the file");
  // clang-format on
  po::positional_options_description positional;
  positional.add("command", 1).add("file", 1);
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::string>())("file", po::value<std::string>());
  po::options_description all;
  all.add(desc).add(hidden);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw std::invalid_argument(e.what());
  }
  ParsedArgs out;
  std::ostringstream help;
  help << desc;
  out.help_text = help.str();
  out.help = vm.count("help") > 0;
  out.version = vm.count("version") > 0;

  Config& c = out.config;
  // The read-only folders: <prefix>/share/portal when installed, the source tree's otherwise; the file and flags win.
  const InstallLayout layout = install_layout();
  c.web_root = layout.web_root;
  c.data_dir = layout.data_dir;
  c.locales_dir = layout.locales_dir;
  c.migrations_dir = layout.migrations_dir;
  if (const char* port = std::getenv("PORT"); port && *port) {
    try {
      c.port = static_cast<unsigned short>(std::stoi(port));
    } catch (...) {
      throw std::invalid_argument(std::string("PORT is not a number: ") + port);
    }
  }
  if (vm.count("config")) apply_file(c, vm["config"].as<std::string>());
  auto set = [&](const char* key, auto& into) {
    if (vm.count(key)) into = vm[key].as<std::remove_reference_t<decltype(into)>>();
  };
  set("address", c.address);
  set("port", c.port);
  set("database", c.database);
  if (const char* replicas = std::getenv("PORTAL_DATABASE_REPLICA"); replicas && *replicas) {
    c.database_replicas.clear();
    std::istringstream words(replicas);
    for (std::string url; words >> url;) c.database_replicas.push_back(url);
  }
  if (vm.count("database-replica")) c.database_replicas = vm["database-replica"].as<std::vector<std::string>>();
  set("replica-max-lag", c.replica_max_lag);
  if (c.replica_max_lag < 1) throw std::invalid_argument("--replica-max-lag must be at least 1 second");
  if (!c.database_replicas.empty()) {
    const auto postgres = [](const std::string& url) {
      return url.starts_with("postgresql://") || url.starts_with("postgres://");
    };
    if (!postgres(c.database))
      throw std::invalid_argument(
          "--database-replica needs a PostgreSQL --database: an SQLite file has no replicas (its readers already share "
          "the one file)");
    for (const auto& url : c.database_replicas)
      if (!postgres(url))
        throw std::invalid_argument("--database-replica takes a postgresql:// URL of a streaming replica (got '" +
                                    url.substr(0, 40) + "')");
  }
  set("seed", c.seed);
  set("web-root", c.web_root);
  set("data-dir", c.data_dir);
  set("locales-dir", c.locales_dir);
  set("migrations-dir", c.migrations_dir);
  set("stage", c.stage);
  set("threads", c.threads);
  set("db-pool", c.db_pool);
  set("db-checkout-timeout-ms", c.db_checkout_timeout_ms);
  set("body-limit", c.body_limit);
  set("log-level", c.log_level);
  set("port-file", c.port_file);
  set("metrics-listen", c.metrics_listen);
  if (!c.metrics_listen.empty()) (void)listen_address(c.metrics_listen, "--metrics-listen");
  set("media-root", c.media_root);
  set("media-url-ttl", c.media_url_ttl);
  set("search-index-mb", c.search_index_mb);
  set("media-store", c.media_store);
  set("s3-endpoint", c.s3_endpoint);
  set("s3-public-endpoint", c.s3_public_endpoint);
  set("s3-bucket", c.s3_bucket);
  set("s3-prefix", c.s3_prefix);
  set("s3-region", c.s3_region);
  if (vm.count("s3-virtual-hosts") && vm["s3-virtual-hosts"].as<bool>()) c.s3_virtual_hosts = true;
  set("media-work-dir", c.media_work_dir);
  if (c.media_store != "folder" && c.media_store != "s3")
    throw std::invalid_argument("--media-store must be folder or s3");
  if (c.media_store == "s3" && (c.s3_endpoint.empty() || c.s3_bucket.empty()))
    throw std::invalid_argument("--media-store s3 needs --s3-endpoint and --s3-bucket");
  set("catalog-seed", c.catalog_seed);
  set("scheduler-interval", c.scheduler_interval);
  set("reports-interval", c.reports_interval);
  set("history-upkeep-interval", c.history_upkeep_interval);
  set("partitions-ahead", c.partitions_ahead);
  set("retention-plays-months", c.retention_plays_months);
  set("retention-events-months", c.retention_events_months);
  set("retention-audit-months", c.retention_audit_months);
  set("media-job-interval", c.media_job_interval);
  set("media-upload-expiry", c.media_upload_expiry);
  if (c.media_upload_expiry < 60) throw std::invalid_argument("--media-upload-expiry must be at least 60 seconds");
  set("media-removal-grace", c.media_removal_grace);
  if (c.media_removal_grace < 60) throw std::invalid_argument("--media-removal-grace must be at least 60 seconds");
  set("media-workers", c.media_workers);
  if (c.media_workers < 0 || c.media_workers > 256) throw std::invalid_argument("--media-workers must be 0 to 256");
  set("media-jobs-per-tenant", c.media_jobs_per_tenant);
  if (c.media_jobs_per_tenant < 1) throw std::invalid_argument("--media-jobs-per-tenant must be at least 1");
  set("idempotency-stale-after", c.idempotency_stale_after);
  if (c.idempotency_stale_after < 1) throw std::invalid_argument("--idempotency-stale-after must be at least 1");
  set("test-delay-after-commit", c.test_delay_after_commit_ms);
  if (c.test_delay_after_commit_ms < 0 || c.test_delay_after_commit_ms > 60000)
    throw std::invalid_argument("--test-delay-after-commit must be 0 to 60000");
  if (c.test_delay_after_commit_ms > 0 && c.stage != "dev")
    throw std::invalid_argument("--test-delay-after-commit is a test flag of the dev stage only");
  set("test-work-delay", c.test_work_delay_ms);
  if (c.test_work_delay_ms < 0 || c.test_work_delay_ms > 60000)
    throw std::invalid_argument("--test-work-delay must be 0 to 60000");
  if (c.test_work_delay_ms > 0 && c.stage != "dev")
    throw std::invalid_argument("--test-work-delay is a test flag of the dev stage only");
  if (vm.count("test-cheap-password-hashes") && vm["test-cheap-password-hashes"].as<bool>()) c.test_cheap_password_hashes = true;
  if (c.test_cheap_password_hashes && c.stage != "dev")
    throw std::invalid_argument("--test-cheap-password-hashes is a test flag of the dev stage only");
  set("registrations-per-hour", c.registrations_per_hour);
  if (c.registrations_per_hour < 1) throw std::invalid_argument("--registrations-per-hour must be at least 1");
  set("play-tickets-per-window", c.play_tickets_per_window);
  if (c.play_tickets_per_window < 1) throw std::invalid_argument("--play-tickets-per-window must be at least 1");
  if (vm.count("dev-clock") && vm["dev-clock"].as<bool>()) c.dev_clock = true;
  if (const char* secret = std::getenv("PORTAL_PAYMENTS_WEBHOOK_SECRET"); secret && *secret) c.payments_webhook_secret = secret;
  set("payments-webhook-secret", c.payments_webhook_secret);
  auto env = [](const char* name, std::string& into) {
    if (const char* v = std::getenv(name); v && *v) into = v;
  };
  env("PORTAL_STRIPE_API_BASE", c.stripe_api_base);
  set("stripe-api-base", c.stripe_api_base);
  env("PORTAL_STRIPE_CHECKOUT_ORIGIN", c.stripe_checkout_origin);
  set("stripe-checkout-origin", c.stripe_checkout_origin);
  env("PORTAL_CAMARA_SINK_ORIGIN", c.camara_sink_origin);
  set("camara-sink-origin", c.camara_sink_origin);
  if (!c.camara_sink_origin.empty() && !c.camara_sink_origin.starts_with("https://"))
    throw std::invalid_argument("--camara-sink-origin must be an https origin (CAMARA's sink is https only)");
  env("PORTAL_SMTP", c.smtp);
  env("PORTAL_MAIL_FROM", c.mail_from);
  env("PORTAL_SMTP_USER", c.smtp_user);
  env("PORTAL_SMTP_PASSWORD", c.smtp_password);
  env("PORTAL_SMTP_TLS", c.smtp_tls);
  env("PORTAL_SMTP_CA_FILE", c.smtp_ca_file);
  env("PORTAL_STAFF_SECRET_KEY", c.staff_secret_key);
  env("PORTAL_METRICS_TOKEN", c.metrics_token);
  if (!c.metrics_token.empty() && c.metrics_token.size() < 16)
    throw std::invalid_argument("PORTAL_METRICS_TOKEN (metricsToken) must have at least 16 characters");
  if (!c.staff_secret_key.empty() && c.staff_secret_key.size() < staff::kMinStaffSecretKeyLength)
    throw std::invalid_argument("PORTAL_STAFF_SECRET_KEY (staffSecretKey) must have at least 32 characters");
  set("smtp", c.smtp);
  set("mail-from", c.mail_from);
  set("smtp-user", c.smtp_user);
  set("smtp-tls", c.smtp_tls);
  set("smtp-ca-file", c.smtp_ca_file);
  set("mail-interval", c.mail_interval);
  set("webhook-interval", c.webhook_interval);
  set("webhook-first-retry", c.webhook_first_retry);
  if (c.webhook_interval < 0) throw std::invalid_argument("--webhook-interval must be 0 or more seconds");
  if (c.webhook_first_retry < 1) throw std::invalid_argument("--webhook-first-retry must be at least 1 second");
  if (c.smtp_tls != "none" && c.smtp_tls != "starttls" && c.smtp_tls != "tls")
    throw std::invalid_argument("--smtp-tls must be none, starttls or tls");
  if (c.mail_interval < 1) throw std::invalid_argument("--mail-interval must be at least 1 second");
  if (vm.count("operator-secret"))
    for (const auto& pair : vm["operator-secret"].as<std::vector<std::string>>()) {
      const auto eq = pair.find('=');
      if (eq == std::string::npos || eq == 0 || pair.size() - eq - 1 < 16)
        throw std::invalid_argument("--operator-secret takes TENANT=SECRET with a secret of at least 16 characters");
      c.operator_secrets[pair.substr(0, eq)] = pair.substr(eq + 1);
    }
  env("PORTAL_PUBLIC_URL", c.public_url);
  set("public-url", c.public_url);
  if (!c.public_url.empty()) {
    // An origin only, as a browser writes it: the mails' links add their paths.
    std::string url = c.public_url;
    while (!url.empty() && url.back() == '/') url.pop_back();
    const auto origin = core::strict_origin(url);
    if (!origin || *origin != core::lower(url))
      throw std::invalid_argument("--public-url must be an origin such as https://play.example.com (no path)");
    c.public_url = *origin;
  }
  set("write-openapi", c.write_openapi);
  if (vm.count("trusted-proxy")) c.trusted_proxies = vm["trusted-proxy"].as<std::vector<std::string>>();
  if (vm.count("command")) {
    const std::string command = vm["command"].as<std::string>();
    if (command != "import-catalog" && command != "import-subscriptions" && command != "push-media")
      throw std::invalid_argument("unknown command '" + command + "'");
    c.command = command;
    if (!vm.count("file")) throw std::invalid_argument(command + (command == "push-media" ? " needs a DIR" : " needs a FILE"));
    if (command == "push-media") {
      out.push_media = true;
      out.import_file = vm["file"].as<std::string>();
      return out;
    }
    out.import_catalog = true;
    if (!vm.count("tenant")) throw std::invalid_argument(command + " needs --tenant NAME");
    out.import_file = vm["file"].as<std::string>();
    out.import_tenant = vm["tenant"].as<std::string>();
    out.import_prune = vm.count("prune") > 0;
  } else if (vm.count("prune")) {
    throw std::invalid_argument("--prune belongs to import-catalog");
  }
  if (c.media_url_ttl < 1) throw std::invalid_argument("--media-url-ttl must be at least 1");
  if (c.search_index_mb < 1) throw std::invalid_argument("--search-index-mb must be at least 1");
  if (!c.seed.empty() && c.seed != "demo") throw std::invalid_argument("--seed accepts only 'demo'");
  // Issue 71 item 5: the demo's accounts, staff and voucher codes have passwords and codes anyone can read (the
  // README, data/users/demo.json): a production stage that seeded them opened its tenants to everyone.
  if (c.seed == "demo" && c.stage != "dev")
    throw std::invalid_argument(
        "--seed demo is refused outside the dev stage (stage '" + c.stage +
        "'): the demo creates tenants whose customer and staff accounts have published passwords and whose voucher "
        "codes redeem plans. To try the demo, run a separate instance with --stage dev --seed demo, never in "
        "production (the container's demo recipe, compose.demo.yaml, does; docs/operations.md \"Trying the demo\"); "
        "for your own tenants use portal tenant create");
  if (c.db_pool < 1) throw std::invalid_argument("--db-pool must be at least 1");
  if (c.db_checkout_timeout_ms < 1) throw std::invalid_argument("--db-checkout-timeout-ms must be at least 1");
  if (c.scheduler_interval < 0) throw std::invalid_argument("--scheduler-interval must be 0 (off) or more seconds");
  if (c.reports_interval < 0) throw std::invalid_argument("--reports-interval must be 0 (off) or more seconds");
  if (c.history_upkeep_interval < 0)
    throw std::invalid_argument("--history-upkeep-interval must be 0 (off) or more seconds");
  if (c.partitions_ahead < 1 || c.partitions_ahead > 24)
    throw std::invalid_argument("--partitions-ahead must be 1 to 24 months");
  for (const auto& [flag, months] : {std::pair{"--retention-plays-months", c.retention_plays_months},
                                     std::pair{"--retention-events-months", c.retention_events_months},
                                     std::pair{"--retention-audit-months", c.retention_audit_months}})
    if (months < 0) throw std::invalid_argument(std::string(flag) + " must be 0 (for ever) or more months");
  return out;
}

}  // namespace portal::app
