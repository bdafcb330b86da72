#pragma once
// A subscription given rather than bought (a redeemed voucher code): ACTIVE at
// once for `periods` billing cycles with the plan's contingents for as many
// (unlimited stays unlimited), not renewed (cancelRequested, so the scheduler
// ends it at endDate), with its first subscription_events row. When the user
// already holds that type ACTIVE, the gift lengthens it instead: endDate (and
// a renewing one's next renewal) move by the same span and the contingents
// grow by as much (docs/decisions.md "A voucher for the plan one holds").
// Runs inside the caller's transaction, so the grant and what pays for it (the
// code's redemption) commit together.
#include <optional>
#include <string>

#include "db/database.hpp"
#include "domains/subscriptions/subscriptions_errors.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"
#include "domains/subscriptions/subscriptions_types.hpp"

namespace portal::subscriptions {

struct GrantRequest {
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::int64_t type_id = 0;
  std::string subscription_id;           // chosen by the caller (the code row names it)
  int periods = 1;                       // billing cycles given
  std::string payment_option = "voucher";
  std::string reason = "voucher redeemed";
  std::string actor = "user";
  TimePoint now;
};

struct Granted {
  UserSubscription subscription;  // the new one, or the held one lengthened
  bool extended = false;
};

// The granted subscription. Errors (subscriptions_errors.hpp; as
// subscriptions_answers.cpp answers them): type_not_found (404
// SUBSCRIPTION_TYPE_NOT_FOUND); payment_pending (409
// SUBSCRIPTION_PAYMENT_PENDING, data {subscriptionId, subscriptionTypeId})
// when the user's subscription of that type awaits a payment (a checkout, a
// failed renewal); upgrade_blocked / downgrade_blocked (409
// NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE / _DOWNGRADE, data {subscriptionId,
// fromTypeId, toTypeId}), as the subscribe flow answers, when another level of
// its plan group is ACTIVE; already_subscribed (409 USER_ALREADY_SUBSCRIBED)
// when a unique index refuses the row (a race) or the held row changed meanwhile.
// After an error the caller must roll its transaction back (throw): a refused
// insert leaves a PostgreSQL transaction unusable.
Result<Granted> grant_subscription(db::Session& s, SubscriptionsRepository& repository, const GrantRequest& request);

}  // namespace portal::subscriptions
