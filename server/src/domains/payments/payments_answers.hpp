#pragma once
// The one place where the payments domain's errors meet HTTP: each as the one
// error shape with its status and code (docs/contracts.md "Subscriptions").
// The domains that charge through payments pass its errors on through this.
#include "http/error.hpp"
#include "domains/payments/payments_errors.hpp"

namespace portal::payments {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

}  // namespace portal::payments
