#pragma once
// Keyed hashes and comparisons for signed values (operator assertions, form
// tokens): HMAC-SHA256 through libsodium, compared in constant time; the
// strong ETag of an answer's bytes.
#include <optional>
#include <string>
#include <string_view>

namespace portal::core {

// Lower-case hex of HMAC-SHA256(key, message).
std::string hmac_sha256_hex(std::string_view key, std::string_view message);
// a == b without an early exit (no timing hint of how much matched).
bool equal_constant_time(std::string_view a, std::string_view b);

// "\"<32 hex digits>\"": BLAKE2b-128 (crypto_generichash) of body, quoted: a
// strong ETag, stable across builds and machines, so instances agree on it.
std::string strong_etag(std::string_view body);

// Authenticated encryption (XSalsa20-Poly1305) under a key derived from
// `secret` (HMAC-SHA256(secret, "portal-seal-v1")): only a holder of the
// secret can open the box, and the database holding it cannot. The box is hex
// (nonce then ciphertext); open_sealed answers nullopt for a wrong secret or
// a damaged box. Refresh grace pairs, staff TOTP secrets, payment providers' keys.
std::string seal_with(std::string_view secret, std::string_view plaintext);
std::optional<std::string> open_sealed(std::string_view secret, std::string_view box_hex);

}  // namespace portal::core
