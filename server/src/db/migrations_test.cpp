#include "db/migrations.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <random>

namespace portal::db {
namespace {

namespace fs = std::filesystem;

class MigrationsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("portal-migrations-" + std::to_string(std::random_device{}()));
    fs::create_directories(root_ / "m");
    db_ = open((root_ / "test.db").string(), 2);
  }
  void TearDown() override {
    db_.reset();
    fs::remove_all(root_);
  }
  void write(const std::string& file, const std::string& sql) { std::ofstream(root_ / "m" / file) << sql; }
  fs::path dir() const { return root_ / "m"; }

  fs::path root_;
  std::unique_ptr<Database> db_;
};

TEST_F(MigrationsTest, AppliesInOrderOnceAndRecordsThem) {
  write("0001_first.sql", "CREATE TABLE a (id INTEGER PRIMARY KEY);");
  write("0002_second.sql", "CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a (id));");
  write("README.md", "ignored");
  auto migrations = load_migrations(dir(), "sqlite");
  ASSERT_EQ(migrations.size(), 2u);
  EXPECT_EQ(migrations[1].name, "second");

  EXPECT_EQ(current_version(*db_), 0);
  EXPECT_EQ(migrate(*db_, migrations), 2);
  EXPECT_EQ(current_version(*db_), 2);
  EXPECT_EQ(migrate(*db_, migrations), 0);  // idempotent
  auto rows = db_->query("SELECT version, name, applied_at FROM schema_migrations ORDER BY version");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].text("name"), "first");
  EXPECT_EQ(rows[1].text(2).size(), 20u);  // 2024-01-01T00:00:00Z

  write("0003_third.sql", "ALTER TABLE a ADD COLUMN label TEXT;");
  EXPECT_EQ(migrate(*db_, load_migrations(dir(), "sqlite")), 1);
  EXPECT_EQ(current_version(*db_), 3);
}

TEST_F(MigrationsTest, PicksTheTwinOfTheDialect) {
  write("0001_base.sqlite.sql", "CREATE TABLE t (id INTEGER PRIMARY KEY);");
  write("0001_base.postgres.sql", "CREATE TABLE t (id BIGSERIAL PRIMARY KEY);");
  write("0002_more.sql", "CREATE TABLE u (id INTEGER);");
  auto sqlite = load_migrations(dir(), "sqlite");
  auto postgres = load_migrations(dir(), "postgres");
  ASSERT_EQ(sqlite.size(), 2u);
  EXPECT_NE(sqlite[0].sql.find("INTEGER PRIMARY KEY"), std::string::npos);
  EXPECT_NE(postgres[0].sql.find("BIGSERIAL"), std::string::npos);
  EXPECT_EQ(sqlite[1].sql, postgres[1].sql);
}

TEST_F(MigrationsTest, RejectsGapsDuplicatesAndMissingTwins) {
  write("0001_a.sql", "SELECT 1;");
  write("0003_c.sql", "SELECT 1;");
  EXPECT_THROW(load_migrations(dir(), "sqlite"), MigrationError);
  fs::remove(dir() / "0003_c.sql");

  write("0002_b.postgres.sql", "SELECT 1;");  // no sqlite twin
  EXPECT_THROW(load_migrations(dir(), "sqlite"), MigrationError);
  EXPECT_NO_THROW(load_migrations(dir(), "postgres"));
  fs::remove(dir() / "0002_b.postgres.sql");

  write("0002_b.sql", "SELECT 1;");
  write("0002_other.sql", "SELECT 1;");
  EXPECT_THROW(load_migrations(dir(), "sqlite"), MigrationError);
  fs::remove(dir() / "0002_other.sql");

  write("2_bad.sql", "SELECT 1;");
  EXPECT_THROW(load_migrations(dir(), "sqlite"), MigrationError);
}

TEST_F(MigrationsTest, RefusesADatabaseNewerThanTheBinary) {
  write("0001_a.sql", "CREATE TABLE a (id INTEGER);");
  write("0002_b.sql", "CREATE TABLE b (id INTEGER);");
  migrate(*db_, load_migrations(dir(), "sqlite"));
  fs::remove(dir() / "0002_b.sql");
  try {
    migrate(*db_, load_migrations(dir(), "sqlite"));
    FAIL() << "expected MigrationError";
  } catch (const MigrationError& e) {
    EXPECT_NE(std::string(e.what()).find("version 2"), std::string::npos) << e.what();
  }
  EXPECT_EQ(current_version(*db_), 2);
}

TEST_F(MigrationsTest, AFailingMigrationLeavesNothingBehind) {
  write("0001_a.sql", "CREATE TABLE a (id INTEGER);");
  write("0002_b.sql", "CREATE TABLE b (id INTEGER); INSERT INTO nowhere VALUES (1);");
  EXPECT_THROW(migrate(*db_, load_migrations(dir(), "sqlite")), MigrationError);
  EXPECT_EQ(current_version(*db_), 1);
  EXPECT_TRUE(db_->query("SELECT name FROM sqlite_master WHERE name = 'b'").empty());
}

TEST_F(MigrationsTest, ProjectMigrationsApplyToSqlite) {
  auto migrations = load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite");
  ASSERT_FALSE(migrations.empty());
  EXPECT_EQ(migrate(*db_, migrations), static_cast<int>(migrations.size()));
  EXPECT_EQ(migrate(*db_, migrations), 0);
  EXPECT_FALSE(db_->query("SELECT name FROM sqlite_master WHERE name = 'page_structures'").empty());
}

}  // namespace
}  // namespace portal::db
