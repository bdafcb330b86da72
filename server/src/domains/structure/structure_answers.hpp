#pragma once
// The one place where the structure call's errors (structure_errors.hpp) meet
// HTTP: their status, code and data.
#include "http/error.hpp"
#include "domains/structure/structure_errors.hpp"

namespace portal::structure {

// 400 VALIDATION_ERROR (field, reason), 404 STRUCTURE_NOT_FOUND, 504 GATEWAY_TIMEOUT.
http::Error http_error(const Error& e);

}  // namespace portal::structure
