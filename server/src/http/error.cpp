#include "http/error.hpp"

namespace portal::http {

Error Error::bad_request(std::string message, boost::json::value data) {
  return {400, "BAD_REQUEST", std::move(message), std::move(data)};
}

Error Error::invalid_field(std::string field, std::string reason) {
  std::string message = field + ": " + reason;
  return {400, "VALIDATION_ERROR", std::move(message),
          boost::json::object{{"field", std::move(field)}, {"reason", std::move(reason)}}};
}

Error Error::unauthorized(std::string message) { return {401, "UNAUTHORIZED", std::move(message), nullptr}; }
Error Error::forbidden(std::string message) { return {403, "FORBIDDEN", std::move(message), nullptr}; }
Error Error::not_found(std::string code, std::string message) { return {404, std::move(code), std::move(message), nullptr}; }
Error Error::conflict(std::string code, std::string message) { return {409, std::move(code), std::move(message), nullptr}; }
Error Error::unprocessable(std::string code, std::string message) { return {422, std::move(code), std::move(message), nullptr}; }

void throw_exception_from_error(const Error& e, const boost::source_location&) { throw ErrorException(e); }

}  // namespace portal::http
