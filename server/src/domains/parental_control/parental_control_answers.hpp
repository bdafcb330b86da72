#pragma once
// The one place where parental control's errors meet HTTP (docs/contracts.md
// "Parental control").
#include <utility>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/parental_control/parental_control_errors.hpp"

namespace portal::parental_control {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::parental_control
