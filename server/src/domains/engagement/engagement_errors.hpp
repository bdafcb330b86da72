#pragma once
// The expected failures of likes and ratings, as values; engagement_answers.hpp
// maps them to the one error shape and decides the HTTP status. Nothing here
// knows HTTP.
#include <boost/system/result.hpp>

#include "core/domain_error.hpp"

namespace portal::engagement {

enum class ErrorCode {
  invalid_field,      // type, limit, offset, score, deviceId, contentType: field and reason
  article_not_found,  // unknown, outside the rating window, or not of the like's kind
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::engagement
