// A sent body's buffer comes back for the next answer; tiny and huge ones do not.
#include "http/body_buffers.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

TEST(BodyBuffers, ASentBodysBufferIsReused) {
  std::string sent(10 * 1024, 'x');
  const auto* storage = sent.data();
  recycle_body(std::move(sent));
  std::string next = reusable_body();
  EXPECT_TRUE(next.empty());
  EXPECT_GE(next.capacity(), 10u * 1024);
  EXPECT_EQ(next.data(), storage);
  EXPECT_EQ(reusable_body().capacity(), std::string().capacity());  // none left

  recycle_body(std::string(100, 'x'));
  recycle_body(std::string(1024 * 1024, 'x'));
  EXPECT_EQ(reusable_body().capacity(), std::string().capacity());
}

}  // namespace
}  // namespace portal::http
