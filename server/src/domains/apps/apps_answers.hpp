#pragma once
// The one place where the apps marketplace's errors meet HTTP (docs/decisions.md
// "Apps marketplace").
#include <utility>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/apps/apps_errors.hpp"

namespace portal::apps {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::apps
