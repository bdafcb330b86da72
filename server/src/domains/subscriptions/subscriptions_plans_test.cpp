// The plans files: the demo ones parse, carry every text in six languages and
// the flows the demo needs; broken ones are refused naming the field.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "domains/subscriptions/plans_document.hpp"

namespace portal::subscriptions {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

json::value read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return json::parse(s.str());
}

const fs::path kDir = fs::path(PORTAL_SOURCE_DIR).parent_path() / "data" / "subscriptions";
const char* kLangs[] = {"en", "ar", "fr", "de", "es", "ro"};

TEST(DemoPlans, ParseWithEveryTextInSixLanguages) {
  for (const char* tenant : {"aurora", "noor", "vela"}) {
    auto plans = parse_plans(read(kDir / (std::string(tenant) + ".json")));
    ASSERT_TRUE(plans) << tenant << ": " << plans.error().message;
    for (const auto& t : plans->types)
      for (const char* l : kLangs) {
        EXPECT_FALSE(t.attribute(std::string("DISPLAY_SERVICE_NAME_TEXT_") + l).empty()) << t.id << " " << l;
        EXPECT_FALSE(t.attribute(std::string("DISPLAY_SERVICE_DESC_TEXT_") + l).empty()) << t.id << " " << l;
        auto bullets = json::parse(t.attribute(std::string("DISPLAY_SERVICE_BULLETS_TEXT_") + l, "[]"));
        EXPECT_GE(bullets.as_array().size(), 2u) << t.id << " " << l;
      }
    for (const auto& g : plans->groups)
      for (const char* l : kLangs) EXPECT_TRUE(g.name.contains(l)) << g.id << " " << l;
    for (const auto& o : plans->options)
      for (const char* l : kLangs) EXPECT_TRUE(o.name.contains(l)) << o.code << " " << l;
  }
}

TEST(DemoPlans, TheDemoShapes) {
  auto aurora = *parse_plans(read(kDir / "aurora.json"));
  std::vector<std::int64_t> ids;
  for (const auto& t : aurora.types) ids.push_back(t.id);
  EXPECT_EQ(ids, (std::vector<std::int64_t>{101, 102, 103, 201, 202, 301, 601}));
  EXPECT_EQ(aurora.type(101)->current_price().amount, 299);
  EXPECT_EQ(aurora.type(101)->payment_options, std::vector<std::string>{"card"});
  EXPECT_EQ(aurora.type(103)->contingents[0].amount, -1);
  EXPECT_TRUE(aurora.type(301)->accumulate_contingent);
  auto noor = *parse_plans(read(kDir / "noor.json"));
  EXPECT_EQ(noor.types.size(), 2u);  // Noor Daily (music) and Noor Plus (video, games, books)
  EXPECT_EQ(noor.type(401)->current_price().currency, "SAR");
  EXPECT_EQ(noor.option("operator")->flow, "API");
  EXPECT_EQ(*noor.type(401)->max_trial_duration, "P3D");
  auto vela = *parse_plans(read(kDir / "vela.json"));
  EXPECT_EQ(*vela.type(501)->cancel_url, "https://partner.vela.example/cancel");
  EXPECT_EQ(vela.type(502)->required_identity_fields, (std::vector<std::string>{"name", "lastName"}));
  EXPECT_EQ(vela.external_codes.size(), 2u);
}

TEST(Plans, BrokenFilesNameTheField) {
  auto doc = read(kDir / "aurora.json");
  auto broken = [&](auto change) {
    json::value copy = doc;
    change(copy.as_object());
    auto r = parse_plans(copy);
    return r ? std::string() : r.error().message;
  };
  EXPECT_NE(broken([](json::object& o) { o["types"].as_array()[0].as_object()["billingCycle"] = "monthly"; })
                .find("billingCycle"), std::string::npos);
  EXPECT_NE(broken([](json::object& o) { o["types"].as_array()[0].as_object()["price"] = json::object{{"amount", -1}, {"currency", "EUR"}}; })
                .find("price.amount"), std::string::npos);
  EXPECT_NE(broken([](json::object& o) { o["types"].as_array()[0].as_object()["paymentOptions"] = json::array{"cash"}; })
                .find("unknown option cash"), std::string::npos);
  EXPECT_NE(broken([](json::object& o) { o["groups"].as_array()[0].as_object()["levels"] = json::array{json::array{999}}; })
                .find("levels"), std::string::npos);
  EXPECT_NE(broken([](json::object& o) { o["types"].as_array()[1].as_object()["maxTrialDuration"] = "P1W"; })
                .find("maxTrialDuration"), std::string::npos);
  EXPECT_NE(broken([](json::object& o) { o["types"].as_array()[0].as_object()["contingents"] = json::array{json::object{{"contentTypes", json::array{}}, {"amount", -2}}}; })
                .find("amount"), std::string::npos);
}

