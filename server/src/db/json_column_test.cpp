#include "db/json_column.hpp"

#include <gtest/gtest.h>

namespace portal::db {
namespace {

Row json_row(std::vector<Value> values) {
  static const std::vector<std::string> columns{"a"};
  return Row(&columns, std::move(values));
}

TEST(JsonColumn, ObjectsNullAndEmptyReadBackBrokenTextThrows) {
  EXPECT_EQ(json_object_column(json_row({std::string(R"({"x":1})")}), 0, "t").at("x").as_int64(), 1);
  EXPECT_TRUE(json_object_column(json_row({nullptr}), 0, "t").empty());
  EXPECT_TRUE(json_object_column(json_row({std::string()}), 0, "t").empty());
  try {
    json_object_column(json_row({std::string("[1,2]")}), 0, "tenant 'x': column features");
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "tenant 'x': column features is not a JSON object");
  }
  EXPECT_THROW(json_object_column(json_row({std::string("{broken")}), 0, "t"), Error);
}

}  // namespace
}  // namespace portal::db
