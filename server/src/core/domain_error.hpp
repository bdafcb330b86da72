#pragma once
// The error of a domain: a code of its own enum, an English message and, for a
// field of the input, the field and the reason. A domain declares only its
// codes and, when its errors carry more (how long to wait, which article,
// another domain's refusal passed on), a Details struct the error derives
// from:
//
//   enum class ErrorCode { invalid_field, too_many_attempts, ... };
//   struct ErrorDetails { std::optional<std::int64_t> retry_after; };
//   using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field, ErrorDetails>;
//
// The domain's <d>_answers.cpp maps it to the one error shape and its HTTP
// status; nothing here knows HTTP.
#include <boost/system/result.hpp>
#include <stdexcept>
#include <string>
#include <utility>

namespace portal::core {

// The details of a domain whose errors need nothing beyond code, message, field and reason.
struct NoErrorDetails {};

template <class Code, Code kInvalidField, class Details = NoErrorDetails>
struct DomainError : Details {
  Code code = kInvalidField;
  std::string message;  // English, for developers
  std::string field;    // kInvalidField (and the refusals that name an input): which input
  std::string reason;   // and what is wrong with it

  static DomainError of(Code code, std::string message) {
    DomainError e;
    e.code = code;
    e.message = std::move(message);
    return e;
  }
  static DomainError invalid(std::string field, std::string reason) {
    DomainError e = of(kInvalidField, field + ": " + reason);
    e.field = std::move(field);
    e.reason = std::move(reason);
    return e;
  }
  // A refusal of its own code that names the input it refused (a wrong password, a length passed).
  static DomainError refused(Code code, std::string message, std::string field, std::string reason) {
    DomainError e = of(code, std::move(message));
    e.field = std::move(field);
    e.reason = std::move(reason);
    return e;
  }
  // Another domain's refusal passed on under `code`: kept whole in the
  // details' member `slot`, for the answers file to answer it as that domain does.
  template <class Other>
  static DomainError passed_on(Code code, Other other, Other Details::*slot) {
    DomainError e = of(code, other.message);
    e.*slot = std::move(other);
    return e;
  }
};

// boost::system::result<T>::value() on an error throws through this: a caller
// that did not look at the result (a bug).
template <class Code, Code kInvalidField, class Details>
[[noreturn]] void throw_exception_from_error(const DomainError<Code, kInvalidField, Details>& e,
                                             const boost::source_location&) {
  throw std::logic_error("value() of an error result: " + e.message);
}

}  // namespace portal::core
