#pragma once
// Rows to wire shapes: plans and user subscriptions as the DTOs of
// subscriptions_dto.hpp, in one language. Used by the routes to map the
// service's typed results (subscriptions_answers.hpp).
#include <boost/json/value.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "domains/subscriptions/subscriptions_dto.hpp"
#include "domains/subscriptions/subscriptions_types.hpp"

namespace portal::subscriptions {

// A localized text: lang, else en, else the first one; "" when none.
std::string resolve(const Texts& texts, std::string_view lang);

// DISPLAY_SERVICE_NAME_TEXT_<lang>, else the type's name.
std::string type_name(const SubscriptionType& t, std::string_view lang);

// The display keys of a plan card in `lang` (then English), the HTML name sanitised.
PlanDisplayDto display_dto(const SubscriptionType& t, std::string_view lang);
// `active`: the caller's active type ids (a level's currentSubscriptionExist).
SubscriptionTypeDto type_dto(const Plans& plans, const SubscriptionType& t, std::string_view lang,
                             const std::vector<std::int64_t>& active);

UserSubscriptionDto subscription_dto(const Plans& plans, const UserSubscription& s, std::string_view lang,
                                     bool include_type, const std::vector<std::int64_t>& active);

// subscription_dto as JSON; without subscriptionType unless include_type.
// (The value_from conversions of subscriptions_dto.hpp are defined beside it.)
boost::json::value subscription_json(const Plans& plans, const UserSubscription& s, std::string_view lang,
                                     bool include_type, const std::vector<std::int64_t>& active);

// The type ids of the active subscriptions among `subs`.
std::vector<std::int64_t> active_type_ids(const std::vector<UserSubscription>& subs);

}  // namespace portal::subscriptions
