#pragma once
// The one place where identity's errors meet HTTP (docs/contracts.md
// "Identity"): the API's answers and the hosted pages' statuses.
#include <utility>

#include "http/error.hpp"
#include "domains/identity/identity_errors.hpp"

namespace portal::identity {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error thrown as http::ErrorException for the pipeline to answer.
template <class T>
T value_or_throw(Result<T>&& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
  return std::move(*r);
}

template <class T>
const T& value_or_throw(const Result<T>& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
  return *r;
}

inline void value_or_throw(const Result<void>& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
}

}  // namespace portal::identity
