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

}  // namespace

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
