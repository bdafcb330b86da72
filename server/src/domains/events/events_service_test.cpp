#include "domains/events/events_service.hpp"

#include <gtest/gtest.h>

namespace portal::events {
namespace {

TEST(MakeEvent, AcceptsPlainNamesAndObjects) {
  core::ManualClock clock;
  auto e = make_event("pageView", {{"path", "/"}}, std::nullopt, clock);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->name, "pageView");
  EXPECT_EQ(e->id.size(), 36u);
  EXPECT_EQ(e->created_at, "2023-11-14T22:13:20Z");
}

TEST(MakeEvent, RejectsBadNamesAndHugePayloads) {
  core::ManualClock clock;
  auto bad = make_event("page view!", {}, std::nullopt, clock);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().data.as_object().at("field").as_string(), "name");
  EXPECT_FALSE(make_event("", {}, std::nullopt, clock));
  EXPECT_FALSE(make_event(std::string(65, 'a'), {}, std::nullopt, clock));
  auto huge = make_event("x", {{"blob", std::string(kMaxPayloadBytes, 'x')}}, std::nullopt, clock);
  ASSERT_FALSE(huge);
  EXPECT_EQ(huge.error().data.as_object().at("field").as_string(), "body");
}

}  // namespace
}  // namespace portal::events
