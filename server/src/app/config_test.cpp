#include "app/config.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace portal::app {
namespace {

ParsedArgs parse(std::vector<std::string> args) {
  args.insert(args.begin(), "portal");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return parse_args(static_cast<int>(argv.size()), argv.data());
}

TEST(Config, DefaultsAndFlags) {
  unsetenv("PORT");
  auto d = parse({});
  EXPECT_EQ(d.config.port, 8080);
  EXPECT_EQ(d.config.database, "var/portal.db");
  auto f = parse({"--port", "9090", "--database", "postgresql://u@localhost/p", "--seed", "demo"});
  EXPECT_EQ(f.config.port, 9090);
  EXPECT_EQ(f.config.database, "postgresql://u@localhost/p");
  EXPECT_EQ(f.config.seed, "demo");
}

TEST(Config, HistoryRetentionPerTableWithDefaults) {
  const auto d = parse({}).config;
  EXPECT_EQ(d.history_upkeep_interval, 3600);
  EXPECT_EQ(d.partitions_ahead, 3);
  EXPECT_EQ(d.retention_plays_months, 25);
  EXPECT_EQ(d.retention_events_months, 13);
  EXPECT_EQ(d.retention_audit_months, 84);
  const auto f = parse({"--retention-events-months", "0", "--retention-audit-months", "120", "--partitions-ahead", "6",
                        "--history-upkeep-interval", "0"})
                     .config;
  EXPECT_EQ(f.retention_events_months, 0);  // for ever
  EXPECT_EQ(f.retention_audit_months, 120);
  EXPECT_EQ(f.partitions_ahead, 6);
  EXPECT_EQ(f.history_upkeep_interval, 0);
  EXPECT_THROW(parse({"--retention-plays-months", "-1"}), std::invalid_argument);
  EXPECT_THROW(parse({"--partitions-ahead", "0"}), std::invalid_argument);
}

TEST(Config, HelpNamesTheFlags) {
  auto h = parse({"--help"});
  EXPECT_TRUE(h.help);
  for (const char* flag : {"--port", "--database", "--seed", "--web-root", "--config"})
    EXPECT_NE(h.help_text.find(flag), std::string::npos) << flag;
  // Every command, one line each, and what --stage's values change.
  for (const char* command : {"portal tenant ", "portal staff invite", "portal import-catalog", "portal import-subscriptions",
                              "portal issue-vouchers", "portal push-media", "portal generate-activity"})
    EXPECT_NE(h.help_text.find(command), std::string::npos) << command;
  EXPECT_NE(h.help_text.find("e.g. prod"), std::string::npos);
  // The secrets that have no flag are named too (issue 73 item 9).
  for (const char* secret : {"PORTAL_STAFF_SECRET_KEY", "PORTAL_SMTP_PASSWORD", "PORTAL_OPERATOR_SECRET_<TENANT>"})
    EXPECT_NE(h.help_text.find(secret), std::string::npos) << secret;
}

TEST(Config, FileThenFlagsWin) {
  const auto path = std::filesystem::temp_directory_path() / "portal-config-test.json";
  std::ofstream(path) << R"({"port": 7000, "webRoot": "/srv/web", "stage": "prod"})";
  auto c = parse({"--config", path.string(), "--port", "7001"});
  EXPECT_EQ(c.config.port, 7001);
  EXPECT_EQ(c.config.web_root, "/srv/web");
  EXPECT_EQ(c.config.stage, "prod");
  std::filesystem::remove(path);
}

TEST(Config, CheapPasswordHashesAreADevStageTestFlagOnly) {
  EXPECT_FALSE(parse({}).config.test_cheap_password_hashes);
  EXPECT_TRUE(parse({"--test-cheap-password-hashes"}).config.test_cheap_password_hashes);
  EXPECT_THROW(parse({"--test-cheap-password-hashes", "--stage", "prod"}), std::invalid_argument);
}

// Issue 71 item 5: the demo's accounts have published passwords; only the dev stage seeds them, whichever way the
// stage and the seed are given (flags, the config file, or one of each), and the refusal says why and what to do.
TEST(Config, DemoSeedIsForTheDevStageOnly) {
  EXPECT_EQ(parse({"--seed", "demo"}).config.seed, "demo");
  EXPECT_EQ(parse({"--seed", "demo", "--stage", "dev"}).config.seed, "demo");
  EXPECT_EQ(parse({"--stage", "prod"}).config.seed, "");
  try {
    parse({"--stage", "prod", "--seed", "demo"});
    FAIL() << "--stage prod --seed demo was accepted";
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("refused outside the dev stage"), std::string::npos) << message;
    EXPECT_NE(message.find("published passwords"), std::string::npos) << message;
    EXPECT_NE(message.find("--stage dev --seed demo"), std::string::npos) << message;
  }
  EXPECT_THROW(parse({"--stage", "production", "--seed", "demo"}), std::invalid_argument);
  const auto path = std::filesystem::temp_directory_path() / "portal-config-seed-test.json";
  std::ofstream(path) << R"({"stage": "prod"})";  // the Debian package's portal.json, with PORTAL_ARGS=--seed demo
  EXPECT_THROW(parse({"--config", path.string(), "--seed", "demo"}), std::invalid_argument);
  EXPECT_EQ(parse({"--config", path.string(), "--stage", "dev", "--seed", "demo"}).config.seed, "demo");
  std::ofstream(path) << R"({"stage": "staging", "seed": "demo"})";
  EXPECT_THROW(parse({"--config", path.string()}), std::invalid_argument);
  std::filesystem::remove(path);
}

