// Stored times read back: the inverse of utc_timestamp.
#include "db/parse_timestamp.hpp"

#include <gtest/gtest.h>

#include "db/timestamp.hpp"

namespace portal::db {
namespace {

TEST(ParseTimestamp, ReadsBackWhatUtcTimestampWrote) {
  const auto at = std::chrono::system_clock::time_point{std::chrono::seconds{1'795'860'000}};
  EXPECT_EQ(parse_utc_timestamp(utc_timestamp(at)), at);
  EXPECT_EQ(parse_utc_timestamp("2026-11-28T10:00:00.250Z"), parse_utc_timestamp("2026-11-28T10:00:00Z"));
  EXPECT_FALSE(parse_utc_timestamp("28/11/2026"));
  EXPECT_FALSE(parse_utc_timestamp("2026-11-28T10:00:00+01:00"));
  EXPECT_FALSE(parse_utc_timestamp(""));
}

}  // namespace
}  // namespace portal::db
