// Sealing staff TOTP secrets: a sealed value holds no trace of the base32
// secret, differs each time (a fresh nonce), opens under its key only, and a
// plain or damaged value never opens.
#include "domains/staff/totp_seal.hpp"

#include <gtest/gtest.h>

#include "domains/staff/totp.hpp"

namespace portal::staff {
namespace {

TEST(TotpSeal, SealsOpensOnlyUnderItsKeyAndRefusesPlainOrDamagedValues) {
  const TotpSeal seal("a-test-key-of-at-least-32-characters!");
  const std::string secret = new_totp_secret();
  const std::string stored = seal.seal(secret);
  EXPECT_TRUE(TotpSeal::sealed(stored));
  EXPECT_EQ(stored.find(secret), std::string::npos);
  EXPECT_NE(stored, seal.seal(secret));  // a fresh nonce each time
  EXPECT_EQ(seal.open(stored), secret);
  EXPECT_EQ(TotpSeal("another-key-of-at-least-32-characters").open(stored), std::nullopt);
  EXPECT_EQ(seal.open(secret), std::nullopt);  // plain base32 is no sealed value
  std::string damaged = stored;
  damaged.back() = damaged.back() == '0' ? '1' : '0';
  EXPECT_EQ(seal.open(damaged), std::nullopt);
  EXPECT_EQ(seal.open(std::string(kSealedPrefix) + "zz"), std::nullopt);
  EXPECT_EQ(seal.seal(""), "");  // not enrolled stays empty
  EXPECT_EQ(seal.open(""), "");
}

}  // namespace
}  // namespace portal::staff