// Read replicas (issue 76 item 2): flags (repeatable), the environment (several, by spaces) or the config file; only
// beside a PostgreSQL database, and only PostgreSQL URLs.
TEST(Config, ReadReplicas) {
  unsetenv("PORTAL_DATABASE_REPLICA");
  const std::string primary = "postgresql://portal@db1/portal";
  auto none = parse({"--database", primary});
  EXPECT_TRUE(none.config.database_replicas.empty());
  EXPECT_EQ(none.config.replica_max_lag, 5);
  auto flags = parse({"--database", primary, "--database-replica", "postgresql://portal@db2/portal",
                      "--database-replica", "postgres://portal@pgb3:6432/portal?pool_mode=transaction",
                      "--replica-max-lag", "3"});
  EXPECT_EQ(flags.config.database_replicas,
            (std::vector<std::string>{"postgresql://portal@db2/portal", "postgres://portal@pgb3:6432/portal?pool_mode=transaction"}));
  EXPECT_EQ(flags.config.replica_max_lag, 3);
  setenv("PORTAL_DATABASE_REPLICA", "postgresql://a/p  postgresql://b/p", 1);
  EXPECT_EQ(parse({"--database", primary}).config.database_replicas,
            (std::vector<std::string>{"postgresql://a/p", "postgresql://b/p"}));
  EXPECT_EQ(parse({"--database", primary, "--database-replica", "postgresql://c/p"}).config.database_replicas,
            (std::vector<std::string>{"postgresql://c/p"}));  // the flag wins
  unsetenv("PORTAL_DATABASE_REPLICA");
  const auto path = std::filesystem::temp_directory_path() / "portal-config-replica-test.json";
  std::ofstream(path) << R"({"database": "postgresql://portal@db1/portal", "databaseReplicas": ["postgresql://d/p"], "replicaMaxLag": 9})";
  auto file = parse({"--config", path.string()});
  EXPECT_EQ(file.config.database_replicas, (std::vector<std::string>{"postgresql://d/p"}));
  EXPECT_EQ(file.config.replica_max_lag, 9);
  std::filesystem::remove(path);
  try {
    parse({"--database", "var/portal.db", "--database-replica", "postgresql://portal@db2/portal"});
    FAIL() << "an SQLite database with a replica";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("needs a PostgreSQL --database"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse({"--database", primary, "--database-replica", "/var/lib/replica.db"}), std::invalid_argument);
  EXPECT_THROW(parse({"--database", primary, "--replica-max-lag", "0"}), std::invalid_argument);
}

TEST(Config, BadInputIsAClearError) {
  EXPECT_THROW(parse({"--seed", "everything"}), std::invalid_argument);
  EXPECT_THROW(parse({"--port", "notaport"}), std::invalid_argument);
  EXPECT_THROW(parse({"--config", "/nonexistent/file.json"}), std::invalid_argument);
  EXPECT_THROW(parse({"--bogus"}), std::invalid_argument);
}

TEST(Config, MediaLimitsQuotaAndExpiry) {
  const auto path = std::filesystem::temp_directory_path() / "portal-config-media-test.json";
  std::ofstream(path) << R"({"mediaSizeLimits": {"audio": 1000, "gameUnpacked": 8388608, "tenantOpenUploads": 3145728},
                            "mediaUploadExpiry": 7200})";
  auto c = parse({"--config", path.string()});
  EXPECT_EQ(c.config.media_size_limits.at("audio"), 1000);
  EXPECT_EQ(c.config.media_size_limits.at("gameUnpacked"), 8388608);
  EXPECT_EQ(c.config.media_size_limits.at("tenantOpenUploads"), 3145728);
  EXPECT_EQ(c.config.media_upload_expiry, 7200);
  EXPECT_EQ(parse({"--config", path.string(), "--media-upload-expiry", "600"}).config.media_upload_expiry, 600);
  EXPECT_EQ(parse({}).config.media_upload_expiry, 86400);
  EXPECT_THROW(parse({"--media-upload-expiry", "5"}), std::invalid_argument);
  std::ofstream(path) << R"({"mediaSizeLimits": {"openUploads": 10}})";
  EXPECT_THROW(parse({"--config", path.string()}), std::invalid_argument);
  std::filesystem::remove(path);
}

