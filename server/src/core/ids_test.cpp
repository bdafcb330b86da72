// Request ids: 16 lower-case hex characters, a fresh one per call.
#include "core/ids.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

TEST(Ids, RequestIdsAreSixteenHexAndCount) {
  const std::string a = new_request_id(), b = new_request_id();
  ASSERT_EQ(a.size(), 16u);
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(a.substr(0, 8), b.substr(0, 8));  // the thread's prefix
  EXPECT_EQ(std::stoul(b.substr(8), nullptr, 16), std::stoul(a.substr(8), nullptr, 16) + 1);
}

}  // namespace
}  // namespace portal::core
