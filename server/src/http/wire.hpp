#pragma once
// The bytes of a response head (status line, fields, blank line) as Beast's
// serializer writes them, into one reusable string: the session sends it with
// the body in one gather write instead of walking Beast's buffer sequences.
#include <string>

#include "http/context.hpp"

namespace portal::http {

// Replaces `out` with the head of `res`; `out` keeps its capacity between calls.
void write_head(const Response& res, std::string& out);

}  // namespace portal::http
