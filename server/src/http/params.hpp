#pragma once
// Ids in paths, queries and bodies: one parser, one idea of what an id is.
#include <cstdint>
#include <optional>
#include <string_view>

namespace portal::http {

// A positive id written as plain decimal digits ("102"); nullopt for anything
// else: empty, signs, spaces, other characters, 0, or more than int64 holds.
std::optional<std::int64_t> parse_id(std::string_view text);

// An id exactly as the portal writes one: parse_id without leading zeros ("01" is not 1). For addresses the
// portal gave out and others call (a payment provider's webhook URL), where one id has one spelling.
std::optional<std::int64_t> parse_canonical_id(std::string_view text);

// text as an id, else 404 `code` ("<what> '<text>' not found"): a path whose id
// cannot exist names nothing.
std::int64_t id_or_404(std::string_view text, std::string_view code, std::string_view what);

// text as an id, else 400 VALIDATION_ERROR naming field (a query or body value).
std::int64_t id_or_400(std::string_view text, std::string_view field);

}  // namespace portal::http
