#pragma once
// The one place where parental control's errors meet HTTP (docs/contracts.md
// "Parental control").
#include <utility>

#include "http/error.hpp"
#include "domains/parental_control/parental_control_errors.hpp"

namespace portal::parental_control {

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

}  // namespace portal::parental_control