// Issue 71 items 3 and 4: how many media jobs run at once (here, and of one tenant everywhere), the stored-bytes
// quota and the grace of replaced media.
TEST(Config, MediaWorkersStoredBytesAndRemovalGrace) {
  const auto path = std::filesystem::temp_directory_path() / "portal-config-media-workers-test.json";
  std::ofstream(path) << R"({"mediaSizeLimits": {"tenantStoredBytes": 1073741824}, "mediaWorkers": 3,
                            "mediaJobsPerTenant": 1, "mediaRemovalGrace": 3600})";
  auto c = parse({"--config", path.string()});
  EXPECT_EQ(c.config.media_size_limits.at("tenantStoredBytes"), 1073741824);
  EXPECT_EQ(c.config.media_workers, 3);
  EXPECT_EQ(c.config.media_jobs_per_tenant, 1);
  EXPECT_EQ(c.config.media_removal_grace, 3600);
  auto f = parse({"--config", path.string(), "--media-workers", "5", "--media-jobs-per-tenant", "4",
                  "--media-removal-grace", "7200"});
  EXPECT_EQ(f.config.media_workers, 5);
  EXPECT_EQ(f.config.media_jobs_per_tenant, 4);
  EXPECT_EQ(f.config.media_removal_grace, 7200);
  const auto d = parse({}).config;
  EXPECT_EQ(d.media_workers, 0) << "0: half the cores";
  EXPECT_EQ(d.media_jobs_per_tenant, 2);
  EXPECT_EQ(d.media_removal_grace, 86400);
  EXPECT_THROW(parse({"--media-jobs-per-tenant", "0"}), std::invalid_argument);
  EXPECT_THROW(parse({"--media-workers", "-1"}), std::invalid_argument);
  EXPECT_THROW(parse({"--media-removal-grace", "10"}), std::invalid_argument);
  std::filesystem::remove(path);
}

TEST(Config, PortFromEnvironment) {
  setenv("PORT", "8181", 1);
  EXPECT_EQ(parse({}).config.port, 8181);
  EXPECT_EQ(parse({"--port", "8282"}).config.port, 8282);
  unsetenv("PORT");
}

