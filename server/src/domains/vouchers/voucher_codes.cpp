#include "domains/vouchers/voucher_codes.hpp"

#include <sodium.h>

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "core/crypto.hpp"
#include "core/text.hpp"

namespace portal::vouchers {

std::string code_from_bytes(const unsigned char (&bytes)[10]) {
  // The 80-bit number, divided by the alphabet's size 16 times: its last 16 digits in that base, most significant
  // first (26^16 < 2^80, so the digits are near uniform for uniform bytes; the seed needs no more).
  unsigned char number[10];
  std::copy(std::begin(bytes), std::end(bytes), std::begin(number));
  const unsigned base = static_cast<unsigned>(kCodeAlphabet.size());
  std::string out(kCodeLength, ' ');
  for (std::size_t i = kCodeLength; i-- > 0;) {
    unsigned remainder = 0;
    for (auto& b : number) {
      const unsigned value = (remainder << 8) | b;
      b = static_cast<unsigned char>(value / base);
      remainder = value % base;
    }
    out[i] = kCodeAlphabet[remainder];
  }
  return group_code(out);
}

std::string new_code() {
  std::string out(kCodeLength, ' ');
  for (auto& c : out) c = kCodeAlphabet[randombytes_uniform(static_cast<std::uint32_t>(kCodeAlphabet.size()))];
  return group_code(out);
}

std::optional<std::string> normalize_code(std::string_view typed) {
  if (typed.size() > 64) return std::nullopt;
  std::string out;
  for (char c : core::upper(typed)) {
    if (c == '-' || c == ' ' || c == '\t') continue;
    if (kReadAlphabet.find(c) == std::string_view::npos) return std::nullopt;
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
