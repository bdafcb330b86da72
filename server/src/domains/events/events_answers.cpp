#include "domains/events/events_answers.hpp"

namespace portal::events {

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::too_many_requests:
      return {429, "TOO_MANY_REQUESTS", e.message, boost::json::object{{"retryAfter", e.retry_after}}};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::events
