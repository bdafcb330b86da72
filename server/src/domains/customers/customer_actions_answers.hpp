#pragma once
// The customer actions' own errors in the one error shape with their HTTP status.
#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/customers/customer_actions_errors.hpp"

namespace portal::customers {

http::Error http_error(const ActionError& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::customers
