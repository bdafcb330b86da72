#include "domains/payments/camara_jwt.hpp"

#include <openssl/bio.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <sodium.h>

#include <boost/json.hpp>
#include <memory>
#include <stdexcept>

namespace portal::payments {
namespace {

struct PkeyFree {
  void operator()(EVP_PKEY* k) const { EVP_PKEY_free(k); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;

bool is_pem(std::string_view secret) { return secret.find("-----BEGIN") != std::string_view::npos; }

Pkey read_key(std::string_view pem) {
  std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())), &BIO_free);
  if (!bio) return nullptr;
  return Pkey(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr));
}

std::string sign_with_key(EVP_PKEY* key, std::string_view data) {
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key) != 1)
    throw std::runtime_error("the CAMARA client key cannot sign");
  std::size_t length = 0;
  const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
  if (EVP_DigestSign(ctx.get(), nullptr, &length, bytes, data.size()) != 1) throw std::runtime_error("signing failed");
  std::string signature(length, '\0');
  if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char*>(signature.data()), &length, bytes, data.size()) != 1)
    throw std::runtime_error("signing failed");
  signature.resize(length);
  if (EVP_PKEY_base_id(key) != EVP_PKEY_EC) return signature;
  // ES256 in a JWT is r || s, 32 bytes each (RFC 7518 §3.4), not OpenSSL's DER.
  const auto* der = reinterpret_cast<const unsigned char*>(signature.data());
  std::unique_ptr<ECDSA_SIG, decltype(&ECDSA_SIG_free)> sig(d2i_ECDSA_SIG(nullptr, &der, static_cast<long>(signature.size())),
                                                             &ECDSA_SIG_free);
  if (!sig) throw std::runtime_error("signing failed");
  std::string raw(64, '\0');
  if (BN_bn2binpad(ECDSA_SIG_get0_r(sig.get()), reinterpret_cast<unsigned char*>(raw.data()), 32) != 32 ||
      BN_bn2binpad(ECDSA_SIG_get0_s(sig.get()), reinterpret_cast<unsigned char*>(raw.data()) + 32, 32) != 32)
    throw std::runtime_error("signing failed");
  return raw;
}

}  // namespace

std::string base64url(std::string_view bytes) {
  std::string out(sodium_base64_encoded_len(bytes.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  out.resize(std::char_traits<char>::length(out.c_str()));
  return out;
}

std::optional<std::string> base64url_decode(std::string_view text) {
  std::string out(text.size(), '\0');
  std::size_t length = 0;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(), text.size(), nullptr,
                        &length, nullptr, sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0)
    return std::nullopt;
  out.resize(length);
  return out;
}

std::string camara_auth_method(std::string_view secret) {
  return is_pem(secret) ? "private_key_jwt" : "client_secret_jwt";
}

bool camara_secret_usable(std::string_view secret) {
  if (!is_pem(secret)) return !secret.empty();
  auto key = read_key(secret);
  if (!key) return false;
  const int type = EVP_PKEY_base_id(key.get());
  if (type == EVP_PKEY_RSA) return EVP_PKEY_get_bits(key.get()) >= 2048;
  if (type != EVP_PKEY_EC) return false;
  char curve[64] = {};
  std::size_t length = 0;
  return EVP_PKEY_get_utf8_string_param(key.get(), "group", curve, sizeof curve, &length) == 1 &&
         std::string_view(curve, length) == "prime256v1";
}

std::string camara_client_assertion(std::string_view client_id, std::string_view secret, std::string_view audience,
                                    std::chrono::system_clock::time_point now, std::string_view jti) {
  const auto iat = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
  std::string alg = "HS256";
  Pkey key;
  if (is_pem(secret)) {
    key = read_key(secret);
    if (!key) throw std::runtime_error("the CAMARA client key is not a PEM private key OpenSSL reads");
    alg = EVP_PKEY_base_id(key.get()) == EVP_PKEY_EC ? "ES256" : "RS256";
  }
  const std::string header = base64url(boost::json::serialize(boost::json::object{{"alg", alg}, {"typ", "JWT"}}));
  const std::string claims = base64url(boost::json::serialize(boost::json::object{
      {"iss", client_id}, {"sub", client_id}, {"aud", audience}, {"iat", iat},
      {"exp", iat + kCamaraAssertionLifetime.count()}, {"jti", jti}}));
  const std::string input = header + "." + claims;
  std::string signature;
  if (key) {
    signature = sign_with_key(key.get(), input);
  } else {
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256_state state;
    crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
    crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(input.data()), input.size());
    crypto_auth_hmacsha256_final(&state, mac);
    signature.assign(reinterpret_cast<const char*>(mac), sizeof mac);
  }
  return input + "." + base64url(signature);
}

}  // namespace portal::payments
