// The plan_group_levels migration ("one active level per plan group") on SQLite and, when
// PORTAL_TEST_POSTGRES_URL is set, on PostgreSQL: levels held at once before
// it keep the newest ACTIVE and end the others (CANCELED, with an event);
// afterwards the database refuses a second ACTIVE level of a group and a
// second charge in flight with the same exclusive key.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "db/migrations.hpp"

namespace portal::db {
namespace {

namespace fs = std::filesystem;

// The project's migrations before plan_group_levels (`before`), or all of them.
std::vector<Migration> project_migrations(std::string_view dialect, bool before) {
  auto all = load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", dialect);
  if (!before) return all;
  auto at = std::find_if(all.begin(), all.end(), [](const Migration& m) { return m.name == "plan_group_levels"; });
  EXPECT_NE(at, all.end());
  all.erase(at, all.end());
  return all;
}

// Before the migration; after it as the repository writes it, with the type's group.
void insert_subscription(Database& db, const std::string& id, std::int64_t type, const std::string& state,
                         const std::string& created_at) {
  db.execute("INSERT INTO user_subscriptions (id, tenant_id, user_uuid, type_id, state, start_date, created_at, updated_at) "
             "VALUES ($1, 1, 'u1', $2, $3, $4, $4, $4)",
             {id, type, state, created_at});
}
void insert_grouped(Database& db, const std::string& id, std::int64_t type, const std::string& state) {
  db.execute("INSERT INTO user_subscriptions (id, tenant_id, user_uuid, type_id, state, start_date, created_at, updated_at, "
             "group_id) VALUES ($1, 1, 'u1', $2, $3, 'x', 'x', 'x', "
             "(SELECT group_id FROM subscription_types WHERE tenant_id = 1 AND id = $2))",
             {id, type, state});
}

void insert_charge(Database& db, const std::string& id, const Value& key) {
  db.execute("INSERT INTO payments (id, tenant_id, user_uuid, purpose, reference, provider, instrument, amount, currency, "
             "status, created_at, updated_at, exclusive_key) "
             "VALUES ($1, 1, 'u1', 'checkout', $1, 'sandbox', '', 499, 'EUR', 'PROCESSING', 'x', 'x', $2)",
             {id, key});
}

std::string state_of(Database& db, const std::string& id) {
  return db.query("SELECT state FROM user_subscriptions WHERE id = $1", {id})[0].text(0);
}

void migrates_and_enforces(Database& db, std::string_view dialect) {
  migrate(db, project_migrations(dialect, true));
  db.execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 't', 'T', 'x', 'x')");
  db.execute("INSERT INTO users (uuid, tenant_id, user_id, created_at, updated_at) VALUES ('u1', 1, 'u1', 'x', 'x')");
  const std::vector<std::pair<std::int64_t, Value>> types{
      {101, std::string("music")}, {102, std::string("music")}, {103, std::string("music")},
      {201, std::string("video")}, {301, nullptr}, {302, nullptr}};
  for (const auto& [type, group] : types)
    db.execute("INSERT INTO subscription_types (tenant_id, id, group_id, definition, updated_at) VALUES (1, $1, $2, '{}', 'x')",
               {type, group});
  // What the bug left: three music levels ACTIVE at once, one of them ended already.
  insert_subscription(db, "basic", 101, "ACTIVE", "2026-01-01T10:00:00Z");
  insert_subscription(db, "plus", 102, "ACTIVE", "2026-01-01T10:00:05Z");
  insert_subscription(db, "premium", 103, "ACTIVE", "2026-01-01T10:00:05Z");
  insert_subscription(db, "old-plus", 102, "CANCELED", "2025-01-01T10:00:00Z");
  insert_subscription(db, "video", 201, "ACTIVE", "2026-01-01T10:00:00Z");
  insert_subscription(db, "free", 301, "ACTIVE", "2026-01-01T10:00:00Z");

