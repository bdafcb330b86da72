#include "domains/payments/stripe_client.hpp"

#include <gtest/gtest.h>

namespace portal::payments {
namespace {

TEST(StripeClient, APathSegmentStaysOneSegment) {
  EXPECT_EQ(path_segment("pi_3MtwBwLkdIwHu7ix28a3tqPa"), "pi_3MtwBwLkdIwHu7ix28a3tqPa");
  EXPECT_EQ(path_segment("pi_x/../../v1/refunds?amount=1"), "pi_x%2F%2E%2E%2F%2E%2E%2Fv1%2Frefunds%3Famount%3D1");
  EXPECT_EQ(path_segment(".."), "%2E%2E");
  EXPECT_EQ(path_segment("a b#c"), "a%20b%23c");
}

TEST(StripeClient, AnIdIsLettersDigitsAndUnderscores) {
  for (std::string_view id : {"pi_3MtwBwLkdIwHu7ix28a3tqPa", "re_1", "evt_A"}) EXPECT_TRUE(is_stripe_id(id)) << id;
  for (std::string_view id : {std::string_view(""), std::string_view("pi_x/../v1"), std::string_view("pi x"), std::string_view("pi_x?y"), std::string_view(".."), std::string_view("pi_é"), std::string_view("pi_\0x", 5)})
    EXPECT_FALSE(is_stripe_id(id)) << id;
  EXPECT_FALSE(is_stripe_id(std::string(256, 'a')));
}

TEST(StripeClient, AFormKeepsItsDots) { EXPECT_EQ(form_encode({{"limit", "100"}, {"a.b", "c d"}}), "limit=100&a.b=c%20d"); }

}  // namespace
}  // namespace portal::payments
