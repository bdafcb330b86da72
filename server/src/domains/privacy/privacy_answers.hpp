#pragma once
// The one place where privacy errors meet HTTP.
#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/privacy/privacy_types.hpp"

namespace portal::privacy {

// 404 CUSTOMER_NOT_FOUND, 403 FRESH_SIGN_IN_REQUIRED, 400 VALIDATION_ERROR.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;
}  // namespace portal::privacy
