#include "core/crypto.hpp"

#include <sodium.h>

#include <array>
#include <stdexcept>
#include <vector>

namespace portal::core {
namespace {

void init_sodium() {
  static const bool ok = sodium_init() >= 0;
  if (!ok) throw std::runtime_error("libsodium failed to initialise");
}

// The 32-byte box key of a secret: HMAC-SHA256(secret, purpose).
std::array<unsigned char, crypto_secretbox_KEYBYTES> box_key(std::string_view secret) {
  static_assert(crypto_secretbox_KEYBYTES == crypto_auth_hmacsha256_BYTES);
  constexpr std::string_view kPurpose = "portal-seal-v1";
  std::array<unsigned char, crypto_secretbox_KEYBYTES> key{};
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(kPurpose.data()), kPurpose.size());
  crypto_auth_hmacsha256_final(&state, key.data());
  return key;
}

}  // namespace

std::string seal_with(std::string_view secret, std::string_view plaintext) {
  init_sodium();
  const auto key = box_key(secret);
  std::vector<unsigned char> box(crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES + plaintext.size());
  randombytes_buf(box.data(), crypto_secretbox_NONCEBYTES);
  crypto_secretbox_easy(box.data() + crypto_secretbox_NONCEBYTES, reinterpret_cast<const unsigned char*>(plaintext.data()),
                        plaintext.size(), box.data(), key.data());
  std::string hex(box.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), box.data(), box.size());
  hex.pop_back();
  return hex;
}

std::optional<std::string> open_sealed(std::string_view secret, std::string_view box_hex) {
  init_sodium();
  std::vector<unsigned char> box(box_hex.size() / 2);
  std::size_t length = 0;
  if (box_hex.size() % 2 != 0 ||
      sodium_hex2bin(box.data(), box.size(), box_hex.data(), box_hex.size(), nullptr, &length, nullptr) != 0 ||
      length != box.size() || length < crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES)
    return std::nullopt;
  const auto key = box_key(secret);
  std::string plain(length - crypto_secretbox_NONCEBYTES - crypto_secretbox_MACBYTES, '\0');
  if (crypto_secretbox_open_easy(reinterpret_cast<unsigned char*>(plain.data()), box.data() + crypto_secretbox_NONCEBYTES,
                                 length - crypto_secretbox_NONCEBYTES, box.data(), key.data()) != 0)
    return std::nullopt;
  return plain;
}


std::string hmac_sha256_hex(std::string_view key, std::string_view message) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(key.data()), key.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(message.data()), message.size());
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_final(&state, mac);
  char hex[sizeof mac * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
  return hex;
}

bool equal_constant_time(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  return a.empty() || sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string strong_etag(std::string_view body) {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium failed to initialise");
  unsigned char digest[16];
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(body.data()), body.size(), nullptr, 0);
  char hex[2 * sizeof digest + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return "\"" + std::string(hex) + "\"";
}

}  // namespace portal::core
