// The CAMARA provider's pure parts (issue 75): the client assertion the operator's token endpoint checks, the sink's
// bearer token the notifications must carry, the number as receipts show it, and amounts as CAMARA writes them.
#include <gtest/gtest.h>
#include <sodium.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#include <boost/json.hpp>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/payments/camara_client.hpp"
#include "domains/payments/camara_jwt.hpp"
#include "domains/payments/camara_notify.hpp"
#include "domains/payments/camara_provider.hpp"

namespace portal::payments {
namespace {

boost::json::value part(const std::string& jwt, int index) {
  std::size_t start = 0;
  for (int i = 0; i < index; ++i) start = jwt.find('.', start) + 1;
  const auto end = jwt.find('.', start);
  return boost::json::parse(*base64url_decode(jwt.substr(start, end == std::string::npos ? std::string::npos : end - start)));
}

TEST(CamaraJwt, ASharedSecretSignsHs256ForTheTokenEndpointForAtMost300Seconds) {
  const auto now = std::chrono::system_clock::time_point(std::chrono::seconds(1'800'000'000));
  const std::string jwt = camara_client_assertion("client-1", "s3cret", "https://op.example/token", now, "jti-1");
  EXPECT_EQ(part(jwt, 0).at("alg"), "HS256");
  const auto claims = part(jwt, 1);
  EXPECT_EQ(claims.at("iss"), "client-1");
  EXPECT_EQ(claims.at("sub"), "client-1");
  EXPECT_EQ(claims.at("aud"), "https://op.example/token");
  EXPECT_EQ(claims.at("jti"), "jti-1");
  EXPECT_EQ(claims.at("iat").as_int64(), 1'800'000'000);
  EXPECT_LE(claims.at("exp").as_int64() - claims.at("iat").as_int64(), 300);
  // The signature is HMAC-SHA256 of "header.claims" with the secret.
  const auto dot = jwt.rfind('.');
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_state st;
  crypto_auth_hmacsha256_init(&st, reinterpret_cast<const unsigned char*>("s3cret"), 6);
  crypto_auth_hmacsha256_update(&st, reinterpret_cast<const unsigned char*>(jwt.data()), dot);
  crypto_auth_hmacsha256_final(&st, mac);
  EXPECT_EQ(jwt.substr(dot + 1), base64url(std::string_view(reinterpret_cast<const char*>(mac), sizeof mac)));
  EXPECT_EQ(camara_auth_method("s3cret"), "client_secret_jwt");
}

TEST(CamaraJwt, APemKeySignsRs256ThatItsPublicKeyVerifies) {
  EVP_PKEY* key = EVP_RSA_gen(2048);
  ASSERT_NE(key, nullptr);
  BIO* out = BIO_new(BIO_s_mem());
  PEM_write_bio_PrivateKey(out, key, nullptr, nullptr, 0, nullptr, nullptr);
  char* data = nullptr;
  const long length = BIO_get_mem_data(out, &data);
  const std::string pem(data, static_cast<std::size_t>(length));
  BIO_free(out);
  EXPECT_TRUE(camara_secret_usable(pem));
  EXPECT_EQ(camara_auth_method(pem), "private_key_jwt");
  const std::string jwt = camara_client_assertion("c", pem, "https://op.example/token", std::chrono::system_clock::now(), "j");
  EXPECT_EQ(part(jwt, 0).at("alg"), "RS256");
  const auto dot = jwt.rfind('.');
  const std::string signature = *base64url_decode(jwt.substr(dot + 1));
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  ASSERT_EQ(EVP_DigestVerifyInit(ctx, nullptr, EVP_sha256(), nullptr, key), 1);
  EXPECT_EQ(EVP_DigestVerify(ctx, reinterpret_cast<const unsigned char*>(signature.data()), signature.size(),
                             reinterpret_cast<const unsigned char*>(jwt.data()), dot), 1);
  EVP_MD_CTX_free(ctx);
  EVP_PKEY_free(key);
  EXPECT_FALSE(camara_secret_usable("-----BEGIN PRIVATE KEY-----\nbroken\n-----END PRIVATE KEY-----\n"));
}

TEST(CamaraProvider, TheNumberAsReceiptsShowIt) {
  EXPECT_EQ(CamaraProvider::masked("966501234123"), "+9665\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2" "123");
}

TEST(CamaraClient, AmountsInTheCurrencysUnits) {
  EXPECT_DOUBLE_EQ(camara_amount(150, "SAR"), 1.5);
  EXPECT_DOUBLE_EQ(camara_amount(1500, "KWD"), 1.5);
  EXPECT_DOUBLE_EQ(camara_amount(150, "JPY"), 150);
  EXPECT_EQ(minor_units(14.99, "SAR"), 1499);
  EXPECT_EQ(minor_units(0.1 + 0.2, "EUR"), 30);
}

// The sink's token needs no table: a service on an empty in-memory SQLite database signs it.
class CamaraSinkTest : public ::testing::Test {
 protected:
  void SetUp() override { db_ = db::open(":memory:", 1); }
  std::unique_ptr<db::Database> db_;
  core::SystemClock clock_;
};

TEST_F(CamaraSinkTest, ASinksTokenIsTheTenantsUntilItExpires) {
  PaymentsRepository repository(*db_);
  PaymentsService service(repository, clock_, "server-secret");
  const std::int64_t now = 1'800'000'000;
  const std::string token = camara_sink_token(service, 7, now + 3600);
  EXPECT_TRUE(camara_sink_token_valid(service, 7, token, now));
  EXPECT_FALSE(camara_sink_token_valid(service, 8, token, now)) << "another tenant's";
  EXPECT_FALSE(camara_sink_token_valid(service, 7, token, now + 3600)) << "expired";
  std::string forged = token;
  forged.back() = forged.back() == '0' ? '1' : '0';
  EXPECT_FALSE(camara_sink_token_valid(service, 7, forged, now));
  EXPECT_FALSE(camara_sink_token_valid(service, 7, "v1.7." + std::to_string(now + 7200) + token.substr(token.rfind('.')), now))
      << "a later expiry under the old signature";
  PaymentsService keyless(repository, clock_, "");
  EXPECT_EQ(camara_sink_token(keyless, 7, now + 3600), "") << "no key, no sink";
  EXPECT_FALSE(camara_sink_token_valid(keyless, 7, token, now));
}

}  // namespace
}  // namespace portal::payments
