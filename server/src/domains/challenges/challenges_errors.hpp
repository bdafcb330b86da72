#pragma once
// The expected failures of challenges, as values; challenges_answers.hpp maps
// them to the one error shape and decides the HTTP status. Nothing here knows HTTP.
#include <boost/system/result.hpp>
#include <string>

#include "core/error.hpp"

namespace portal::challenges {

enum class ErrorCode {
  invalid_field,        // a page parameter out of range: field and reason
  challenge_not_found,  // unknown, or its game is outside the caller's rating window
  catalog,              // the catalog refused the challenge's fragment: its error, passed on
};

struct Error {
  ErrorCode code = ErrorCode::invalid_field;
  std::string message;  // English, for developers
  std::string field;
  std::string reason;
  core::Error catalog;  // code == catalog: the catalog's error as it answers it

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
  static Error from_catalog(core::Error e) {
    Error out = of(ErrorCode::catalog, e.message);
    out.catalog = std::move(e);
    return out;
  }
};

// boost::system::result<T>::value() on an error throws through this.
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::challenges
