#include "domains/vouchers/voucher_codes.hpp"

#include <sodium.h>

#include "core/crypto.hpp"

namespace portal::vouchers {

std::string code_from_bytes(const unsigned char (&bytes)[10]) {
  // 80 bits read 5 at a time, most significant first.
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (unsigned char b : bytes) {
    buffer = (buffer << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += kCodeAlphabet[(buffer >> (bits - 5)) & 31u];
      bits -= 5;
    }
  }
  return group_code(out);
}

std::string new_code() {
  unsigned char bytes[10];
  randombytes_buf(bytes, sizeof bytes);
  return code_from_bytes(bytes);
}

std::optional<std::string> normalize_code(std::string_view typed) {
  if (typed.size() > 64) return std::nullopt;
  std::string out;
  for (char c : typed) {
    if (c == '-' || c == ' ' || c == '\t') continue;
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (kCodeAlphabet.find(c) == std::string_view::npos) return std::nullopt;
    out += c;
  }
  if (out.size() != kCodeLength) return std::nullopt;
  return out;
}

std::string group_code(std::string_view normalized) {
  std::string out;
  for (std::size_t i = 0; i < normalized.size(); ++i) {
    if (i > 0 && i % 4 == 0) out += '-';
    out += normalized[i];
  }
  return out;
}

std::string code_hash(std::string_view key, std::string_view normalized) {
  return core::hmac_sha256_hex(key, normalized);
}

}  // namespace portal::vouchers
