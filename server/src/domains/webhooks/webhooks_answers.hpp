#pragma once
// The one place where the webhooks console's errors meet HTTP.
#include "domains/webhooks/webhooks_errors.hpp"
#include "http/error.hpp"
#include "http/respond.hpp"

namespace portal::webhooks {

http::Error http_error(const Error& e);

using http::value_or_throw;

}  // namespace portal::webhooks
