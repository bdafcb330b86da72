#pragma once
// The one error value of the portal. Services return it inside Result<T> for
// expected failures (bad input, missing rows, conflicts); http/error_response
// turns it into the JSON error shape {"status","error","message","data"}.
// Exceptions are kept for broken infrastructure (database gone, disk full).
#include <boost/json/value.hpp>
#include <boost/system/result.hpp>
#include <string>
#include <string_view>

namespace portal::http {

struct Error {
  int status = 500;            // HTTP status the boundary answers with
  std::string code;            // spec code, e.g. "NOT_FOUND", "USER_ALREADY_SUBSCRIBED"
  std::string message;         // human readable, English, safe to show
  boost::json::value data;     // null, or details such as {"field":"email","reason":"..."}

  static Error bad_request(std::string message, boost::json::value data = nullptr);
  // A field of the input failed validation: 400 VALIDATION_ERROR naming field and reason.
  static Error invalid_field(std::string field, std::string reason);
  static Error unauthorized(std::string message = "Authentication required");
  static Error forbidden(std::string message = "Forbidden");
  static Error not_found(std::string code, std::string message);
  static Error conflict(std::string code, std::string message);
  static Error unprocessable(std::string code, std::string message);

  // The same error with context put before its message ("catalog.json: ...").
  Error prefixed(std::string_view prefix) const {
    Error e = *this;
    e.message.insert(0, prefix);
    return e;
  }
};

template <class T>
using Result = boost::system::result<T, Error>;

// boost::system::result<T, Error>::value() on an error throws through this.
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

// Thrown by code paths that cannot return a Result (e.g. a handler that parses
// a body); caught at the HTTP boundary and answered like a returned Error.
struct ErrorException : std::exception {
  Error error;
  explicit ErrorException(Error e) : error(std::move(e)) {}
  const char* what() const noexcept override { return error.message.c_str(); }
};

}  // namespace portal::http
