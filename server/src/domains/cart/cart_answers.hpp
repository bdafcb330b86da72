#pragma once
// The one place where the cart's errors meet HTTP (docs/contracts.md "Vouchers
// and cart"); the vouchers domain's errors passed on are answered by its own
// mapping (vouchers_answers.hpp).
#include <utility>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/cart/cart_errors.hpp"

namespace portal::cart {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

// The same result with its error as the one error shape (the hosted checkout page).
template <class T>
http::Result<T> answered(Result<T>&& r) {
  if (!r) return http_error(r.error());
  return std::move(*r);
}

}  // namespace portal::cart
