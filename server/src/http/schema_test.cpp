#include "http/schema.hpp"

#include <boost/describe/class.hpp>
#include <gtest/gtest.h>

namespace portal::http {
namespace {

namespace json = boost::json;

struct Inner {
  std::string code;
  double ratio = 0;
};
BOOST_DESCRIBE_STRUCT(Inner, (), (code, ratio))

struct Outer {
  std::int64_t id = 0;
  bool active = false;
  std::optional<std::string> note;
  std::optional<Inner> maybe;
  std::vector<Inner> items;
  std::map<std::string, int> counts;
  json::object extra;
  json::value anything;
  json::array list;
};
BOOST_DESCRIBE_STRUCT(Outer, (), (id, active, note, maybe, items, counts, extra, anything, list))

TEST(Schema, Scalars) {
  EXPECT_EQ(schema_of<std::string>(), json::parse(R"({"type":"string"})"));
  EXPECT_EQ(schema_of<int>(), json::parse(R"({"type":"integer"})"));
  EXPECT_EQ(schema_of<std::int64_t>(), json::parse(R"({"type":"integer"})"));
  EXPECT_EQ(schema_of<double>(), json::parse(R"({"type":"number"})"));
  EXPECT_EQ(schema_of<bool>(), json::parse(R"({"type":"boolean"})"));
  EXPECT_EQ(schema_of<json::value>(), json::parse("{}"));
}

TEST(Schema, OptionalIsNullableAndContainersNest) {
  EXPECT_EQ(schema_of<std::optional<std::string>>(), json::parse(R"({"type":["string","null"]})"));
  EXPECT_EQ(schema_of<std::vector<int>>(), json::parse(R"({"type":"array","items":{"type":"integer"}})"));
  EXPECT_EQ((schema_of<std::map<std::string, bool>>()),
            json::parse(R"({"type":"object","additionalProperties":{"type":"boolean"}})"));
}

TEST(Schema, DescribedStructsRecurse) {
  const auto inner = json::parse(
      R"({"type":"object","properties":{"code":{"type":"string"},"ratio":{"type":"number"}},"required":["code","ratio"]})");
  EXPECT_EQ(schema_of<Inner>(), inner);
  const auto outer = schema_of<Outer>().as_object();
  EXPECT_EQ(outer.at("type"), "object");
  const auto& p = outer.at("properties").as_object();
  EXPECT_EQ(p.at("id"), json::parse(R"({"type":"integer"})"));
  EXPECT_EQ(p.at("note"), json::parse(R"({"type":["string","null"]})"));
  EXPECT_EQ(p.at("maybe").at("type"), json::parse(R"(["object","null"])"));
  EXPECT_EQ(p.at("items").at("items"), inner);
  EXPECT_EQ(p.at("counts").at("additionalProperties"), json::parse(R"({"type":"integer"})"));
  EXPECT_EQ(p.at("extra"), json::parse(R"({"type":"object"})"));
  EXPECT_EQ(p.at("anything"), json::parse("{}"));
  EXPECT_EQ(p.at("list"), json::parse(R"({"type":"array"})"));
  // Optional members are the only ones left out of "required".
  EXPECT_EQ(outer.at("required"),
            json::parse(R"(["id","active","items","counts","extra","anything","list"])"));
}

}  // namespace
}  // namespace portal::http
