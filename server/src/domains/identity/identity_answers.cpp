#include "domains/identity/identity_answers.hpp"

#include <boost/json.hpp>

namespace portal::identity {

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::invalid_credentials: return {400, "INVALID_CREDENTIALS", e.message, nullptr};
    case ErrorCode::invalid_code: return {400, "INVALID_CODE", e.message, nullptr};
    case ErrorCode::reset_session_invalid: return {400, "RESET_SESSION_INVALID", e.message, nullptr};
    case ErrorCode::link_invalid: return {400, "LINK_INVALID", e.message, nullptr};
    case ErrorCode::unauthorized: return http::Error::unauthorized(e.message);
    case ErrorCode::current_password_wrong:
      return {403, "CURRENT_PASSWORD_WRONG", e.message, boost::json::object{{"field", e.field}, {"reason", e.reason}}};
    case ErrorCode::user_not_found: return {404, "USER_NOT_FOUND", e.message, nullptr};
    case ErrorCode::email_already_used: return {409, "EMAIL_ALREADY_USED", e.message, nullptr};
    case ErrorCode::no_email: return {409, "NO_EMAIL", e.message, nullptr};
    case ErrorCode::too_many_attempts:
      return {429, "TOO_MANY_ATTEMPTS", e.message, boost::json::object{{"retryAfter", e.retry_after}}};
    case ErrorCode::too_many_requests:
      return {429, "TOO_MANY_REQUESTS", e.message, boost::json::object{{"retryAfter", e.retry_after}}};
    case ErrorCode::partner_not_set: return {404, "PARTNER_LOGIN_OPTIONS_NOT_SET", e.message, nullptr};
    case ErrorCode::partner_unavailable: return {502, "PARTNER_UNAVAILABLE", e.message, nullptr};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::identity
