#pragma once
// The expected failures of identity, as values: a code of the domain and the
// details a client needs (the field, how long to wait). identity_answers.hpp
// maps them to the one error shape and decides the HTTP status; nothing here
// knows HTTP.
#include <boost/system/result.hpp>
#include <cstdint>

#include "core/domain_error.hpp"

namespace portal::identity {

enum class ErrorCode {
  invalid_field,           // a field of the input: field and reason
  invalid_credentials,     // e-mail or password wrong (never saying whether the e-mail exists)
  invalid_code,            // a one-time code unknown, used, expired or for another redirect URL
  reset_session_invalid,   // a password-reset link unknown, expired or used
  link_invalid,            // a confirmation link unknown, expired or used
  unauthorized,            // a token, session, assertion or user that is not (or no longer) valid
  current_password_wrong,  // field currentPassword, reason
  email_already_used,      // a confirmation link finds its address taken
  user_not_found,          // support: no such user in the tenant
  no_email,                // support: the user has no verified e-mail address to mail
  too_many_attempts,       // failed sign-ins: retry_after
  too_many_requests,       // registrations or reset mails: retry_after
  partner_not_set,         // partner sign-in options: the tenant names no partner address
  partner_unavailable,     // partner sign-in options: the partner could not be asked, or answered outside the contract
};

// What an identity error carries beyond code, message, field and reason.
struct ErrorDetails {
  std::int64_t retry_after = 0;  // too_many_attempts, too_many_requests: seconds (at least 1)
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field, ErrorDetails>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::identity
