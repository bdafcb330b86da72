#pragma once
// The one place where privacy errors meet HTTP.
#include "http/error.hpp"
#include "domains/privacy/privacy_types.hpp"

namespace portal::privacy {

// 404 CUSTOMER_NOT_FOUND, 403 FRESH_SIGN_IN_REQUIRED, 400 VALIDATION_ERROR.
http::Error http_error(const Error& e);

template <class T>
T value_or_throw(Result<T>&& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
  return std::move(*r);
}
inline void value_or_throw(const Result<void>& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
}

}  // namespace portal::privacy
