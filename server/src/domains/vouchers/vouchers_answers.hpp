#pragma once
// The one place where the vouchers domain's errors meet HTTP: each as the one
// error shape with its status, code and, where the contract has one, the
// voucherStatus in its data (docs/contracts.md "Vouchers and cart").
#include <utility>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/vouchers/vouchers_errors.hpp"

namespace portal::vouchers {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::vouchers
