#pragma once
// The one place where the purchases domain's errors meet HTTP: each as the one
// error shape with its status and code (docs/contracts.md "Purchases and
// wallet"). The domains that consume through purchases (streaming, games)
// pass its errors on through this.
#include <utility>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/purchases/purchases_errors.hpp"

namespace portal::purchases {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

struct Charged;
// A charge that did not end paid as the error shape with data.url, articleId and purchaseID, like the
// subscriptions API flow (docs/contracts.md): 202 PURCHASE_PENDING, 402 INSUFFICIENT_FUNDS, 490 PAYMENT_DECLINED.
http::Error charge_error(const Charged& c);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

// The same result with its error as the one error shape (callers still on http::Result).
template <class T>
http::Result<T> answered(Result<T>&& r) {
  if (!r) return http_error(r.error());
  return std::move(*r);
}

}  // namespace portal::purchases
