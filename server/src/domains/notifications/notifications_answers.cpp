#include "domains/notifications/notifications_answers.hpp"

namespace portal::notifications {

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::notification_not_found: return {404, "NOTIFICATION_NOT_FOUND", e.message, nullptr};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::notifications
