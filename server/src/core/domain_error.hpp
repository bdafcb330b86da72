#pragma once
// The error of a domain whose failures need no more than a code of its own
// enum, an English message and, for a field of the input, the field and the
// reason. The domain's <d>_answers.cpp maps it to the one error shape and its
// HTTP status; nothing here knows HTTP. Domains whose errors carry more
// details (subscriptions, vouchers, ...) declare their own struct.
#include <boost/system/result.hpp>
#include <stdexcept>
#include <string>

namespace portal::core {

template <class Code, Code kInvalidField>
struct DomainError {
  Code code = kInvalidField;
  std::string message;  // English, for developers
  std::string field;    // kInvalidField: which input
  std::string reason;   // kInvalidField: what is wrong with it

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
};

// boost::system::result<T>::value() on an error throws through this: a caller
// that did not look at the result (a bug).
template <class Code, Code kInvalidField>
[[noreturn]] void throw_exception_from_error(const DomainError<Code, kInvalidField>& e, const boost::source_location&) {
  throw std::logic_error("value() of an error result: " + e.message);
}

}  // namespace portal::core
