#include "db/sqlite/sqlite_database.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <future>
#include <random>
#include <thread>

namespace portal::db {
namespace {

class SqliteTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("portal-sqlite-" + std::to_string(std::random_device{}()));
    db_ = open((dir_ / "nested" / "test.db").string(), 3);
    db_->transaction([](Session& s) {
      s.execute_script(
          "CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);"
          "CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent (id),"
          " score REAL, note TEXT)");
    });
  }
  void TearDown() override {
    db_.reset();
    std::filesystem::remove_all(dir_);
  }
  std::filesystem::path dir_;
  std::unique_ptr<Database> db_;
};

TEST(SqlitePlaceholders, RewritesOutsideQuotesAndComments) {
  EXPECT_EQ(sqlite_placeholders("SELECT $1, $12 FROM t WHERE a = $2"), "SELECT ?1, ?12 FROM t WHERE a = ?2");
  EXPECT_EQ(sqlite_placeholders("SELECT '$1', \"$2\" -- $3\n, $4 /* $5 */"), "SELECT '$1', \"$2\" -- $3\n, ?4 /* $5 */");
  EXPECT_EQ(sqlite_placeholders("SELECT 'it''s $1', $1"), "SELECT 'it''s $1', ?1");
}

TEST_F(SqliteTest, CreatesParentDirectoryAndUsesWal) {
  EXPECT_TRUE(std::filesystem::exists(dir_ / "nested" / "test.db"));
  EXPECT_EQ(db_->dialect(), "sqlite");
  EXPECT_EQ(db_->query("PRAGMA journal_mode")[0].text(0), "wal");
  EXPECT_TRUE(db_->ping());
}

TEST_F(SqliteTest, RoundTripsEveryValueType) {
  db_->execute("INSERT INTO parent (id, name) VALUES ($1, $2)", {std::int64_t{1}, std::string("a")});
  db_->execute("INSERT INTO child (parent_id, score, note) VALUES ($1, $2, $3)", {std::int64_t{1}, 2.5, nullptr});
  auto rows = db_->query("SELECT id, parent_id, score, note FROM child");
  ASSERT_EQ(rows.size(), 1u);
  const Row& row = rows[0];
  EXPECT_EQ(row.integer("parent_id"), 1);
  EXPECT_DOUBLE_EQ(row.real(2), 2.5);
  EXPECT_TRUE(row.is_null("note"));
  EXPECT_EQ(row.text(3), "");
  EXPECT_FALSE(row.optional_text(3).has_value());
  EXPECT_EQ(row.text(2), "2.5");
  EXPECT_THROW(row.integer(2), Error);  // 2.5 is not an integer
  EXPECT_THROW(row.text("missing"), Error);
}

TEST_F(SqliteTest, BindsPlaceholdersByNumberAndChecksTheirCount) {
  auto rows = db_->query("SELECT $2 || $1, $1", {std::string("b"), std::string("a")});
  EXPECT_EQ(rows[0].text(0), "ab");
  EXPECT_EQ(rows[0].text(1), "b");
  EXPECT_THROW(db_->query("SELECT $1, $2", {std::int64_t{1}}), Error);
  EXPECT_THROW(db_->query("SELECT 1; SELECT 2"), Error);
}

TEST_F(SqliteTest, ReportsConstraintViolations) {
  db_->execute("INSERT INTO parent (name) VALUES ($1)", {std::string("a")});
  EXPECT_THROW(db_->execute("INSERT INTO parent (name) VALUES ($1)", {std::string("a")}), ConstraintError);
  // foreign_keys=ON: a child needs its parent.
  EXPECT_THROW(db_->execute("INSERT INTO child (parent_id) VALUES (99)"), ConstraintError);
  try {
    db_->query("SELECT * FROM nowhere");
    FAIL();
  } catch (const ConstraintError&) {
    FAIL() << "syntax errors are not constraint errors";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no such table"), std::string::npos);
  }
}

TEST_F(SqliteTest, TransactionCommitsOrRollsBack) {
  db_->transaction([](Session& s) { s.execute("INSERT INTO parent (name) VALUES ('kept')"); });
  EXPECT_THROW(db_->transaction([](Session& s) {
    s.execute("INSERT INTO parent (name) VALUES ('dropped')");
    s.execute("INSERT INTO parent (name) VALUES ('kept')");  // unique violation
  }),
               ConstraintError);
  EXPECT_THROW(db_->transaction([](Session& s) {
    s.execute("INSERT INTO parent (name) VALUES ('dropped too')");
    throw std::runtime_error("business failure");
  }),
               std::runtime_error);
  auto rows = db_->query("SELECT name FROM parent ORDER BY name");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].text(0), "kept");
}

TEST_F(SqliteTest, ExecuteCountsRowsAndQueryRunsReturningOnTheWriter) {
  auto inserted = db_->query("INSERT INTO parent (name) VALUES ($1) RETURNING id", {std::string("x")});
  ASSERT_EQ(inserted.size(), 1u);
  EXPECT_GT(inserted[0].integer(0), 0);
  db_->execute("INSERT INTO parent (name) VALUES ('y'), ('z')");
  EXPECT_EQ(db_->execute("UPDATE parent SET name = name || '!' WHERE name <> $1", {std::string("x")}), 2);
}

TEST_F(SqliteTest, ReadersSeeCommittedWritesConcurrently) {
  db_->execute("INSERT INTO parent (name) VALUES ('seed')");
  std::vector<std::thread> threads;
  std::atomic<int> seen{0};
  for (int t = 0; t < 6; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        if (t % 2 == 0) {
          db_->execute("INSERT INTO parent (name) VALUES ($1)", {"n" + std::to_string(t) + "-" + std::to_string(i)});
        } else if (db_->query("SELECT COUNT(*) FROM parent")[0].integer(0) >= 1) {
          ++seen;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(seen.load(), 150);
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM parent")[0].integer(0), 151);
}

TEST_F(SqliteTest, AWriterHeldLongerThanTheTimeoutExhaustsThePool) {
  auto small = open((dir_ / "small.db").string(), 1, std::chrono::milliseconds(50));
  small->execute("CREATE TABLE t (v INTEGER)");
  std::promise<void> held, release;
  std::thread holder([&] {
    small->transaction([&](Session& s) {
      s.execute("INSERT INTO t VALUES (1)");
      held.set_value();
      release.get_future().wait();
    });
  });
  held.get_future().wait();
  EXPECT_THROW(small->execute("INSERT INTO t VALUES (2)"), PoolExhausted);
  EXPECT_THROW(small->transaction([](Session&) {}), PoolExhausted);
  EXPECT_EQ(small->query("SELECT COUNT(*) FROM t")[0].integer(0), 0);  // readers are apart from the writer
  release.set_value();
  holder.join();
  small->execute("INSERT INTO t VALUES (2)");
  EXPECT_EQ(small->query("SELECT COUNT(*) FROM t")[0].integer(0), 2);
}

TEST(SqliteMemory, WorksWithoutReaders) {
  auto db = open(":memory:");
  db->execute("CREATE TABLE t (v TEXT)");
  db->execute("INSERT INTO t VALUES ($1)", {std::string("hello")});
  EXPECT_EQ(db->query("SELECT v FROM t")[0].text(0), "hello");
}

}  // namespace
}  // namespace portal::db
