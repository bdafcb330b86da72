#pragma once
// The expected failures of the wallet, as values; wallet_answers.hpp maps them
// to the one error shape and decides the HTTP status. Nothing here knows HTTP.
#include <boost/system/result.hpp>

#include "core/domain_error.hpp"

namespace portal::wallet {

enum class ErrorCode {
  invalid_field,  // a page parameter out of range: field and reason
  not_in_wallet,  // the caller does not own it (or may not see it: parental control)
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::wallet
