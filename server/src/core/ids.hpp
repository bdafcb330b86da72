#pragma once
// Random identifiers from libsodium's CSPRNG: request ids, UUIDs, tokens.
#include <string>
#include <string_view>

namespace portal::core {

std::string random_hex(std::size_t bytes);
std::string new_request_id();  // 16 hex characters
std::string new_uuid();        // RFC 4122 version 4, lower case
// The same UUID for the same name (RFC 9562 version 8 from the name's SHA-256): an id two instances derive alike,
// e.g. the one refund a taken-over charge gets, so both ask its provider with one idempotency key.
std::string name_uuid(std::string_view name);

}  // namespace portal::core
