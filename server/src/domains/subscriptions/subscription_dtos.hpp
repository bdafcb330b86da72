#pragma once
// Plans and user subscriptions as the DTOs of subscriptions_dto.hpp, in one
// language: what the routes and subscriptions_answers.hpp answer.
#include <string>
#include <string_view>
#include <vector>

#include "domains/subscriptions/subscriptions_dto.hpp"
#include "domains/subscriptions/subscriptions_types.hpp"

namespace portal::subscriptions {

// The display keys of a plan card in `lang` (then English), the HTML name sanitised.
PlanDisplayDto display_dto(const SubscriptionType& t, std::string_view lang);
// `active`: the caller's active type ids (a level's currentSubscriptionExist).
SubscriptionTypeDto type_dto(const Plans& plans, const SubscriptionType& t, std::string_view lang,
                             const std::vector<std::int64_t>& active);

UserSubscriptionDto subscription_dto(const Plans& plans, const UserSubscription& s, std::string_view lang,
                                     bool include_type, const std::vector<std::int64_t>& active);

}  // namespace portal::subscriptions
