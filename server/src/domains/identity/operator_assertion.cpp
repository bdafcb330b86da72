#include "domains/identity/operator_assertion.hpp"

#include <charconv>
#include <vector>

#include "core/crypto.hpp"

namespace portal::identity {
namespace {

std::string signed_text(std::string_view tenant, std::string_view msisdn, std::string_view expires,
                        std::string_view nonce) {
  std::string text;
  text.append(tenant).append("|").append(msisdn).append("|").append(expires).append("|").append(nonce);
  return text;
}

bool all_of(std::string_view s, bool (*ok)(char)) {
  for (char c : s)
    if (!ok(c)) return false;
  return !s.empty();
}
bool digit(char c) { return c >= '0' && c <= '9'; }
bool nonce_char(char c) { return digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_'; }
bool hex_char(char c) { return digit(c) || (c >= 'a' && c <= 'f'); }

}  // namespace

std::string sign_operator_assertion(std::string_view secret, std::string_view tenant, std::string_view msisdn,
                                    std::int64_t expires_unix, std::string_view nonce) {
  const std::string expires = std::to_string(expires_unix);
  return "v1." + std::string(msisdn) + "." + expires + "." + std::string(nonce) + "." +
         core::hmac_sha256_hex(secret, signed_text(tenant, msisdn, expires, nonce));
}

std::optional<std::string> verify_operator_assertion(std::string_view secret, std::string_view tenant,
                                                     std::string_view cookie, std::int64_t now_unix) {
  if (secret.empty() || cookie.size() > 256) return std::nullopt;
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const auto dot = cookie.find('.', start);
    parts.push_back(cookie.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  if (parts.size() != 5 || parts[0] != "v1") return std::nullopt;
  const auto msisdn = parts[1], expires = parts[2], nonce = parts[3], mac = parts[4];
  if (msisdn.size() < 6 || msisdn.size() > 15 || !all_of(msisdn, digit)) return std::nullopt;
  if (expires.size() > 12 || !all_of(expires, digit)) return std::nullopt;
  if (nonce.size() < 16 || nonce.size() > 64 || !all_of(nonce, nonce_char)) return std::nullopt;
  if (mac.size() != 64 || !all_of(mac, hex_char)) return std::nullopt;
  const std::string expected = core::hmac_sha256_hex(secret, signed_text(tenant, msisdn, expires, nonce));
  if (!core::equal_constant_time(expected, mac)) return std::nullopt;
  std::int64_t expires_unix = 0;
  std::from_chars(expires.data(), expires.data() + expires.size(), expires_unix);
  if (expires_unix <= now_unix || expires_unix - now_unix > kMaxOperatorAssertionLifetime) return std::nullopt;
  return std::string(msisdn);
}

}  // namespace portal::identity
