#include "domains/staff/totp.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <sodium.h>

#include <array>
#include <boost/url/encode.hpp>
#include <boost/url/rfc/unreserved_chars.hpp>

#include "core/crypto.hpp"
#include "core/text.hpp"

namespace portal::staff {

namespace {
constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

std::string uri_part(std::string_view s) { return boost::urls::encode(s, boost::urls::unreserved_chars); }
}  // namespace

std::string base32_encode(std::string_view bytes) {
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (unsigned char c : bytes) {
    buffer = (buffer << 8) | c;
    bits += 8;
    while (bits >= 5) {
      out += kAlphabet[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += kAlphabet[(buffer << (5 - bits)) & 31];
  return out;
}

std::optional<std::string> base32_decode(std::string_view text) {
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (char c : core::upper(text)) {
    if (c == ' ' || c == '=' || c == '-') continue;
    const auto at = kAlphabet.find(c);
    if (at == std::string_view::npos) return std::nullopt;
    buffer = (buffer << 5) | static_cast<std::uint32_t>(at);
    bits += 5;
    if (bits >= 8) {
      out += static_cast<char>((buffer >> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return out;
}

std::string hotp(std::string_view key, std::uint64_t counter, int digits) {
  std::array<unsigned char, 8> message{};
  for (int i = 7; i >= 0; --i) {
    message[static_cast<std::size_t>(i)] = static_cast<unsigned char>(counter & 0xff);
    counter >>= 8;
  }
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha1(), key.data(), static_cast<int>(key.size()), message.data(), message.size(), mac, &length);
  const int offset = mac[length - 1] & 0x0f;
  const std::uint32_t binary = (static_cast<std::uint32_t>(mac[offset] & 0x7f) << 24) |
                               (static_cast<std::uint32_t>(mac[offset + 1]) << 16) |
                               (static_cast<std::uint32_t>(mac[offset + 2]) << 8) |
                               static_cast<std::uint32_t>(mac[offset + 3]);
  std::uint32_t modulus = 1;
  for (int i = 0; i < digits; ++i) modulus *= 10;
  std::string code = std::to_string(binary % modulus);
  return std::string(static_cast<std::size_t>(digits) - code.size(), '0') + code;
}

std::string new_totp_secret() {
  std::array<unsigned char, 20> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  return base32_encode(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

std::optional<std::int64_t> verify_totp(std::string_view secret_base32, std::string_view code, std::int64_t unix_seconds,
                                        std::int64_t last_step) {
  if (code.size() != 6) return std::nullopt;
  for (char c : code)
    if (c < '0' || c > '9') return std::nullopt;
  const auto key = base32_decode(secret_base32);
  if (!key || key->empty()) return std::nullopt;
  const std::int64_t now = totp_step(unix_seconds);
  std::optional<std::int64_t> found;
  for (std::int64_t step = now - 1; step <= now + 1; ++step) {  // every candidate computed: no early exit
    const bool same = core::equal_constant_time(hotp(*key, static_cast<std::uint64_t>(step)), code);
    if (same && step > last_step && !found) found = step;
  }
  return found;
}

std::string otpauth_uri(std::string_view issuer, std::string_view account, std::string_view secret_base32) {
  return "otpauth://totp/" + uri_part(issuer) + ":" + uri_part(account) + "?secret=" + std::string(secret_base32) +
         "&issuer=" + uri_part(issuer) + "&algorithm=SHA1&digits=6&period=30";
}

}  // namespace portal::staff
