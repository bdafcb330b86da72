#pragma once
// The one place where notifications' errors meet HTTP (docs/contracts.md
// "Notifications and info services").
#include <utility>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/notifications/notifications_errors.hpp"

namespace portal::notifications {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::notifications
