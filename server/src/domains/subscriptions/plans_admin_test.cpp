// Plans from the console: the console's document goes through the import's validator, the
// renewal price rule of a scheduled price change, and the plan card's HTML allow-list.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "domains/subscriptions/plan_html.hpp"
#include "domains/subscriptions/plans_admin.hpp"
#include "domains/subscriptions/plans_document.hpp"

namespace portal::subscriptions {
namespace {

namespace json = boost::json;

json::object base_type() {
  return json::parse(R"j({"id": 7, "name": "Music", "groupId": "music", "billingCycle": "P1M",
    "price": {"amount": 499, "currency": "EUR"}, "paymentOptions": ["card"],
    "attributes": {"ment_sort": "1"}})j")
      .as_object();
}

Plans plans_with_group() {
  Plans p;
  p.groups.push_back({"music", Texts{{{"en", "Music"}}}, {{7}}});
  p.options.push_back({"card", "sandbox", "WEB", {}});
  auto t = parse_type(base_type());
  p.types.push_back(*t);
  return p;
}

PlanTenant eur() { return PlanTenant{1, "EUR", "en"}; }

TEST(PlanEdit, AValidDocumentBecomesTheType) {
  auto doc = json::parse(R"j({"name": "Music Plus", "attributes": [{"key": "ment_note", "value": "Best for families"},
    {"key": "DISPLAY_SERVICE_NAME_TEXT_en", "value": "Plus"}]})j").as_object();
  auto def = definition_from(base_type(), doc);
  ASSERT_TRUE(def);
  auto t = validate_type(plans_with_group(), eur(), *def);
  ASSERT_TRUE(t) << t.error().message;
  EXPECT_EQ(t->name, "Music Plus");
  EXPECT_EQ(t->attribute("ment_note"), "Best for families");
  EXPECT_EQ(t->attribute("ment_sort"), "");  // the attribute list replaces the stored one
  EXPECT_EQ(t->price.amount, 499);
}

