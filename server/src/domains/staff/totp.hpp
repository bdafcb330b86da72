#pragma once
// Time-based one-time passwords, RFC 6238 over RFC 4226: HMAC-SHA1 of the
// 30-second step counter, dynamically truncated to 6 digits (HMAC-SHA1 from
// OpenSSL, which the build links). Secrets travel in base32 (RFC 4648, no
// padding), the form authenticator apps and `oathtool --totp -b` take.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace portal::staff {

inline constexpr std::int64_t kTotpStepSeconds = 30;

std::string base32_encode(std::string_view bytes);
// nullopt on a character outside A-Z2-7 (case, spaces and '=' are forgiven).
std::optional<std::string> base32_decode(std::string_view text);

// RFC 4226 HOTP of `counter` under `key`, `digits` long (zero-padded).
std::string hotp(std::string_view key, std::uint64_t counter, int digits = 6);
// The step of a Unix time.
inline std::int64_t totp_step(std::int64_t unix_seconds) { return unix_seconds / kTotpStepSeconds; }

// A fresh secret of 20 random bytes, base32 (32 characters).
std::string new_totp_secret();

// The step `code` belongs to, among now's step and one either side (clock
// drift), provided it is later than `last_step` (a code is good once);
// nullopt otherwise. Compared in constant time.
std::optional<std::int64_t> verify_totp(std::string_view secret_base32, std::string_view code, std::int64_t unix_seconds,
                                        std::int64_t last_step);

// otpauth://totp/<issuer>:<account>?secret=...&issuer=...&algorithm=SHA1&digits=6&period=30
std::string otpauth_uri(std::string_view issuer, std::string_view account, std::string_view secret_base32);

}  // namespace portal::staff
