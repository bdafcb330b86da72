#include "core/ids.hpp"

#include <sodium.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <vector>

namespace portal::core {
namespace {

void ensure_sodium() {
  static const bool ok = sodium_init() >= 0;
  if (!ok) throw std::runtime_error("libsodium failed to initialise");
}

std::string to_hex(const unsigned char* data, std::size_t n) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out(n * 2, '0');
  for (std::size_t i = 0; i < n; ++i) {
    out[2 * i] = digits[data[i] >> 4];
    out[2 * i + 1] = digits[data[i] & 0x0f];
  }
  return out;
}

}  // namespace

std::string random_hex(std::size_t bytes) {
  ensure_sodium();
  std::vector<unsigned char> buf(bytes);
  randombytes_buf(buf.data(), buf.size());
  return to_hex(buf.data(), buf.size());
}

// Request ids need to be unique, not secret: a per-thread random prefix and
// a counter avoid a getrandom() call on every request.
std::string new_request_id() {
  thread_local const std::string prefix = random_hex(4);
  thread_local std::uint32_t counter = 0;
  static constexpr char digits[] = "0123456789abcdef";
  std::string id(16, '0');
  prefix.copy(id.data(), 8);
  for (std::uint32_t n = ++counter, i = 16; i > 8; n >>= 4) id[--i] = digits[n & 0x0f];  // %08x, by hand
  return id;
}

namespace {

std::string uuid_text(std::array<unsigned char, 16> b, unsigned char version) {
  b[6] = static_cast<unsigned char>((b[6] & 0x0f) | (version << 4));
  b[8] = static_cast<unsigned char>((b[8] & 0x3f) | 0x80);
  const std::string h = to_hex(b.data(), b.size());
  return h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" + h.substr(16, 4) + "-" + h.substr(20);
}

}  // namespace

std::string new_uuid() {
  ensure_sodium();
  std::array<unsigned char, 16> b{};
  randombytes_buf(b.data(), b.size());
  return uuid_text(b, 4);
}

std::string name_uuid(std::string_view name) {
  ensure_sodium();
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(name.data()), name.size());
  std::array<unsigned char, 16> b{};
  std::copy_n(digest.begin(), b.size(), b.begin());
  return uuid_text(b, 8);
}

}  // namespace portal::core
