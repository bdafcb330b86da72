#pragma once
// The expected failures of info services, as values; info_services_answers.hpp maps them
// to the one error shape and decides the HTTP status. Nothing here knows HTTP.
#include <boost/system/result.hpp>
#include <string>

namespace portal::info_services {

enum class ErrorCode {
  invalid_field,           // a service document breaks a rule: field (services[i].…) and reason
  info_service_not_found,  // no such service in the tenant
};

struct Error {
  ErrorCode code = ErrorCode::invalid_field;
  std::string message;  // English, for developers
  std::string field;
  std::string reason;

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
};

// boost::system::result<T>::value() on an error throws through this.
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::info_services
