#pragma once
// The expected failures of parental control, as values: a code of the domain
// and the details a client needs (the field, attempts left before the lock,
// how long to wait). parental_control_answers.hpp maps them to the one error
// shape and decides the HTTP status; nothing here knows HTTP.
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>
#include <string>

namespace portal::parental_control {

enum class ErrorCode {
  invalid_field,       // password, currentPassword, maxAgeGroup, randomCode: field and reason
  not_configured,      // the account has no parental control
  already_exists,      // set up by a concurrent call
  password_wrong,      // field (password or currentPassword), reason, attempts_left
  too_many_attempts,   // locked after wrong passwords or codes: retry_after
  no_email,            // no address to mail the reset code to
  too_many_mails,      // kResetMailsPerHour reached: retry_after
  reset_code_invalid,  // field randomCode, reason, attempts_left
};

struct Error {
  ErrorCode code = ErrorCode::invalid_field;
  std::string message;  // English, for developers
  std::string field;    // invalid_field, password_wrong, reset_code_invalid: which input
  std::string reason;   // and what is wrong with it
  std::optional<std::int64_t> attempts_left;  // password_wrong, reset_code_invalid
  std::optional<std::int64_t> retry_after;    // too_many_attempts, too_many_mails: seconds

  static Error of(ErrorCode code, std::string message) {
    Error e;
    e.code = code;
    e.message = std::move(message);
    return e;
  }
  static Error invalid(std::string field, std::string reason) {
    Error e = of(ErrorCode::invalid_field, field + ": " + reason);
    e.field = std::move(field);
    e.reason = std::move(reason);
    return e;
  }
  // A refusal that names the input it refused (a wrong password or code).
  static Error refused(ErrorCode code, std::string message, std::string field, std::string reason) {
    Error e = of(code, std::move(message));
    e.field = std::move(field);
    e.reason = std::move(reason);
    return e;
  }
};

// boost::system::result<T>::value() on an error throws through this.
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::parental_control
