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

// A domain type read directly: a described struct member reads two columns, the tags are stored
// as one text, and the list a second statement fills and the label derived elsewhere are not
// columns.
struct Amount {
  std::int64_t value = 0;
  std::string currency;
};
BOOST_DESCRIBE_STRUCT(Amount, (), (value, currency))

struct Order {
  std::string id;
  std::string label = "unset";  // not a column
  Amount total;
  std::optional<std::string> note;
  std::vector<std::string> tags;   // "a,b"
  std::vector<std::string> lines;  // not a column
  std::optional<Amount> refund;    // LEFT JOIN: NULL, NULL when none
};
BOOST_DESCRIBE_STRUCT(Order, (), (id, label, total, note, tags, lines, refund))
constexpr std::array<std::string_view, 2> not_columns(const Order*) { return {"label", "lines"}; }
void read_column(const Row& r, std::size_t i, std::vector<std::string>& out, const Order*) {
  const auto text = r.text(i);
  out = {text.substr(0, text.find(',')), text.substr(text.find(',') + 1)};
}

struct Extra {
  std::int64_t extra = 0;
};
BOOST_DESCRIBE_STRUCT(Extra, (), (extra))

Row row_of(std::vector<Value> values) {
  static const std::vector<std::string> columns{"id", "amount", "attempts", "active", "ratio", "note", "parent"};
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
  // Every member named, fewer values than names.
  static const std::vector<std::string> columns{"id", "amount", "attempts", "active", "ratio", "note", "parent"};
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

TEST(RowStruct, ReadsByNameInAnyOrder) {
  // As the statement orders them, in any case (PostgreSQL folds an unquoted alias to lower case).
  static const std::vector<std::string> columns{"PARENT", "note", "ratio", "active", "attempts", "amount", "id", "more"};
  const auto s = read_row<Sample>(Row(&columns, {std::int64_t{7}, std::string("hi"), 0.5, std::int64_t{1},
                                                 std::int64_t{3}, std::int64_t{42}, std::string("x1"), nullptr}));
  EXPECT_EQ(s.id, "x1");
  EXPECT_EQ(s.amount, 42);
  EXPECT_EQ(s.attempts, 3);
  EXPECT_TRUE(s.active);
  EXPECT_EQ(s.note, "hi");
  EXPECT_EQ(s.parent, 7);
  // A statement that lacks a member's name is a fault, never read by position: the error names the member
  // and what the statement gave (row_reads_test.cpp checks every declared statement names every member).
  static const std::vector<std::string> renamed{"id", "amount", "attempts", "active", "ratio", "comment", "parent"};
  try {
    read_row<Sample>(Row(&renamed, {std::string("x"), std::int64_t{4}, nullptr, nullptr, nullptr, std::string("c"),
                                    nullptr}));
    ADD_FAILURE() << "a row without a column named note was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no column named note"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("comment"), std::string::npos) << e.what();
  }
  Rows unnamed;
  unnamed.columns = std::make_shared<std::vector<std::string>>(renamed);
  unnamed.rows.emplace_back(unnamed.columns.get(), std::vector<Value>{std::string("x"), nullptr, nullptr, nullptr,
                                                                      nullptr, nullptr, nullptr});
  EXPECT_THROW(read_rows<Sample>(unnamed), Error);
  // A row without names (no driver makes one) is not read by position either.
  EXPECT_THROW(read_row<Sample>(Row(nullptr, {std::string("x"), nullptr, nullptr, nullptr, nullptr, nullptr, nullptr})),
               Error);
  // Rows match the names once, for every row.
  Rows rows;
  rows.columns = std::make_shared<std::vector<std::string>>(columns);
  rows.rows.emplace_back(rows.columns.get(), std::vector<Value>{nullptr, nullptr, nullptr, nullptr, nullptr,
                                                                std::int64_t{5}, std::string("y"), nullptr});
  EXPECT_EQ(read_rows<Sample>(rows).at(0).amount, 5);
}

TEST(RowStruct, ColumnLists) {
  static_assert(column_count<Sample> == 7);
  static_assert(count_columns("a") == 1);
  static_assert(count_columns("u.a, COALESCE(b, 0), (SELECT MAX(x) FROM t WHERE y IN (1, 2)), 'a,b', e, f, g") == 7);
  static_assert(columns_match<Sample>("id, amount, attempts, active, ratio, note, parent"));
  EXPECT_EQ(column_names<Sample>(), "id, amount, attempts, active, ratio, note, parent");
  EXPECT_EQ(column_names<Sample>("s").substr(0, 17), "s.id, s.amount, s");
}

TEST(RowStruct, ReadsADomainTypeDirectly) {
  static_assert(column_count<Order> == 7);
  static_assert(columns_match<Order>("o.id, o.amount, o.currency, o.note, o.tags, r.amount, r.currency"));
  static_assert(detail::not_columns_are_members<Order>());
  EXPECT_EQ(column_names<Order>("o"), "o.id, o.value, o.currency, o.note, o.tags, o.value, o.currency");
  static const std::vector<std::string> columns{"id",   "total_value",  "total_currency", "note",
                                                "tags", "refund_value", "refund_currency", "extra"};
  const Row row(&columns, {std::string("o1"), std::int64_t{250}, std::string("EUR"), nullptr, std::string("a,b"),
                           nullptr, nullptr, std::int64_t{3}});
  const auto o = read_row<Order>(row);
  EXPECT_EQ(o.id, "o1");
  EXPECT_EQ(o.label, "unset");
  EXPECT_EQ(o.total.value, 250);
  EXPECT_EQ(o.total.currency, "EUR");
  EXPECT_FALSE(o.note);
  EXPECT_EQ(o.tags, (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(o.lines.empty());
  EXPECT_FALSE(o.refund);
  const auto refunded = read_row<Order>(Row(&columns, {std::string("o2"), std::int64_t{250}, std::string("EUR"),
                                                       nullptr, std::string("a,b"), std::int64_t{100},
                                                       std::string("EUR"), nullptr}));
  ASSERT_TRUE(refunded.refund);
  EXPECT_EQ(refunded.refund->value, 100);
  EXPECT_EQ(refunded.refund->currency, "EUR");
  // The columns after T's: a second struct from column_count<T>.
  EXPECT_EQ(read_row<Extra>(row, column_count<Order>).extra, 3);
  EXPECT_THROW(read_row<Order>(Row(&columns, {std::string("o1"), std::int64_t{250}, std::string("EUR"), nullptr,
                                              std::string("a,b"), nullptr})),
               Error);
  EXPECT_THROW(read_row<Order>(row, 2), Error);
}

}  // namespace
}  // namespace portal::db
