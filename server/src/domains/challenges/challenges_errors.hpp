#pragma once
// The expected failures of challenges, as values; challenges_answers.hpp maps
// them to the one error shape and decides the HTTP status. Nothing here knows HTTP.
#include <boost/system/result.hpp>

#include "core/domain_error.hpp"
#include "domains/catalog/catalog_errors.hpp"

namespace portal::challenges {

enum class ErrorCode {
  invalid_field,        // a page parameter out of range: field and reason
  challenge_not_found,  // unknown, or its game is outside the caller's rating window
  catalog,              // the catalog refused the challenge's fragment: its error, passed on
};

// What a challenges error carries beyond code, message, field and reason.
struct ErrorDetails {
  catalog::Error catalog;  // code == catalog: the catalog's error, answered as the catalog does
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field, ErrorDetails>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::challenges
