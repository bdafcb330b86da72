#pragma once
// The one place where the wallet's errors meet HTTP (docs/contracts.md
// "Purchases and wallet").
#include <utility>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/wallet/wallet_errors.hpp"

namespace portal::wallet {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::wallet
