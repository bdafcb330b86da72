#include "core/utc_time.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

using namespace std::chrono;

TEST(UtcTime, WritesWholeSecondsInUtc) {
  EXPECT_EQ(utc_text(sys_days{2026y / 11 / 28} + hours{10} + minutes{5} + seconds{7} + milliseconds{999}),
            "2026-11-28T10:05:07Z");
  EXPECT_EQ(utc_text(UtcTime{}), "1970-01-01T00:00:00Z");
  EXPECT_EQ(utc_text(sys_days{2028y / 2 / 29}), "2028-02-29T00:00:00Z");
}

TEST(UtcTime, ReadsWhatItWritesAndTheFormsStoredBeside) {
  const UtcTime t = sys_days{2026y / 12 / 31} + hours{23} + minutes{59} + seconds{59};
  EXPECT_EQ(parse_utc(utc_text(t)), t);
  EXPECT_EQ(parse_utc("2026-12-31T23:59:59"), t);            // without the zone: UTC
  EXPECT_EQ(parse_utc("2026-12-31T23:59:59.123456Z"), t);    // a fraction is dropped
  EXPECT_EQ(parse_utc("2028-02-29T00:00:00Z"), sys_days{2028y / 2 / 29});
}

TEST(UtcTime, RefusesOtherText) {
  for (const char* bad : {"", "2026-11-28", "2026-11-28 10:00:00Z", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z",
                          "2027-02-29T00:00:00Z", "2026-11-28T24:00:00Z", "2026-11-28T10:60:00Z", "2026-11-28T10:00:00+01:00",
                          "2026-11-28T10:00:00ZZ", "2026-11-28T10:00:00.Z", "2026-11-2xT10:00:00Z", "+026-11-28T10:00:00Z"})
    EXPECT_FALSE(parse_utc(bad)) << bad;
}

TEST(UtcTime, DaysBothWays) {
  EXPECT_EQ(day_text(sys_days{2026y / 3 / 9}), "2026-03-09");
  EXPECT_EQ(parse_day("2028-02-29"), sys_days{2028y / 2 / 29});
  for (const char* bad : {"2027-02-29", "2026-1-01", "2026-01-01T00:00:00Z", "20260101", ""}) EXPECT_FALSE(parse_day(bad)) << bad;
}

// A time a rule needs: the value, or the caller's domain error naming the field (never a stand-in time).
struct SampleError {
  std::string field, reason;
  static SampleError invalid(std::string field, std::string reason) { return {std::move(field), std::move(reason)}; }
};

TEST(UtcTime, RequiredTimeFailsNamingTheField) {
  const auto good = required_utc<SampleError>("2026-11-28T10:00:00Z", "attempts.at");
  ASSERT_TRUE(good);
  EXPECT_EQ(*good, *parse_utc("2026-11-28T10:00:00Z"));
  const auto bad = required_utc<SampleError>("yesterday", "attempts.at");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().field, "attempts.at");
  EXPECT_NE(bad.error().reason.find("yesterday"), std::string::npos);
}

}  // namespace
}  // namespace portal::core
