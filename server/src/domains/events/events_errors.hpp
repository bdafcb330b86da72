#pragma once
// The expected failures of events, as values; events_answers.hpp maps them to
// the one error shape and decides the HTTP status. Nothing here knows HTTP.
#include <boost/system/result.hpp>
#include <cstdint>

#include "core/domain_error.hpp"

namespace portal::events {

enum class ErrorCode {
  invalid_field,      // name (length, characters) or body (size): field and reason
  too_many_requests,  // this client sent more than kClientEventsPerMinute: retry_after
};

struct ErrorDetails {
  std::int64_t retry_after = 0;  // too_many_requests: seconds until the client's window ends
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field, ErrorDetails>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::events
