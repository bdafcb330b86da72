#include "domains/staff/totp.hpp"

#include <gtest/gtest.h>

namespace portal::staff {
namespace {

// RFC 6238 appendix B, the HMAC-SHA1 rows (key "12345678901234567890", 8 digits).
TEST(Totp, MatchesRfc6238TestVectors) {
  const std::string key = "12345678901234567890";
  const std::pair<std::int64_t, const char*> rows[] = {{59, "94287082"},         {1111111109, "07081804"},
                                                       {1111111111, "14050471"}, {1234567890, "89005924"},
                                                       {2000000000, "69279037"}, {20000000000, "65353130"}};
  for (const auto& [time, code] : rows)
    EXPECT_EQ(hotp(key, static_cast<std::uint64_t>(totp_step(time)), 8), code) << time;
}

// RFC 4226 appendix D: HOTP of counters 0 and 9.
TEST(Totp, MatchesRfc4226TestVectors) {
  EXPECT_EQ(hotp("12345678901234567890", 0), "755224");
  EXPECT_EQ(hotp("12345678901234567890", 9), "520489");
}

TEST(Totp, Base32RoundTripsAndForgivesCaseAndPadding) {
  EXPECT_EQ(base32_encode("12345678901234567890"), "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  EXPECT_EQ(base32_decode("gezdgnbvgy3tqojqgezdgnbvgy3tqojq").value(), "12345678901234567890");
  EXPECT_EQ(base32_decode("MZXW6===").value(), "foo");
  EXPECT_FALSE(base32_decode("MZXW1").has_value());
  EXPECT_EQ(new_totp_secret().size(), 32u);
}

TEST(Totp, AcceptsOneStepOfDriftAndEachStepOnce) {
  const std::string secret = base32_encode("12345678901234567890");
  const std::int64_t now = 1111111111;
  const std::string current = hotp("12345678901234567890", static_cast<std::uint64_t>(totp_step(now)));
  const std::string previous = hotp("12345678901234567890", static_cast<std::uint64_t>(totp_step(now) - 1));
  const std::string next = hotp("12345678901234567890", static_cast<std::uint64_t>(totp_step(now) + 1));
  const std::string stale = hotp("12345678901234567890", static_cast<std::uint64_t>(totp_step(now) - 2));
  EXPECT_EQ(verify_totp(secret, current, now, 0), totp_step(now));
  EXPECT_EQ(verify_totp(secret, previous, now, 0), totp_step(now) - 1);
  EXPECT_EQ(verify_totp(secret, next, now, 0), totp_step(now) + 1);
  EXPECT_FALSE(verify_totp(secret, stale, now, 0));
  // Used once: the same step (or an earlier one) is refused.
  EXPECT_FALSE(verify_totp(secret, current, now, totp_step(now)));
  EXPECT_FALSE(verify_totp(secret, previous, now, totp_step(now)));
  EXPECT_FALSE(verify_totp(secret, "12345", now, 0));
  EXPECT_FALSE(verify_totp(secret, "abcdef", now, 0));
}

TEST(Totp, OtpauthUriNamesIssuerAndAccount) {
  EXPECT_EQ(otpauth_uri("Vela Stream", "owner@example.com", "ABC"),
            "otpauth://totp/Vela%20Stream:owner%40example.com?secret=ABC&issuer=Vela%20Stream&algorithm=SHA1&digits=6"
            "&period=30");
}

}  // namespace
}  // namespace portal::staff
