#include "domains/hosted/return_page.hpp"

#include <gtest/gtest.h>

namespace portal::hosted {
namespace {

TEST(ReturnPage, ReplacesEarlierPurchaseParametersAndKeepsOthers) {
  EXPECT_EQ(return_url("http://localhost:8080/myCart?from=x&status=402&purchaseType=cart", Ending::paid,
                       {{"purchaseType", "cart"}, {"purchaseID", "o1"}}),
            "http://localhost:8080/myCart?from=x&status=200&purchaseType=cart&purchaseID=o1");
  EXPECT_EQ(return_url("http://localhost:8080/", Ending::declined),
            "http://localhost:8080/?status=490&error=PAYMENT_DECLINED");
  EXPECT_EQ(return_url("http://a.example/music?x=1&status=402&msg=old", Ending::paid, {{"subTypeId", "101"}}),
            "http://a.example/music?x=1&status=200&subTypeId=101");
}

TEST(ReturnPage, EncodesTheFlowsParameters) {
  EXPECT_EQ(return_url("http://a.example/", Ending::declined, {{"msg", "Déclinée & fini"}}),
            "http://a.example/?status=490&error=PAYMENT_DECLINED&msg=D%C3%A9clin%C3%A9e%20%26%20fini");
}

TEST(ReturnPage, EveryEndingHasItsStatusAndError) {
  const auto query = [](Ending e) { return return_url("/r", e).substr(3); };
  EXPECT_EQ(query(Ending::pending), "status=202");
  EXPECT_EQ(query(Ending::insufficient_funds), "status=402&error=INSUFFICIENT_FUNDS");
  EXPECT_EQ(query(Ending::cancelled), "status=400&error=PAYMENT_CANCELLED");
  EXPECT_EQ(query(Ending::checkout_closed), "status=410&error=CHECKOUT_CLOSED");
  EXPECT_EQ(query(Ending::already_owned), "status=409&error=ALREADY_OWNED");
  EXPECT_EQ(query(Ending::already_subscribed), "status=409&error=USER_ALREADY_SUBSCRIBED");
  EXPECT_EQ(query(Ending::not_enough_available), "status=409&error=NOT_ENOUGH_AVAILABLE");
  EXPECT_EQ(query(Ending::cancel_before_upgrade), "status=409&error=NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE");
  EXPECT_EQ(query(Ending::cancel_before_downgrade), "status=409&error=NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE");
}

TEST(ReturnPage, LeavesAnUnreadableRedirectAsItWas) { EXPECT_EQ(return_url("http://[bad", Ending::paid), "http://[bad"); }

}  // namespace
}  // namespace portal::hosted
