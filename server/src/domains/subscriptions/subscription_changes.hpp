#pragma once
// The state changes every flow goes through: a transition subscription_rules
// allows, the row written at the version it was read, and its
// subscription_events row in the same transaction. A transition the rules
// refuse throws (a bug of the caller); a row someone else changed meanwhile
// is `false`. Blocking.
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "domains/subscriptions/service_context.hpp"

namespace portal::subscriptions {

// Thrown inside a payment's transaction when a unique index refused the new
// subscription (another level became ACTIVE meanwhile): rolls the payment's
// effect back; the flow answers which level won.
struct AlreadyHeld : std::runtime_error {
  AlreadyHeld() : std::runtime_error("the user holds this type or another level of its group already") {}
};

using Change = std::function<void(UserSubscription&)>;

// Sets the status `e` leads to from the empty one and the creation time.
void begin(const Context& ctx, UserSubscription& sub, Event e);
// Inside a transaction (a payment's): begin(), the row and its first event;
// a unique index refusing the row throws AlreadyHeld.
void create(Context& ctx, db::Session& s, UserSubscription& sub, Event e, std::string_view reason, std::string_view actor);
// `sub` after `e` and `change`.
UserSubscription after(const UserSubscription& sub, Event e, const Change& change);
// In the caller's transaction; false when the row changed under us.
bool apply(Context& ctx, db::Session& s, const UserSubscription& sub, Event e, std::string_view reason,
           std::string_view actor, const Change& change = {});
// The same in a transaction of its own (the repository's).
bool apply(Context& ctx, const UserSubscription& sub, Event e, std::string_view reason, std::string_view actor,
           const Change& change = {});

// A paid period of `t` from `from`: dates and fresh contingents.
void start_period(UserSubscription& sub, const SubscriptionType& t, TimePoint from);
// The replaced subscription of an up/downgrade ends once the new one is paid.
void migrate_old(Context& ctx, db::Session& s, std::int64_t tenant_id, const std::optional<std::string>& old_id,
                 const std::string& user_uuid);
// A subscription of the checkout's user and type, not yet stored.
UserSubscription new_subscription(const Context& ctx, const Checkout& c, const std::optional<std::string>& option_code);

}  // namespace portal::subscriptions
