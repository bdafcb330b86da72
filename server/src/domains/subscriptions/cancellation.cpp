#include "domains/subscriptions/cancellation.hpp"

#include "domains/identity/redirects.hpp"
#include "domains/subscriptions/purchase_rules.hpp"
#include "domains/subscriptions/subscription_changes.hpp"

namespace portal::subscriptions {

Result<Cancelled> Cancellation::cancel(const Caller& c, const std::string& id,
                                       const std::optional<std::string>& redirection) {
  if (c.guest()) return Error::sign_in();
  auto& repo = ctx_.d.repository;
  auto sub = repo.subscription(c.tenant->id, id);
  if (!sub || sub->user_uuid != c.user_uuid) return Error::of(ErrorCode::subscription_not_found, "No such subscription");
  auto plans = ctx_.plans.get(c.tenant->id);
  const SubscriptionType* t = plans->type(sub->type_id);
  if (const auto elsewhere = t ? t->cancel_at() : std::nullopt) return Cancelled{{plans, active_types_of(ctx_, c), *sub}, *elsewhere};
  if (!transition(sub->status, Event::cancel))
    return Error::of(ErrorCode::subscription_not_active, "Only an active subscription can be cancelled");
  const bool changed = apply(ctx_, *sub, Event::cancel, "cancelled by user", "user", [&](UserSubscription& after) {
    after.next_renewal_date.reset();
    if (!after.end_date) after.end_date = ctx_.d.clock.now_text();
  });
  if (!changed) return Error::of(ErrorCode::subscription_not_active, "The subscription changed meanwhile; reload it");
  auto fresh = repo.subscription(c.tenant->id, id);
  std::optional<std::string> back;
  if (redirection && !redirection->empty()) back = identity::allowed_redirect(*redirection, c.return_origins);
  return Cancelled{{plans, active_types_of(ctx_, c), *fresh}, back};
}

}  // namespace portal::subscriptions
