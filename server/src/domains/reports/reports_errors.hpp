#pragma once
// The expected failures of the reports (revenue, subscribers, consumption and
// the royalty statements), as values: a query value that breaks a rule (the
// field and the reason) and the refusals of issuing a statement.
// reports_answers.hpp maps them to the one error shape and decides the HTTP
// status; nothing here knows HTTP.
#include <boost/system/result.hpp>

#include "core/domain_error.hpp"

namespace portal::reports {

enum class ErrorCode {
  invalid_field,       // a query value: field and reason
  month_not_ended,     // a statement of the current (or a future) month
  earlier_month_open,  // an earlier month's statement is not issued yet
  already_issued,      // the month's statement was issued already
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::reports
