#pragma once
// The one place where the errors of streaming and play history meet HTTP
// (docs/contracts.md "Streaming and play history"); the purchases domain's
// refusals passed on are answered by its own mapping.
#include <utility>

#include "http/error.hpp"
#include "domains/streaming/streaming_errors.hpp"

namespace portal::streaming {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error thrown as http::ErrorException for the pipeline to answer.
template <class T>
T value_or_throw(Result<T>&& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
  return std::move(*r);
}

inline void value_or_throw(const Result<void>& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
}

}  // namespace portal::streaming
