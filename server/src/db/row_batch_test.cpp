#include "db/row_batch.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "db/test_database.hpp"

namespace portal::db {
namespace {

// Records what it is asked to run.
class Recorder final : public Session {
 public:
  std::vector<std::pair<std::string, Params>> statements;
  Rows query(std::string_view, const Params&) override { return {}; }
  std::int64_t execute(std::string_view sql, const Params& params) override {
    statements.emplace_back(std::string(sql), params);
    return static_cast<std::int64_t>(params.size());
  }
  void execute_script(std::string_view) override {}
};

TEST(RowBatch, SendsManyRowsAStatementWithTheirPlaceholdersNumberedOnAndTheTailKept) {
  Recorder s;
  RowBatch batch(s, "INSERT INTO t (a, b) VALUES ($1, $2) ON CONFLICT (a) DO UPDATE SET b = excluded.b");
  batch.add({std::int64_t{1}, std::string("x")});
  batch.add({std::int64_t{2}, nullptr});
  EXPECT_TRUE(s.statements.empty());  // nothing leaves before the batch is full or flushed
  batch.flush();
  ASSERT_EQ(s.statements.size(), 1u);
  EXPECT_EQ(s.statements[0].first,
            "INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4) ON CONFLICT (a) DO UPDATE SET b = excluded.b");
  EXPECT_EQ(s.statements[0].second, (Params{std::int64_t{1}, std::string("x"), std::int64_t{2}, nullptr}));
  batch.flush();
  EXPECT_EQ(s.statements.size(), 1u);  // an empty flush sends nothing
  EXPECT_THROW(batch.add({std::int64_t{3}}), std::invalid_argument);
}

TEST(RowBatch, AThousandAndOneRowsAreThreeStatementsAndAWideRowFewerAStatement) {
  Recorder s;
  RowBatch narrow(s, "INSERT INTO t (a) VALUES ($1)");
  for (std::int64_t i = 0; i < 1001; ++i) narrow.add({i});
  narrow.flush();
  ASSERT_EQ(s.statements.size(), 3u);
  EXPECT_EQ(s.statements[0].second.size(), kRowsPerStatement);
  EXPECT_EQ(s.statements[2].second.size(), 1u);
  EXPECT_NE(s.statements[0].first.find("($500)"), std::string::npos);
  Params row(100, std::int64_t{0});
  std::string tuple;
  for (int i = 1; i <= 100; ++i) tuple += (i > 1 ? ", $" : "$") + std::to_string(i);
  RowBatch wide(s, "INSERT INTO w VALUES (" + tuple + ")");
  EXPECT_EQ(wide.rows_per_statement(), kMaxParameters / 100);  // 300 rows of 100 values, under every engine's limit
}

TEST(RowBatch, IdListsGoInStatementsOfFiveHundredAfterTheFixedParameters) {
  Recorder s;
  std::vector<std::int64_t> ids;
  for (std::int64_t i = 0; i < 501; ++i) ids.push_back(i);
  EXPECT_EQ(execute_for_ids(s, "DELETE FROM t WHERE tenant_id = $1 AND id IN ({ids})", {std::int64_t{7}}, ids), 503);
  ASSERT_EQ(s.statements.size(), 2u);
  EXPECT_EQ(s.statements[1].first, "DELETE FROM t WHERE tenant_id = $1 AND id IN ($2)");
  EXPECT_EQ(s.statements[1].second, (Params{std::int64_t{7}, std::int64_t{500}}));
  EXPECT_EQ(execute_for_ids(s, "DELETE FROM t WHERE id IN ({ids})", {}, {}), 0);
  EXPECT_EQ(s.statements.size(), 2u);
}

TEST(RowBatch, WritesTheSameRowsAsOneStatementARowOnSqlite) {
  const auto dir = test_directory("row-batch");
  std::filesystem::create_directories(dir);
  {
    auto db = open_test_database(dir, {});
    db->execute("CREATE TABLE t (k BIGINT PRIMARY KEY, v TEXT, n BIGINT)");
    db->transaction([](Session& s) {
      RowBatch batch(s, "INSERT INTO t (k, v, n) VALUES ($1, $2, $3) ON CONFLICT (k) DO UPDATE SET v = excluded.v");
      for (std::int64_t k = 0; k < 1200; ++k)
        batch.add({k, "v" + std::to_string(k), k % 2 ? Value(nullptr) : Value(k)});
      batch.flush();
      RowBatch again(s, "INSERT INTO t (k, v, n) VALUES ($1, $2, $3) ON CONFLICT (k) DO UPDATE SET v = excluded.v");
      again.add({std::int64_t{5}, std::string("five"), nullptr});
      again.flush();
      EXPECT_EQ(execute_for_ids(s, "DELETE FROM t WHERE k IN ({ids})", {}, {0, 1, 2, 1199}), 4);
    });
    EXPECT_EQ(db->query("SELECT COUNT(*) FROM t")[0].integer(0), 1196);
    EXPECT_EQ(db->query("SELECT v FROM t WHERE k = 5")[0].text(0), "five");
    EXPECT_TRUE(db->query("SELECT n FROM t WHERE k = 7")[0].is_null(0));
    EXPECT_EQ(db->query("SELECT n FROM t WHERE k = 8")[0].integer(0), 8);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace portal::db
