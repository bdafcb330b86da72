#pragma once
// The expected failures of the apps marketplace, as values; apps_answers.hpp
// maps them to the one error shape and decides the HTTP status. Nothing here
// knows HTTP. The name's refusals name their field and reason like an invalid
// field does (field "name").
#include <boost/system/result.hpp>

#include "core/domain_error.hpp"

namespace portal::apps {

enum class ErrorCode {
  invalid_field,              // a field of the form (or the decision): field and reason
  name_invisible_characters,  // field name: invisible or formatting characters (app_names.hpp)
  name_taken,                 // field name: another app of the tenant has it, whatever its case
  name_confusable,            // field name: looks like another app's name (the same skeleton)
  app_limit_reached,          // the owner holds kMaxAppsPerOwner apps
  app_not_found,              // no app of the tenant, or (owner calls) not the caller's
  app_paused,                 // a grant to an app its owner paused
  consent_not_found,          // a revoke with nothing granted
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::apps
