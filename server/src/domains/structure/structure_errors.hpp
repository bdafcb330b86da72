#pragma once
// The expected failures of the structure call, as values: a malformed query
// parameter (the field and the reason), a structure or fragment that does not
// exist, and a build slower than the caller's forceTimeout. structure_answers.hpp
// maps them to the one error shape and decides the HTTP status; nothing here
// knows HTTP.
#include <boost/system/result.hpp>

#include "core/domain_error.hpp"

namespace portal::structure {

enum class ErrorCode {
  invalid_field,        // a query parameter: field and reason
  structure_not_found,  // no such structure, or no such (visible) fragment in it
  timed_out,            // building took longer than forceTimeout (the answer is cached for a retry)
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::structure