TEST(Config, SchedulerDevClockAndImportCommands) {
  auto d = parse({});
  EXPECT_EQ(d.config.scheduler_interval, 60);
  EXPECT_FALSE(d.config.dev_clock);
  auto f = parse({"--scheduler-interval", "0", "--dev-clock", "--payments-webhook-secret", "k"});
  EXPECT_EQ(f.config.scheduler_interval, 0);
  EXPECT_TRUE(f.config.dev_clock);
  EXPECT_EQ(f.config.payments_webhook_secret, "k");
  EXPECT_THROW(parse({"--scheduler-interval", "-1"}), std::invalid_argument);
  auto i = parse({"import-subscriptions", "plans.json", "--tenant", "aurora"});
  EXPECT_TRUE(i.import_catalog);
  EXPECT_EQ(i.config.command, "import-subscriptions");
  EXPECT_EQ(i.import_file, "plans.json");
  EXPECT_EQ(parse({"import-catalog", "c.json", "--tenant", "aurora"}).config.command, "import-catalog");
  EXPECT_THROW(parse({"import-subscriptions", "plans.json"}), std::invalid_argument);
}

TEST(Config, MailAndDatabasePoolSettings) {
  auto d = parse({});
  EXPECT_EQ(d.config.smtp, "");
  EXPECT_EQ(d.config.smtp_tls, "none");
  EXPECT_EQ(d.config.mail_interval, 10);
  EXPECT_EQ(d.config.db_checkout_timeout_ms, 5000);
  setenv("PORTAL_SMTP", "mail.example:587", 1);
  setenv("PORTAL_SMTP_PASSWORD", "s3cret", 1);
  auto e = parse({"--smtp-user", "portal", "--smtp-tls", "starttls", "--mail-from", "Portal <noreply@example.com>"});
  EXPECT_EQ(e.config.smtp, "mail.example:587");
  EXPECT_EQ(e.config.smtp_password, "s3cret");
  EXPECT_EQ(e.config.smtp_user, "portal");
  EXPECT_EQ(e.config.smtp_tls, "starttls");
  EXPECT_EQ(e.config.mail_from, "Portal <noreply@example.com>");
  EXPECT_EQ(parse({"--smtp", "relay:25"}).config.smtp, "relay:25");  // the flag wins
  unsetenv("PORTAL_SMTP");
  unsetenv("PORTAL_SMTP_PASSWORD");
  EXPECT_THROW(parse({"--smtp-tls", "ssl"}), std::invalid_argument);
  EXPECT_THROW(parse({"--mail-interval", "0"}), std::invalid_argument);
  EXPECT_EQ(parse({"--db-checkout-timeout-ms", "250"}).config.db_checkout_timeout_ms, 250);
  EXPECT_THROW(parse({"--db-checkout-timeout-ms", "0"}), std::invalid_argument);
}

// Issue 74 items 2 and 5: --version, and where the metrics are served.
TEST(Config, VersionAndMetricsListener) {
  EXPECT_TRUE(parse({"--version"}).version);
  EXPECT_FALSE(parse({}).version);
  const auto apart = parse({"--metrics-listen", "127.0.0.1:9464", "--stage", "prod"});
  EXPECT_EQ(apart.config.metrics_listen, "127.0.0.1:9464");
  EXPECT_EQ(listen_address("127.0.0.1:9464", "--metrics-listen"), (std::pair<std::string, unsigned short>{"127.0.0.1", 9464}));
  EXPECT_EQ(listen_address("[::1]:9464", "--metrics-listen"), (std::pair<std::string, unsigned short>{"::1", 9464}));
  EXPECT_EQ(listen_address("0.0.0.0:0", "--metrics-listen").second, 0);
  for (const char* bad : {"9464", ":9464", "127.0.0.1:", "127.0.0.1:70000", "127.0.0.1:94x", "[::1:9464", "[]:9464"})
    EXPECT_THROW((void)listen_address(bad, "--metrics-listen"), std::invalid_argument) << bad;
  EXPECT_THROW(parse({"--metrics-listen", "9464"}), std::invalid_argument);
  EXPECT_NE(parse({"--help"}).help_text.find("PORTAL_METRICS_TOKEN"), std::string::npos);
}

}  // namespace
}  // namespace portal::app
