#pragma once
// The one place where the errors of likes and ratings meet HTTP
// (docs/contracts.md "Likes and ratings").
#include <utility>

#include "http/error.hpp"
#include "domains/engagement/engagement_errors.hpp"

namespace portal::engagement {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error thrown as http::ErrorException for the pipeline to answer.
template <class T>
T value_or_throw(Result<T>&& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
  return std::move(*r);
}

}  // namespace portal::engagement
