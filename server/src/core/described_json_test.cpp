#include "core/described_json.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>
#include <optional>
#include <string>

namespace portal::core {
namespace {

struct Base {
  std::string id;
};
BOOST_DESCRIBE_STRUCT(Base, (), (id))

struct Item : Base {
  std::optional<std::string> note;
  std::optional<bool> explicit_;
  std::optional<int> count;
  OtherMembers rest;
};
BOOST_DESCRIBE_STRUCT(Item, (Base), (note, explicit_, count, rest))

std::string text(const boost::json::object& o) { return boost::json::serialize(o); }

Item sample() {
  Item i;
  i.id = "a1";
  i.count = 3;
  i.rest.members["extra"] = "kept";
  i.rest.members["count"] = 99;  // a named member wins over a kept one
  return i;
}

TEST(DescribedJson, KeepsEveryNullByDefault) {
  EXPECT_EQ(text(described_object(sample())), R"({"id":"a1","note":null,"explicit":null,"count":3,"extra":"kept"})");
}

TEST(DescribedJson, LeavesOutOnlyTheNamedNulls) {
  // By C++ name or by wire name; a named member that is not null stays.
  EXPECT_EQ(text(described_object(sample(), {"note", "count"})), R"({"id":"a1","explicit":null,"count":3,"extra":"kept"})");
  EXPECT_EQ(text(described_object(sample(), {"explicit"})), R"({"id":"a1","note":null,"count":3,"extra":"kept"})");
  EXPECT_EQ(text(described_object(sample(), {"explicit_"})), R"({"id":"a1","note":null,"count":3,"extra":"kept"})");
}

TEST(DescribedJson, LeavesOutEveryNullWhenAsked) {
  EXPECT_EQ(text(described_object(sample(), NullsLeftOut::every())), R"({"id":"a1","count":3,"extra":"kept"})");
  EXPECT_EQ(text(described_object_without_nulls(sample())), text(described_object(sample(), NullsLeftOut::every())));
}

}  // namespace
}  // namespace portal::core