TEST(PlanEdit, EachFieldIsNamedWhenItBreaksARule) {
  const auto plans = plans_with_group();
  auto field_of = [&](const char* patch) {
    auto def = definition_from(base_type(), json::parse(patch).as_object());
    if (!def) return def.error().field;
    auto t = validate_type(plans, eur(), *def);
    return t ? std::string("ok") : t.error().field;
  };
  EXPECT_EQ(field_of(R"j({"name": ""})j"), "name");
  EXPECT_EQ(field_of(R"j({"billingCycle": "monthly"})j"), "billingCycle");
  EXPECT_EQ(field_of(R"j({"promotionPrice": {"amount": -1, "currency": "EUR"}})j"), "promotionPrice.amount");
  EXPECT_EQ(field_of(R"j({"promotionPrice": {"amount": 100, "currency": "USD"}})j"), "promotionPrice.currency");
  EXPECT_EQ(field_of(R"j({"maxTrialDuration": "P10W"})j"), "maxTrialDuration");
  EXPECT_EQ(field_of(R"j({"contingents": [{"contentTypes": ["album"], "amount": -5}]})j"), "contingents.amount");
  EXPECT_EQ(field_of(R"j({"groupId": "nope"})j"), "groupId");
  EXPECT_EQ(field_of(R"j({"paymentOptions": ["cash"]})j"), "paymentOptions");
  EXPECT_EQ(field_of(R"j({"attributes": [{"key": "ment_best_value", "value": "yes"}]})j"), "attributes.ment_best_value");
  EXPECT_EQ(field_of(R"j({"attributes": [{"key": "ment_url", "value": "javascript:alert(1)"}]})j"), "attributes.ment_url");
  EXPECT_EQ(field_of(R"j({"attributes": [{"key": "ment_icon", "value": "//evil.example/x.png"}]})j"), "attributes.ment_icon");
  EXPECT_EQ(field_of(R"j({"attributes": [{"key": "ment_category", "value": "music"}]})j"), "attributes.ment_category");
  EXPECT_EQ(field_of(R"j({"attributes": [{"key": "a", "value": "1"}, {"key": "a", "value": "2"}]})j"), "attributes[1].key");
  EXPECT_EQ(field_of(R"j({"attributes": [{"key": "ment_redirect", "value": "/main/music"}]})j"), "ok");
  EXPECT_EQ(field_of(R"j({"attributes": [{"key": "ment_icon", "value": "https://cdn.example/i.svg"}]})j"), "ok");
  PlanTenant sar{1, "SAR", "ar"};
  auto def = definition_from(base_type(), json::object{});
  auto t = validate_type(plans, sar, *def);
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error().field, "price.currency");
}

TEST(PlanEdit, TheImportTakesPriceChangesAndRetirements) {
  auto o = base_type();
  o["priceChange"] = json::parse(R"j({"previousPrice": {"amount": 499, "currency": "EUR"}, "effectiveFrom": "2030-01-01T00:00:00Z"})j");
  o["retired"] = json::parse(R"j({"at": "2026-01-01T00:00:00Z", "successorId": null})j");
  auto t = parse_type(o);
  ASSERT_TRUE(t) << t.error().message;
  ASSERT_TRUE(t->price_change);
  EXPECT_EQ(t->price_change->effective_from, "2030-01-01T00:00:00Z");
  ASSERT_TRUE(t->retired);
  EXPECT_FALSE(t->retired->successor_id);
  o["retired"] = json::parse(R"j({"at": "2026-01-01T00:00:00Z", "successorId": 7})j");
  EXPECT_FALSE(parse_type(o));  // not itself
}

TEST(PlanEdit, TheStoredDocumentIsTypedAndKeepsTheOperatorsOwnMembers) {
  auto base = base_type();
  base["x-note"] = "kept";
  base["contingents"] = json::parse(R"j([{"contentTypes": ["album"], "amount": 3, "x-tier": "gold"}])j");
  auto d = plan_document(base);
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_EQ(d->name, "Music");
  EXPECT_EQ(d->price->amount, 499);
  d->retired = RetiredDocument{"2026-01-01T00:00:00Z", std::nullopt};
  const auto def = plan_definition(*d);
  EXPECT_EQ(def.at("x-note"), "kept");
  EXPECT_EQ(def.at("contingents").as_array().at(0).as_object().at("x-tier"), "gold");
  EXPECT_EQ(def.at("retired"), json::parse(R"j({"at": "2026-01-01T00:00:00Z", "successorId": null})j"));
  EXPECT_FALSE(def.contains("promotionPrice"));  // none: left out, not null
  auto t = parse_type(def);
  ASSERT_TRUE(t) << t.error().message;
  ASSERT_TRUE(t->retired);
  // A console document's member of the wrong type is named by its field; null removes a member, absent keeps it.
  EXPECT_EQ(definition_from(base_type(), json::parse(R"j({"price": {"amount": "5", "currency": "EUR"}})j").as_object())
                .error()
                .field,
            "price.amount");
  auto removed = definition_from(base_type(), json::parse(R"j({"groupId": null})j").as_object());
  ASSERT_TRUE(removed);
  EXPECT_FALSE(removed->contains("groupId"));
  EXPECT_EQ(removed->at("price").as_object().at("amount"), 499);
}

TEST(PlanEdit, RequiredIdentityFieldsAreAList) {
  auto o = base_type();
  o["requiredIdentityFields"] = "email";  // was taken as none
  auto t = parse_type(o);
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error().field, "type 7.requiredIdentityFields");
}

TEST(RenewalPrice, TheOldPriceUntilTheEffectiveDateThenTheNewOne) {
  SubscriptionType t;
  t.price = {699, "EUR"};
  EXPECT_EQ(t.renewal_price("2026-05-01T00:00:00Z").amount, 699);  // no change scheduled
  t.price_change = PriceChange{{499, "EUR"}, "2026-06-01T00:00:00Z"};
  EXPECT_EQ(t.renewal_price("2026-05-31T23:59:59Z").amount, 499);
  EXPECT_EQ(t.renewal_price("2026-06-01T00:00:00Z").amount, 699);  // at the date: the new price
  EXPECT_EQ(t.renewal_price("2026-07-01T00:00:00Z").amount, 699);
  t.promotion_price = Money{599, "EUR"};
  EXPECT_EQ(t.renewal_price("2026-07-01T00:00:00Z").amount, 599);  // the promotion still applies after it
  EXPECT_EQ(t.current_price().amount, 599);                         // new checkouts: at once
}

TEST(PlanHtml, OnlyTheAllowListSurvives) {
  EXPECT_EQ(sanitize_plan_html("Music <b>Plus</b>"), "Music <b>Plus</b>");
  EXPECT_EQ(sanitize_plan_html("<STRONG class=\"x\" onclick=\"alert(1)\">Big</STRONG>"), "<strong>Big</strong>");
  EXPECT_EQ(sanitize_plan_html("a<br/>b"), "a<br>b");
  EXPECT_EQ(sanitize_plan_html("<script>alert(1)</script>ok"), "ok");
  EXPECT_EQ(sanitize_plan_html("<img src=x onerror=alert(1)>hi"), "hi");
  EXPECT_EQ(sanitize_plan_html("<a href=\"javascript:x\">link</a>"), "link");
  EXPECT_EQ(sanitize_plan_html("<style>p{}</style><i>i</i>"), "<i>i</i>");
  EXPECT_EQ(sanitize_plan_html("1 < 2 & 3 > 2 &amp; \"q\""), "1 &lt; 2 &amp; 3 &gt; 2 &amp; &quot;q&quot;");
  EXPECT_EQ(sanitize_plan_html("<!-- c --><em>e</em>"), "<em>e</em>");
  EXPECT_EQ(sanitize_plan_html("<scr<script>ipt>alert(1)</script>"), "ipt&gt;alert(1)");
}

}  // namespace
}  // namespace portal::subscriptions