  EXPECT_GE(migrate(db, project_migrations(dialect, false)), 1);
  // The newest stays (the larger id breaks a tie of start times).
  EXPECT_EQ(state_of(db, "premium"), "ACTIVE");
  EXPECT_EQ(state_of(db, "plus"), "CANCELED");
  EXPECT_EQ(state_of(db, "basic"), "CANCELED");
  EXPECT_EQ(state_of(db, "old-plus"), "CANCELED");
  EXPECT_EQ(state_of(db, "video"), "ACTIVE");
  EXPECT_EQ(state_of(db, "free"), "ACTIVE");
  auto basic = db.query("SELECT end_date, version, next_renewal_date, group_id FROM user_subscriptions WHERE id = 'basic'");
  EXPECT_EQ(basic[0].text(0), "2026-01-01T10:00:05Z");
  EXPECT_EQ(basic[0].integer(1), 1);
  EXPECT_TRUE(basic[0].is_null(2));
  EXPECT_EQ(basic[0].text(3), "music");
  auto events = db.query("SELECT subscription_id, version, from_state, to_state, actor FROM subscription_events ORDER BY subscription_id");
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].text(0), "basic");
  EXPECT_EQ(events[0].integer(1), 1);
  EXPECT_EQ(events[0].text(2), "ACTIVE");
  EXPECT_EQ(events[0].text(3), "CANCELED");
  EXPECT_EQ(events[0].text(4), "migration");
  EXPECT_EQ(events[1].text(0), "plus");

  // A second ACTIVE level is refused; pending ones and types without a group are not
  // (other groups neither: video stayed ACTIVE beside premium).
  EXPECT_THROW(insert_grouped(db, "again", 101, "ACTIVE"), ConstraintError);
  EXPECT_THROW(db.execute("UPDATE user_subscriptions SET state = 'ACTIVE' WHERE id = 'basic'"), ConstraintError);
  insert_grouped(db, "requested", 101, "REQUESTED");
  EXPECT_THROW(db.execute("UPDATE user_subscriptions SET state = 'ACTIVE' WHERE id = 'requested'"), ConstraintError);
  insert_grouped(db, "free-2", 302, "ACTIVE");
  // The old level ends first, then the new one may be ACTIVE (an up/downgrade).
  db.execute("UPDATE user_subscriptions SET state = 'CANCELED' WHERE id = 'premium'");
  db.execute("UPDATE user_subscriptions SET state = 'ACTIVE' WHERE id = 'requested'");

  // One charge in flight per exclusive key; none or another key is free.
  insert_charge(db, "p1", std::string("plan-group:music"));
  EXPECT_THROW(insert_charge(db, "p2", std::string("plan-group:music")), ConstraintError);
  insert_charge(db, "p3", std::string("plan-group:video"));
  insert_charge(db, "p4", nullptr);
  insert_charge(db, "p5", nullptr);
  db.execute("UPDATE payments SET status = 'SUCCEEDED' WHERE id = 'p1'");
  insert_charge(db, "p6", std::string("plan-group:music"));
}

TEST(PlanGroupIndex, SqliteMigratesAndEnforces) {
  const auto dir = fs::temp_directory_path() / ("portal-plan-group-" + std::to_string(std::random_device{}()));
  fs::create_directories(dir);
  {
    auto db = open((dir / "portal.db").string(), 2);
    migrates_and_enforces(*db, "sqlite");
  }
  fs::remove_all(dir);
}

TEST(PlanGroupIndexPostgres, MigratesAndEnforces) {
  const char* url = std::getenv("PORTAL_TEST_POSTGRES_URL");
  if (!url || !*url) GTEST_SKIP() << "PORTAL_TEST_POSTGRES_URL is not set";
  const std::string base = url;
  const std::string schema = "portal_plan_group_" + std::to_string(std::random_device{}());
  auto admin = open(base, 1);
  admin->execute("CREATE SCHEMA " + schema);
  {
    const std::string sep = base.find('?') == std::string::npos ? "?" : "&";
    auto db = open(base + sep + "options=-csearch_path%3D" + schema, 2);
    migrates_and_enforces(*db, "postgres");
  }
  admin->execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
}

}  // namespace
}  // namespace portal::db
