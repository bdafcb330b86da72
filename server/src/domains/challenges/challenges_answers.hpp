#pragma once
// The one place where challenges' errors meet HTTP (docs/contracts.md
// "Challenges and rewards").
#include <utility>

#include "http/error.hpp"
#include "domains/challenges/challenges_errors.hpp"

namespace portal::challenges {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error thrown as http::ErrorException for the pipeline to answer.
template <class T>
T value_or_throw(Result<T>&& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
  return std::move(*r);
}

}  // namespace portal::challenges
