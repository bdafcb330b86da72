#pragma once
// The expected failures of info services, as values; info_services_answers.hpp maps them
// to the one error shape and decides the HTTP status. Nothing here knows HTTP.
#include <boost/system/result.hpp>

#include "core/domain_error.hpp"

namespace portal::info_services {

enum class ErrorCode {
  invalid_field,           // a service document breaks a rule: field (services[i].…) and reason
  info_service_not_found,  // no such service in the tenant
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::info_services
