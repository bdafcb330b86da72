#include "http/body.hpp"

#include <gtest/gtest.h>

#include <boost/describe/class.hpp>
#include <boost/json/parse.hpp>
#include <boost/url/parse.hpp>

namespace portal::http {
namespace {

namespace json = boost::json;

struct Money {
  std::int64_t amount = 0;
  std::string currency;
};
BOOST_DESCRIBE_STRUCT(Money, (), (amount, currency))

struct Order {
  Id typeId;
  std::string redirect;
  std::optional<std::string> lang;
  std::optional<Money> price;
  std::optional<bool> gift;
  std::optional<std::vector<Id>> extras;
  std::optional<Text> ingameId;
  std::optional<json::object> metadata;
};
BOOST_DESCRIBE_STRUCT(Order, (), (typeId, redirect, lang, price, gift, extras, ingameId, metadata))

// The field and reason of the 400 that converting `text` into an Order gives.
std::pair<std::string, std::string> failure(std::string_view text) {
  try {
    from_json<Order>(json::parse(text));
  } catch (const http::ErrorException& e) {
    EXPECT_EQ(e.error.status, 400);
    EXPECT_EQ(e.error.code, "VALIDATION_ERROR");
    return {std::string(e.error.data.at("field").as_string()), std::string(e.error.data.at("reason").as_string())};
  }
  ADD_FAILURE() << "no error for " << text;
  return {};
}

TEST(Body, ConvertsEveryMemberAndLeavesMissingOptionalsEmpty) {
  auto o = from_json<Order>(json::parse(
      R"({"typeId":"102","redirect":"/x","price":{"amount":199,"currency":"EUR"},"extras":[1,"2"],
          "ingameId":4711,"metadata":{"k":1},"unknown":true})"));
  EXPECT_EQ(o.typeId.value, 102);
  EXPECT_EQ(o.redirect, "/x");
  EXPECT_FALSE(o.lang);
  ASSERT_TRUE(o.price);
  EXPECT_EQ(o.price->amount, 199);
  EXPECT_EQ(o.price->currency, "EUR");
  EXPECT_FALSE(o.gift);
  ASSERT_TRUE(o.extras);
  EXPECT_EQ(o.extras->at(1).value, 2);
  EXPECT_EQ(o.ingameId->value, "4711");
  EXPECT_EQ(o.metadata->at("k").as_int64(), 1);
  auto nulls = from_json<Order>(json::parse(R"({"typeId":1,"redirect":"","lang":null,"price":null})"));
  EXPECT_FALSE(nulls.lang);
  EXPECT_FALSE(nulls.price);
}

TEST(Body, EveryFailureNamesTheFieldAndTheReason) {
  using P = std::pair<std::string, std::string>;
  EXPECT_EQ(failure(R"({"redirect":"/"})"), (P{"typeId", "is required"}));
  EXPECT_EQ(failure(R"({"typeId":null,"redirect":"/"})"), (P{"typeId", "is required"}));
  EXPECT_EQ(failure(R"({"typeId":"abc","redirect":"/"})"), (P{"typeId", "must be a positive whole number"}));
  EXPECT_EQ(failure(R"({"typeId":-3,"redirect":"/"})"), (P{"typeId", "must be a positive whole number"}));
  EXPECT_EQ(failure(R"({"typeId":1})"), (P{"redirect", "is required"}));
  EXPECT_EQ(failure(R"({"typeId":1,"redirect":5})"), (P{"redirect", "must be a string"}));
  EXPECT_EQ(failure(R"({"typeId":1,"redirect":"/","lang":["en"]})"), (P{"lang", "must be a string"}));
  EXPECT_EQ(failure(R"({"typeId":1,"redirect":"/","price":{"amount":"x","currency":"EUR"}})"),
            (P{"price.amount", "must be a whole number"}));
  EXPECT_EQ(failure(R"({"typeId":1,"redirect":"/","price":{"amount":1.5,"currency":"EUR"}})"),
            (P{"price.amount", "must be a whole number"}));
  EXPECT_EQ(failure(R"({"typeId":1,"redirect":"/","price":{"amount":1}})"), (P{"price.currency", "is required"}));
  EXPECT_EQ(failure(R"({"typeId":1,"redirect":"/","price":7})"), (P{"price", "must be an object"}));
  EXPECT_EQ(failure(R"({"typeId":1,"redirect":"/","gift":"yes"})"), (P{"gift", "must be true or false"}));
  EXPECT_EQ(failure(R"({"typeId":1,"redirect":"/","extras":[1,"x"]})"),
            (P{"extras[1]", "must be a positive whole number"}));
  EXPECT_EQ(failure(R"({"typeId":1,"redirect":"/","extras":{}})"), (P{"extras", "must be a list"}));
  EXPECT_EQ(failure(R"({"typeId":1,"redirect":"/","ingameId":true})"), (P{"ingameId", "must be a string"}));
  EXPECT_EQ(failure(R"({"typeId":1,"redirect":"/","metadata":[]})"), (P{"metadata", "must be an object"}));
  EXPECT_EQ(failure(R"([1,2])"), (P{"body", "must be an object"}));
}

TEST(Body, ReadBodyTellsNotJsonFromBadFields) {
  http::Request req{Verb::post, "/backend/x", 11};
  req.body() = "{not json";
  RequestContext ctx{req, "r", *boost::urls::parse_origin_form("/backend/x"), {}, nullptr, std::nullopt, "", {}};
  try {
    read_body<Order>(ctx);
    FAIL();
  } catch (const http::ErrorException& e) {
    EXPECT_EQ(e.error.code, "INVALID_JSON");
  }
  req.body() = R"({"typeId":7,"redirect":"/"})";
  EXPECT_EQ(read_body<Order>(ctx).typeId.value, 7);
}

}  // namespace
}  // namespace portal::http
