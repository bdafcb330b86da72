#pragma once
// Request text is bytes; answers are JSON and HTML in UTF-8. Text taken from
// a request (a decoded path or query, a form field, a header) is made valid
// before it is kept or echoed: every ill-formed sequence becomes U+FFFD, one
// per maximal subpart, as the WHATWG decoder and Unicode §3.9 do. Without it,
// `/backend/x/%FF%FE` put the bytes FF FE inside a JSON string.
#include <boost/json/value.hpp>
#include <string>
#include <string_view>

namespace portal::http {

bool is_valid_utf8(std::string_view text);
// `text` with each ill-formed sequence replaced by U+FFFD (EF BF BD).
std::string valid_utf8(std::string_view text);
// The longest prefix of valid UTF-8 `text` of at most `max_bytes` that ends
// between two characters (a column's limit never cuts one in half).
std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes);
// Every string and key of `v`, in place; untouched when all are valid.
void make_valid_utf8(boost::json::value& v);

}  // namespace portal::http
