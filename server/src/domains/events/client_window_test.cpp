#include "domains/events/client_window.hpp"

#include <gtest/gtest.h>

namespace portal::events {
namespace {

using namespace std::chrono_literals;

TEST(ClientWindow, TakesTheLimitThenSaysHowLongToWait) {
  ClientWindow window(3);
  const std::chrono::system_clock::time_point t0{std::chrono::seconds(60 * 1000 + 15)};
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(window.take(1, "address:a", t0)) << i;
  EXPECT_EQ(window.take(1, "address:a", t0), 45);
  EXPECT_EQ(window.take(1, "address:a", t0 + 44s), 1);
  // Another client, the same client of another tenant: counted apart.
  EXPECT_FALSE(window.take(1, "address:b", t0));
  EXPECT_FALSE(window.take(2, "address:a", t0));
  // The next minute starts afresh.
  EXPECT_FALSE(window.take(1, "address:a", t0 + 45s));
}

// An event the database refused is given back: the client is not refused for it after an outage (issue 76 item 5).
TEST(ClientWindow, AnEventNotStoredIsGivenBack) {
  ClientWindow window(2);
  const std::chrono::system_clock::time_point t0{std::chrono::seconds(60 * 1000 + 15)};
  for (int i = 0; i < 5; ++i) {
    EXPECT_FALSE(window.take(1, "address:a", t0)) << i;
    window.give_back(1, "address:a", t0);
  }
  EXPECT_FALSE(window.take(1, "address:a", t0));
  EXPECT_FALSE(window.take(1, "address:a", t0));
  EXPECT_TRUE(window.take(1, "address:a", t0));
  // A give-back from an ended minute does not lend the next one anything.
  EXPECT_FALSE(window.take(1, "address:a", t0 + 60s));
  window.give_back(1, "address:a", t0);
  EXPECT_FALSE(window.take(1, "address:a", t0 + 60s));
  EXPECT_TRUE(window.take(1, "address:a", t0 + 60s));
}

}  // namespace
}  // namespace portal::events
