#pragma once
// A subscription given rather than bought (a redeemed voucher code): ACTIVE at
// once with the plan's contingents for one billing cycle, not renewed
// (cancelRequested, so the scheduler ends it at endDate), with its first
// subscription_events row. Runs inside the caller's transaction, so the grant
// and what pays for it (the code's redemption) commit together.
#include <optional>
#include <string>

#include "core/error.hpp"
#include "db/database.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"
#include "domains/subscriptions/subscriptions_types.hpp"

namespace portal::subscriptions {

struct GrantRequest {
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::int64_t type_id = 0;
  std::string subscription_id;           // chosen by the caller (the code row names it)
  std::string payment_option = "voucher";
  std::string reason = "voucher redeemed";
  std::string actor = "user";
  TimePoint now;
};

// The granted subscription. Errors, like the subscribe flow answers them:
// 404 SUBSCRIPTION_TYPE_NOT_FOUND; 409 USER_ALREADY_SUBSCRIBED (data
// {subscriptionId, subscriptionTypeId}) when the user holds that type live;
// 409 NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE / _DOWNGRADE (data
// {subscriptionId, fromTypeId, toTypeId}) when another level of its plan group
// is ACTIVE. After an error the caller must roll its transaction back (throw):
// a refused insert leaves a PostgreSQL transaction unusable.
core::Result<UserSubscription> grant_subscription(db::Session& s, SubscriptionsRepository& repository,
                                                  const GrantRequest& request);

}  // namespace portal::subscriptions
