// The one place where subscriptions meets HTTP: each domain error gets the
// status, code and data of the contract, and the purchase DTOs leave out what
// the contract leaves out (rather than answering null). Also the plan-group
// rule that names the direction of a refused level change.
#include "domains/subscriptions/subscriptions_answers.hpp"

#include "domains/payments/payments_answers.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "domains/subscriptions/purchase_rules.hpp"

namespace portal::subscriptions {
namespace {

namespace json = boost::json;

Plans group_plans() {
  Plans plans;
  for (std::int64_t id : {101, 102, 103}) {
    SubscriptionType t;
    t.id = id;
    t.name = "t" + std::to_string(id);
    t.group_id = "music";
    t.billing_cycle = "P1M";
    plans.types.push_back(t);
  }
  plans.groups.push_back(Group{"music", {}, {{101}, {102, 103}}});
  return plans;
}

Checkout checkout_for(std::int64_t type_id) {
  Checkout c;
  c.tenant_id = 1;
  c.user_uuid = "u1";
  c.type_id = type_id;
  c.redirect = "http://localhost:8080/back";
  return c;
}

TEST(SubscriptionsAnswers, ALevelRefusalNamesTheDirectionTheTypesAndTheReturnAddress) {
  const Plans plans = group_plans();
  const http::Error up = http_error(level_refused(plans, checkout_for(102), 101, std::string("s1")));
  EXPECT_EQ(up.status, 409);
  EXPECT_EQ(up.code, "NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE");
  EXPECT_EQ(up.data.at("subscriptionId"), "s1");
  EXPECT_EQ(up.data.at("fromTypeId"), 101);
  EXPECT_EQ(up.data.at("toTypeId"), 102);
  const std::string url(up.data.at("url").as_string());
  EXPECT_NE(url.find("status=409"), std::string::npos) << url;
  EXPECT_NE(url.find("error=NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE"), std::string::npos) << url;

  const http::Error down = http_error(level_refused(plans, checkout_for(101), 103, std::nullopt));
  EXPECT_EQ(down.code, "NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE");
  EXPECT_TRUE(down.data.at("subscriptionId").is_null()) << "unknown holder: null, not left out";

  const http::Error same = http_error(level_refused(plans, checkout_for(102), 102, std::nullopt));
  EXPECT_EQ(same.code, "USER_ALREADY_SUBSCRIBED");
  EXPECT_EQ(same.data, (json::value{{"subscriptionId", nullptr}, {"subscriptionTypeId", 102}}));
}

TEST(SubscriptionsAnswers, ErrorsKeepTheContractsStatusesAndData) {
  Error funds = Error::of(ErrorCode::insufficient_funds, "Insufficient funds");
  funds.url = "http://x/back?status=402";
  const http::Error f = http_error(funds);
  EXPECT_EQ(f.status, 402);
  EXPECT_EQ(f.data, (json::value{{"url", "http://x/back?status=402"}}));

  EXPECT_EQ(http_error(Error::of(ErrorCode::payment_declined, "declined")).status, 490);
  EXPECT_EQ(http_error(Error::of(ErrorCode::checkout_closed, "closed")).status, 410);
  EXPECT_EQ(http_error(Error::of(ErrorCode::checkout_completed, "done")).code, "CHECKOUT_CLOSED");

  const http::Error none = http_error(Error::of(ErrorCode::trial_used, "used"));
  EXPECT_EQ(none.status, 409);
  EXPECT_TRUE(none.data.is_null()) << "no details: data is null";

  Error price = Error::of(ErrorCode::price_changed, "The price has changed");
  price.price = payments::Money{499, "EUR"};
  EXPECT_EQ(http_error(price).data, (json::value{{"amount", 499}, {"currency", "EUR"}}));

  const http::Error field = http_error(Error::invalid("value", "partner metadata is limited to 16 KiB"));
  EXPECT_EQ(field.status, 400);
  EXPECT_EQ(field.code, "VALIDATION_ERROR");
  EXPECT_EQ(field.data.at("field"), "value");

  payments::Error pin = payments::Error::of(payments::ErrorCode::invalid_pin, "Wrong PIN");
  pin.tries_left = 2;
  EXPECT_EQ(http_error(Error::from_payment(pin)).data, payments::http_error(pin).data)
      << "the payments domain's error passes unchanged";
}

TEST(SubscriptionsAnswers, PurchaseShapesLeaveOutWhatTheyLackAndSayNullWhereTheContractDoes) {
  EXPECT_EQ(json::value_from(PendingDto{}), json::object{});
  EXPECT_EQ(json::value_from(PendingDto{"u", "p1", std::nullopt}), (json::value{{"url", "u"}, {"paymentId", "p1"}}));

  PaidDto paid;
  paid.url = "http://x/back?status=200";
  EXPECT_EQ(json::value_from(paid), (json::value{{"status", 302}, {"url", "http://x/back?status=200"}, {"nextApiFlowStep", nullptr}}));

  EXPECT_EQ(json::value_from(PinSentDto{"PIN", "sent", std::nullopt}),
            (json::value{{"nextApiFlowStep", "PIN"}, {"message", "sent"}}));

  CheckoutOffer offer{"onclick", "c1", std::nullopt, {{"o1", "operator", "Operator", "API", std::nullopt}}};
  const json::value opened = json::value_from(offer_dto(offer));
  EXPECT_TRUE(opened.at("url").is_null());
  EXPECT_TRUE(opened.at("options").at(0).at("redirectionUrl").is_null());

  UserSubscriptionDto sub;
  sub.id = "s1";
  EXPECT_FALSE(json::value_from(sub).as_object().contains("subscriptionType"));
  sub.subscriptionType = SubscriptionTypeDto{};
  EXPECT_TRUE(json::value_from(sub).as_object().at("subscriptionType").is_object());
}

}  // namespace
}  // namespace portal::subscriptions
