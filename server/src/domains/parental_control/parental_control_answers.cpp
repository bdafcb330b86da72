#include "domains/parental_control/parental_control_answers.hpp"

#include <boost/json.hpp>

namespace portal::parental_control {
namespace json = boost::json;

namespace {

// The refused input, why, and the attempts left before the lock.
json::value refused_data(const Error& e) {
  json::object data{{"field", e.field}, {"reason", e.reason}};
  if (e.attempts_left) data["attemptsLeft"] = *e.attempts_left;
  return data;
}

json::value retry_data(const Error& e) { return json::object{{"retryAfter", e.retry_after.value_or(1)}}; }

}  // namespace

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::not_configured: return {404, "PARENTAL_CONTROL_NOT_FOUND", e.message, nullptr};
    case ErrorCode::already_exists: return {409, "PARENTAL_CONTROL_EXISTS", e.message, nullptr};
    case ErrorCode::password_wrong: return {403, "PARENTAL_PASSWORD_WRONG", e.message, refused_data(e)};
    case ErrorCode::too_many_attempts: return {429, "TOO_MANY_ATTEMPTS", e.message, retry_data(e)};
    case ErrorCode::no_email: return {409, "NO_EMAIL", e.message, nullptr};
    case ErrorCode::too_many_mails: return {429, "TOO_MANY_REQUESTS", e.message, retry_data(e)};
    case ErrorCode::reset_code_invalid: return {400, "RESET_CODE_INVALID", e.message, refused_data(e)};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::parental_control
