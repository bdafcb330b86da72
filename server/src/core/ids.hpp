#pragma once
// Random identifiers from libsodium's CSPRNG: request ids, UUIDs, tokens.
#include <string>

namespace portal::core {

std::string random_hex(std::size_t bytes);
std::string new_request_id();  // 16 hex characters
std::string new_uuid();        // RFC 4122 version 4, lower case

}  // namespace portal::core
