#pragma once
// The expected failures of support's customer actions (issue 34) that are the
// customers domain's own: the customer is not the tenant's, or an input breaks
// a rule. The owning domains' refusals (a plan not active, an article owned
// already, ...) stay theirs and their *_answers.cpp map them.
// customer_actions_answers.hpp maps these; nothing here knows HTTP.
#include <boost/system/result.hpp>

#include "core/domain_error.hpp"

namespace portal::customers {

enum class ActionErrorCode {
  invalid_field,       // when, days, reason, articleId: field and reason
  customer_not_found,  // no user of that id in the tenant
};

using ActionError = core::DomainError<ActionErrorCode, ActionErrorCode::invalid_field>;

template <class T>
using ActionResult = boost::system::result<T, ActionError>;

}  // namespace portal::customers
