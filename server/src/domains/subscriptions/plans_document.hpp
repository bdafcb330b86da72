#pragma once
// A plans document (data/subscriptions/<tenant>.json, `portal import-subscriptions`):
// parsed and validated once, where plans are loaded, into the typed Plans the
// repository stores and every flow reads.
#include <boost/json/value.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "domains/subscriptions/subscriptions_types.hpp"

namespace portal::subscriptions {

// The whole document; 400 naming the type and field at fault.
core::Result<Plans> parse_plans(const boost::json::value& doc);
// What is wrong with one attribute's value (commerce §3 keys: JSON lists, 0/1 flags, numbers,
// addresses the plan card links to or shows), or nullopt.
std::optional<std::string> attribute_problem(std::string_view key, std::string_view value);
// One type of it (its `definition` keeps the object as given).
core::Result<SubscriptionType> parse_type(const boost::json::object& definition);

}  // namespace portal::subscriptions
