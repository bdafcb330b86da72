#pragma once
// The one place where the errors of likes and ratings meet HTTP
// (docs/contracts.md "Likes and ratings").
#include <utility>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/engagement/engagement_errors.hpp"

namespace portal::engagement {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::engagement
