#pragma once
// The customer actions' own errors in the one error shape with their HTTP status.
#include "http/error.hpp"
#include "domains/customers/customer_actions_errors.hpp"

namespace portal::customers {

http::Error http_error(const ActionError& e);

template <class T>
T value_or_throw(ActionResult<T>&& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
  return std::move(*r);
}

}  // namespace portal::customers
