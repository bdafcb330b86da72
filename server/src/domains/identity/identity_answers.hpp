#pragma once
// The one place where identity's errors meet HTTP (docs/contracts.md
// "Identity"): the API's answers and the hosted pages' statuses.
#include <utility>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/identity/identity_errors.hpp"

namespace portal::identity {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::identity
