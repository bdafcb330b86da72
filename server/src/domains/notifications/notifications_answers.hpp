#pragma once
// The one place where notifications' errors meet HTTP (docs/contracts.md
// "Notifications and info services").
#include <utility>

#include "http/error.hpp"
#include "domains/notifications/notifications_errors.hpp"

namespace portal::notifications {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error thrown as http::ErrorException for the pipeline to answer.
template <class T>
T value_or_throw(Result<T>&& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
  return std::move(*r);
}

}  // namespace portal::notifications
