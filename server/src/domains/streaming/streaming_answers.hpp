#pragma once
// The one place where the errors of streaming and play history meet HTTP
// (docs/contracts.md "Streaming and play history"); the purchases domain's
// refusals passed on are answered by its own mapping.
#include <utility>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/streaming/streaming_errors.hpp"

namespace portal::streaming {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::streaming
