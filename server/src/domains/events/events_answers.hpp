#pragma once
// The one place where the errors of events meet HTTP.
#include <utility>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/events/events_errors.hpp"

namespace portal::events {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::events
