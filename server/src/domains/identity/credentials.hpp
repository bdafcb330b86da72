#pragma once
// Passwords (argon2id through libsodium's crypto_pwhash_str, interactive
// limits) and opaque secrets (random, stored only as SHA-256 hex).
// Hashing a password takes tens of milliseconds and 64 MiB: call it on the
// database pool, never on an I/O thread.
#include <optional>
#include <string>
#include <string_view>

#include "core/crypto.hpp"

namespace portal::identity {

// The cost of new hashes: libsodium's interactive limits, or its least for test suites (the dev
// stage's --test-cheap-password-hashes). Set once at start-up, before any hash; a verification reads
// the cost from the stored hash, so every hash verifies alike.
enum class PasswordHashCost { interactive, least };
void set_password_hash_cost(PasswordHashCost cost);

std::string hash_password(std::string_view password);
bool verify_password(const std::string& hash, std::string_view password);
// Spends the same work as a real verification: a sign-in for an unknown
// e-mail takes as long as one for a known e-mail.
void verify_dummy_password(std::string_view password);

std::string new_secret();                 // 64 hex characters (256 bits)
std::string sha256_hex(std::string_view text);

// Sealed boxes (core/crypto.hpp): the refresh grace keeps its successor pair sealed with the old token.
using core::open_sealed;
using core::seal_with;

}  // namespace portal::identity
