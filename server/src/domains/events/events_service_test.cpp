#include "domains/events/events_service.hpp"

#include <gtest/gtest.h>

#include "core/clock.hpp"
#include "db/test_database.hpp"
#include "domains/events/events_answers.hpp"
#include "domains/events/events_repository.hpp"

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

// Events the database refused (an outage: the call answers 503) do not count against the client's minute, so a
// client retrying after the outage is not told 429 for them (issue 76 item 5).
TEST(EventsService, EventsTheDatabaseRefusedDoNotCountAgainstTheClient) {
  const auto dir = db::test_directory("events-refused");
  {
    auto db = db::open_test_database(dir, {});
    EventsRepository repository(*db);
    core::ManualClock clock(std::chrono::system_clock::time_point{std::chrono::seconds(1'800'000'000)});
    EventsService service(repository, clock, "key");
    db->execute("ALTER TABLE events RENAME TO events_away");  // the database refuses every insert
    for (std::int64_t i = 0; i < kClientEventsPerMinute + 5; ++i)
      EXPECT_ANY_THROW((void)service.record_from_client(1, "play", {}, std::nullopt, "203.0.113.9"));
    db->execute("ALTER TABLE events_away RENAME TO events");  // back
    for (std::int64_t i = 0; i < kClientEventsPerMinute; ++i)
      ASSERT_TRUE(service.record_from_client(1, "play", {}, std::nullopt, "203.0.113.9")) << i;
    const auto refused = service.record_from_client(1, "play", {}, std::nullopt, "203.0.113.9");
    ASSERT_FALSE(refused);
    EXPECT_EQ(wire(refused).status, 429);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace portal::events