// Issue 72 item 7: commerce §3 lists cancelUrl among a plan's attribute keys too; only the plan's own field counted.
TEST(Plans, ThePlansCancelUrlFieldElseItsAttribute) {
  auto doc = read(kDir / "aurora.json");
  auto type0 = [&](auto change) {
    json::value copy = doc;
    change(copy.as_object()["types"].as_array()[0].as_object());
    auto plans = parse_plans(copy);
    EXPECT_TRUE(plans) << (plans ? "" : plans.error().message);
    return plans ? plans->types : std::vector<SubscriptionType>{};
  };
  auto first = [](const std::vector<SubscriptionType>& types, std::int64_t id) {
    for (const auto& t : types)
      if (t.id == id) return t;
    return SubscriptionType{};
  };
  const auto id = doc.as_object().at("types").as_array()[0].as_object().at("id").as_int64();
  auto by_attribute = first(type0([](json::object& t) { t["attributes"].as_object()["cancelUrl"] = "https://partner.example/cancel"; }), id);
  EXPECT_EQ(by_attribute.cancel_url, std::nullopt);
  EXPECT_EQ(by_attribute.cancel_at(), std::optional<std::string>("https://partner.example/cancel"));
  auto both = first(type0([](json::object& t) {
                      t["attributes"].as_object()["cancelUrl"] = "https://partner.example/attribute";
                      t["cancelUrl"] = "https://partner.example/field";
                    }), id);
  EXPECT_EQ(both.cancel_at(), std::optional<std::string>("https://partner.example/field"));  // the plan's own first
  EXPECT_EQ(first(type0([](json::object&) {}), id).cancel_at(), std::nullopt);
  // Either is a link the storefront navigates to: an http(s) address or a path of its own, nothing else.
  auto broken = [&](auto change) {
    json::value copy = doc;
    change(copy.as_object()["types"].as_array()[0].as_object());
    auto r = parse_plans(copy);
    return r ? std::string() : r.error().message;
  };
  EXPECT_NE(broken([](json::object& t) { t["attributes"].as_object()["cancelUrl"] = "javascript:alert(1)"; }).find("attributes.cancelUrl"),
            std::string::npos);
  EXPECT_NE(broken([](json::object& t) { t["cancelUrl"] = "javascript:alert(1)"; }).find(".cancelUrl"), std::string::npos);
}


// A receipt or notice names the plan as its card does (web planTitle; issue 73 item 3): the name text in the reader's
// language, else English, else the title text likewise, else the internal name.
TEST(Plans, TypeNameFollowsThePlanCardsFallbacks) {
  SubscriptionType t;
  t.name = "internal-monthly";
  EXPECT_EQ(type_name(t, "ar"), "internal-monthly");
  t.attributes = {{"DISPLAY_SERVICE_TITLE_TEXT_en", "Music Monthly"}};
  EXPECT_EQ(type_name(t, "ar"), "Music Monthly");
  t.attributes.emplace_back("DISPLAY_SERVICE_TITLE_TEXT_ar", "موسيقى شهرية");
  EXPECT_EQ(type_name(t, "ar"), "موسيقى شهرية");
  t.attributes.emplace_back("DISPLAY_SERVICE_NAME_TEXT_en", "Music Plus");
  EXPECT_EQ(type_name(t, "ar"), "Music Plus");
  t.attributes.emplace_back("DISPLAY_SERVICE_NAME_TEXT_ar", "موسيقى بلس");
  EXPECT_EQ(type_name(t, "ar"), "موسيقى بلس");
  EXPECT_EQ(type_name(t, "de"), "Music Plus");
}

}  // namespace
}  // namespace portal::subscriptions
