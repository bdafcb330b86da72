#include "db/row_struct.hpp"

#include <boost/describe/class.hpp>
#include <gtest/gtest.h>

namespace portal::db {
namespace {

struct Sample {
  std::string id;
  std::int64_t amount = 0;
  int attempts = 0;
  bool active = false;
  double ratio = 0;
  std::optional<std::string> note;
  std::optional<std::int64_t> parent;
};
BOOST_DESCRIBE_STRUCT(Sample, (), (id, amount, attempts, active, ratio, note, parent))

Row row_of(std::vector<Value> values) {
  static const std::vector<std::string> columns{"a", "b", "c", "d", "e", "f", "g"};
  return Row(&columns, std::move(values));
}

TEST(RowStruct, ReadsMembersInOrder) {
  const auto s = read_row<Sample>(row_of({std::string("x1"), std::int64_t{42}, std::int64_t{3}, std::int64_t{1}, 0.5,
                                          std::string("hi"), std::int64_t{7}}));
  EXPECT_EQ(s.id, "x1");
  EXPECT_EQ(s.amount, 42);
  EXPECT_EQ(s.attempts, 3);
  EXPECT_TRUE(s.active);
  EXPECT_DOUBLE_EQ(s.ratio, 0.5);
  EXPECT_EQ(s.note, "hi");
  EXPECT_EQ(s.parent, 7);
}

TEST(RowStruct, NullFollowsRowRules) {
  const auto s = read_row<Sample>(row_of({nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr}));
  EXPECT_EQ(s.id, "");
  EXPECT_EQ(s.amount, 0);
  EXPECT_EQ(s.attempts, 0);
  EXPECT_FALSE(s.active);
  EXPECT_DOUBLE_EQ(s.ratio, 0);
  EXPECT_FALSE(s.note);
  EXPECT_FALSE(s.parent);
}

TEST(RowStruct, ConvertsAsRowDoes) {
  // PostgreSQL's text results and SQLite's numbers both arrive as db::Value.
  const auto s = read_row<Sample>(row_of({std::int64_t{5}, std::string("12"), 2.0, std::string("0"), std::int64_t{2},
                                          std::string(""), std::string("9")}));
  EXPECT_EQ(s.id, "5");
  EXPECT_EQ(s.amount, 12);
  EXPECT_EQ(s.attempts, 2);
  EXPECT_FALSE(s.active);
  EXPECT_DOUBLE_EQ(s.ratio, 2);
  EXPECT_EQ(s.note, "");
  EXPECT_EQ(s.parent, 9);
  EXPECT_THROW(read_row<Sample>(row_of({std::string("x"), std::string("abc"), nullptr, nullptr, nullptr, nullptr,
                                        nullptr})),
               Error);
}

TEST(RowStruct, TooFewColumnsThrow) {
  static const std::vector<std::string> columns{"a"};
  EXPECT_THROW(read_row<Sample>(Row(&columns, {std::string("x")})), Error);
}

TEST(RowStruct, RowsAndFirst) {
  Rows rows;
  rows.rows.push_back(row_of({std::string("a"), std::int64_t{1}, nullptr, nullptr, nullptr, nullptr, nullptr}));
  rows.rows.push_back(row_of({std::string("b"), std::int64_t{2}, nullptr, nullptr, nullptr, nullptr, nullptr}));
  const auto all = read_rows<Sample>(rows);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[1].id, "b");
  EXPECT_EQ(read_first<Sample>(rows)->amount, 1);
  EXPECT_FALSE(read_first<Sample>(Rows{}));
  EXPECT_EQ(read_value<std::string>(rows), "a");
  // One column: the first of each row.
  EXPECT_EQ(read_values<std::string>(rows), (std::vector<std::string>{"a", "b"}));
  EXPECT_FALSE(read_value<std::int64_t>(Rows{}));
}

TEST(RowStruct, ColumnLists) {
  static_assert(column_count<Sample> == 7);
  static_assert(count_columns("a") == 1);
  static_assert(count_columns("u.a, COALESCE(b, 0), (SELECT MAX(x) FROM t WHERE y IN (1, 2)), 'a,b', e, f, g") == 7);
  static_assert(columns_match<Sample>("id, amount, attempts, active, ratio, note, parent"));
  EXPECT_EQ(column_names<Sample>(), "id, amount, attempts, active, ratio, note, parent");
  EXPECT_EQ(column_names<Sample>("s").substr(0, 17), "s.id, s.amount, s");
}

}  // namespace
}  // namespace portal::db
