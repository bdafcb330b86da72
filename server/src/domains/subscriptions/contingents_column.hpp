#pragma once
// Contingents in their stored JSON form, [{"contentTypes": [...], "amount": n}]: the contingents
// column of user_subscriptions (SubscriptionsRepository, CreditsRepository) and a stored type
// definition's "contingents". Only the portal writes them, so what does not decode is a broken
// row: db::Error.
#include <string>
#include <vector>

#include "domains/subscriptions/subscription_rules.hpp"

namespace boost::json {
class value;
}

namespace portal::subscriptions {

std::vector<Contingent> contingents_from_column(const std::string& text);
std::string contingents_column(const std::vector<Contingent>& list);
// The list in a stored definition's "contingents" (null: none); throws std::exception when broken.
std::vector<Contingent> contingents_from_json(const boost::json::value& v);

}  // namespace portal::subscriptions
