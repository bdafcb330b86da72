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

}  // namespace
}  // namespace portal::events
