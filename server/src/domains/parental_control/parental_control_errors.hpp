#pragma once
// The expected failures of parental control, as values: a code of the domain
// and the details a client needs (the field, attempts left before the lock,
// how long to wait). parental_control_answers.hpp maps them to the one error
// shape and decides the HTTP status; nothing here knows HTTP.
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>

#include "core/domain_error.hpp"

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

// What a parental control error carries beyond code, message, field and
// reason (the field names the input for invalid_field, password_wrong and
// reset_code_invalid).
struct ErrorDetails {
  std::optional<std::int64_t> attempts_left;  // password_wrong, reset_code_invalid
  std::optional<std::int64_t> retry_after;    // too_many_attempts, too_many_mails: seconds
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field, ErrorDetails>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::parental_control
