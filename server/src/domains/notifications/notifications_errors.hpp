#pragma once
// The expected failures of notifications, as values; notifications_answers.hpp maps them
// to the one error shape and decides the HTTP status. Nothing here knows HTTP.
#include <boost/system/result.hpp>

#include "core/domain_error.hpp"

namespace portal::notifications {

enum class ErrorCode {
  invalid_field,  // a page parameter out of range: field and reason
  notification_not_found,  // unknown, malformed, or another user's
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::notifications
