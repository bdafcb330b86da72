#include "domains/identity/credentials.hpp"

#include <gtest/gtest.h>

namespace portal::identity {
namespace {

TEST(Credentials, PasswordsAreArgon2idAtTheInteractiveCostUnlessATestAsksForTheLeast) {
  const auto interactive = hash_password("portal-demo");
  EXPECT_EQ(interactive.rfind("$argon2id$", 0), 0u) << interactive;
  EXPECT_NE(interactive.find("m=65536"), std::string::npos) << interactive;  // 64 MiB

  set_password_hash_cost(PasswordHashCost::least);
  const auto least = hash_password("portal-demo");
  set_password_hash_cost(PasswordHashCost::interactive);
  EXPECT_EQ(least.rfind("$argon2id$", 0), 0u) << least;
  EXPECT_EQ(least.find("m=65536"), std::string::npos) << least;

  // A verification reads the cost from the hash: both verify, and refuse another password.
  for (const auto& hash : {interactive, least}) {
    EXPECT_TRUE(verify_password(hash, "portal-demo"));
    EXPECT_FALSE(verify_password(hash, "portal-demo!"));
  }
  EXPECT_NE(hash_password("portal-demo").find("m=65536"), std::string::npos);
}

}  // namespace
}  // namespace portal::identity
