#pragma once
// The expected failures of the webhooks console, as values; webhooks_answers.cpp maps them to the error shape.
#include <boost/system/result.hpp>

#include "core/domain_error.hpp"

namespace portal::webhooks {

enum class ErrorCode {
  invalid_field,       // url, description or events: field and reason
  endpoint_not_found,
  delivery_not_found,
  too_many_endpoints,  // kMaxEndpoints per tenant
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::webhooks
