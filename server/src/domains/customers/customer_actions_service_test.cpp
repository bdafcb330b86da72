// The input rules of support's customer actions (the routes check them before any write).
#include "domains/customers/customer_actions_service.hpp"

#include <gtest/gtest.h>

namespace portal::customers {
namespace {

TEST(CustomerActionsRules, AReasonIsTrimmedRequiredWhenAskedAndAtMost500Characters) {
  EXPECT_EQ(*CustomerActions::reason(std::string("  asked by mail "), true), "asked by mail");
  auto blank = CustomerActions::reason(std::string("   "), true);
  ASSERT_FALSE(blank);
  EXPECT_EQ(blank.error().field, "reason");
  EXPECT_EQ(*CustomerActions::reason(std::nullopt, false), "");
  EXPECT_TRUE(CustomerActions::reason(std::string(500, 'x'), true));
  EXPECT_FALSE(CustomerActions::reason(std::string(501, 'x'), false));
}

TEST(CustomerActionsRules, WhenDaysAndArticle) {
  EXPECT_EQ(*CustomerActions::when("now"), subscriptions::CancelWhen::now);
  EXPECT_EQ(*CustomerActions::when("periodEnd"), subscriptions::CancelWhen::period_end);
  auto later = CustomerActions::when("later");
  ASSERT_FALSE(later);
  EXPECT_EQ(later.error().field, "when");
  EXPECT_EQ(*CustomerActions::days(1), 1);
  EXPECT_EQ(*CustomerActions::days(366), 366);
  EXPECT_FALSE(CustomerActions::days(0));
  EXPECT_FALSE(CustomerActions::days(367));
  EXPECT_EQ(CustomerActions::days(-5).error().field, "days");
  EXPECT_EQ(*CustomerActions::article_id(20001), 20001);
  EXPECT_EQ(CustomerActions::article_id(0).error().field, "articleId");
}

}  // namespace
}  // namespace portal::customers
