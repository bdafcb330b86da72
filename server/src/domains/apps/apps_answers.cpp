#include "domains/apps/apps_answers.hpp"

#include <boost/json.hpp>

namespace portal::apps {

namespace {

// The refused field and why, as an invalid field names them.
boost::json::value field_data(const Error& e) {
  return boost::json::object{{"field", e.field}, {"reason", e.reason}};
}

}  // namespace

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::name_invisible_characters: return {400, "APP_NAME_INVISIBLE_CHARACTERS", e.message, field_data(e)};
    case ErrorCode::name_taken: return {409, "APP_NAME_TAKEN", e.message, field_data(e)};
    case ErrorCode::name_confusable: return {409, "APP_NAME_CONFUSABLE", e.message, field_data(e)};
    case ErrorCode::app_limit_reached: return {409, "APP_LIMIT_REACHED", e.message, nullptr};
    case ErrorCode::app_not_found: return {404, "APP_NOT_FOUND", e.message, nullptr};
    case ErrorCode::app_paused: return {409, "APP_PAUSED", e.message, nullptr};
    case ErrorCode::consent_not_found: return {404, "CONSENT_NOT_FOUND", e.message, nullptr};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::apps
