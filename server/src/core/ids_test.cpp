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

TEST(Ids, ANameGivesOneUuidOfVersionEight) {
  const std::string a = name_uuid("returned:p1");
  EXPECT_EQ(a, name_uuid("returned:p1"));
  EXPECT_NE(a, name_uuid("returned:p2"));
  ASSERT_EQ(a.size(), 36u);
  EXPECT_EQ(a[14], '8');
  EXPECT_NE(std::string("89ab").find(a[19]), std::string::npos);
  EXPECT_EQ(new_uuid()[14], '4');
}

}  // namespace
}  // namespace portal::core
