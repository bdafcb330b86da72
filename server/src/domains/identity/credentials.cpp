#include "domains/identity/credentials.hpp"

#include <sodium.h>

#include <array>
#include <atomic>
#include <stdexcept>
#include <vector>

#include "core/ids.hpp"

namespace portal::identity {
namespace {

void ensure_sodium() {
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
  ensure_sodium();
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
  ensure_sodium();
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

namespace {
std::atomic<PasswordHashCost> hash_cost{PasswordHashCost::interactive};
}  // namespace

void set_password_hash_cost(PasswordHashCost cost) { hash_cost = cost; }

std::string hash_password(std::string_view password) {
  ensure_sodium();
  char out[crypto_pwhash_STRBYTES];
  const bool least = hash_cost == PasswordHashCost::least;
  if (crypto_pwhash_str(out, password.data(), password.size(),
                        least ? crypto_pwhash_OPSLIMIT_MIN : crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        least ? crypto_pwhash_MEMLIMIT_MIN : crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    throw std::runtime_error("password hashing ran out of memory");
  return out;
}

bool verify_password(const std::string& hash, std::string_view password) {
  ensure_sodium();
  if (hash.empty()) return false;
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

void verify_dummy_password(std::string_view password) {
  static const std::string dummy = hash_password(core::random_hex(16));
  verify_password(dummy, password);
}

std::string new_secret() { return core::random_hex(32); }

std::string sha256_hex(std::string_view text) {
  ensure_sodium();
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  char hex[crypto_hash_sha256_BYTES * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return hex;
}

}  // namespace portal::identity
