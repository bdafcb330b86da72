#include "domains/events/events_service.hpp"

#include <gtest/gtest.h>

#include "domains/events/events_answers.hpp"

namespace portal::events {
namespace {

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

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
  EXPECT_EQ(wire(bad).data.as_object().at("field").as_string(), "name");
  EXPECT_FALSE(make_event("", {}, std::nullopt, clock));
  EXPECT_FALSE(make_event(std::string(65, 'a'), {}, std::nullopt, clock));
  auto huge = make_event("x", {{"blob", std::string(kMaxPayloadBytes, 'x')}}, std::nullopt, clock);
  ASSERT_FALSE(huge);
  EXPECT_EQ(wire(huge).data.as_object().at("field").as_string(), "body");
  EXPECT_EQ(huge.error().code, ErrorCode::invalid_field);
  EXPECT_EQ(huge.error().field, "body");
  EXPECT_EQ(wire(huge).status, 400);
  EXPECT_EQ(wire(huge).code, "VALIDATION_ERROR");
}

}  // namespace
}  // namespace portal::events
