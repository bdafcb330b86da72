#pragma once
// A plans document (data/subscriptions/<tenant>.json, `portal import-subscriptions`):
// parsed and validated once, where plans are loaded, into the typed Plans the
// repository stores and every flow reads.
// free-form: the plans document is the operator's JSON; parse_plans is its edge into typed Plans.
#include <boost/json/value.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "domains/subscriptions/subscriptions_errors.hpp"
#include "domains/subscriptions/subscriptions_types.hpp"

namespace portal::subscriptions {

// The whole document; ErrorCode::invalid_field naming the type and field at fault ("type 7.price.amount").
Result<Plans> parse_plans(const boost::json::value& doc);
// What is wrong with one attribute's value (commerce §3 keys: JSON lists, 0/1 flags, numbers,
// addresses the plan card links to or shows), or nullopt.
std::optional<std::string> attribute_problem(std::string_view key, std::string_view value);
// One type of it (its `definition` keeps the object as given).
Result<SubscriptionType> parse_type(const boost::json::object& definition);

}  // namespace portal::subscriptions
