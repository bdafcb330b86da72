#include "domains/subscriptions/subscriptions_grant.hpp"

#include <algorithm>

#include "core/utc_time.hpp"
#include "domains/subscriptions/subscription_rules.hpp"

namespace portal::subscriptions {

namespace {

// The held subscription named in the error: its id and type.
Error about(ErrorCode code, std::string message, const UserSubscription& held) {
  Error e = Error::of(code, std::move(message));
  e.subscription_id = std::optional<std::string>(held.id);
  e.type_id = held.type_id;
  return e;
}

Error payment_pending(const UserSubscription& held) {
  return about(ErrorCode::payment_pending, "The user's subscription to this plan awaits a payment", held);
}

// The plan's contingents `periods` times over (-1, unlimited, stays so).
std::vector<Contingent> times(std::vector<Contingent> plan, int periods) {
  for (auto& c : plan)
    if (c.amount > 0) c.amount *= periods;
  return plan;
}

// `held` lengthened by `span`: from its end (or now, if that passed), and its
// next renewal with it; the gift's contingents added to what is left.
Result<Granted> extend(db::Session& s, SubscriptionsRepository& repository, const GrantRequest& r,
                       const SubscriptionType& type, const UserSubscription& held, const Cycle& span) {
  UserSubscription next = held;
  const TimePoint end = std::max(r.now, held.end_date ? core::parse_utc(*held.end_date).value_or(r.now) : r.now);
  next.end_date = core::utc_text(add_cycle(end, span));
  if (held.next_renewal_date)
    next.next_renewal_date = core::utc_text(add_cycle(core::parse_utc(*held.next_renewal_date).value_or(end), span));
  for (const auto& gift : times(type.contingents, r.periods)) {
    bool merged = false;
    for (auto& have : next.contingents) {
      if (have.content_types != gift.content_types) continue;
      merged = true;
      if (have.amount == -1 || gift.amount == -1) have.amount = -1;
      else have.amount = std::max<std::int64_t>(0, have.amount) + gift.amount;
    }
    if (!merged) next.contingents.push_back(gift);
  }
  const std::string now = core::utc_text(r.now);
  if (!repository.save(s, next, held.version, now))
    return about(ErrorCode::already_subscribed, "The subscription changed meanwhile; try again", held);
  repository.insert_event(s, r.tenant_id, held.id, held.status, next.status, "voucher extended", r.actor, now,
                          held.version + 1);
  next.version = held.version + 1;
  next.updated_at = now;
  return Granted{std::move(next), true};
}

// Another level of the group is ACTIVE: the same answer as the subscribe flow.
Error level_taken(const Plans& plans, const UserSubscription& held, std::int64_t to_type) {
  Direction direction = Direction::upgrade;
  if (const auto* type = plans.type(to_type); type && type->group_id)
    if (const auto* group = plans.group(*type->group_id))
      direction = level_direction(group->levels, held.type_id, to_type);
  Error e = Error::of(direction == Direction::downgrade ? ErrorCode::downgrade_blocked : ErrorCode::upgrade_blocked,
                      "Another level of this plan group is active");
  e.subscription_id = std::optional<std::string>(held.id);
  e.from_type_id = held.type_id;
  e.to_type_id = to_type;
  return e;
}

}  // namespace

Result<Granted> grant_subscription(db::Session& s, SubscriptionsRepository& repository, const GrantRequest& r) {
  const Plans plans = repository.load_plans(s, r.tenant_id);
  const SubscriptionType* type = plans.type(r.type_id);
  if (!type) return Error::of(ErrorCode::type_not_found, "No such subscription type");
  const Cycle cycle = parse_cycle(type->billing_cycle).value_or(Cycle{1, 'M'});
  const Cycle span{cycle.count * std::max(1, r.periods), cycle.unit};
  // The clear answers first; the unique indexes stay the last word (a race).
  for (const auto& held : repository.for_user(s, r.tenant_id, r.user_uuid)) {
    if (held.type_id != r.type_id) continue;
    if (held.active()) return extend(s, repository, r, *type, held, span);
    if (held.status.state == State::active || held.status.state == State::requested) return payment_pending(held);
  }
  if (auto other = repository.active_in_group(s, r.tenant_id, r.user_uuid, r.type_id, std::nullopt))
    return level_taken(plans, *other, r.type_id);

  // From no status, paid_now always applies (subscription_rules): a refusal would be a broken rule, thrown.
  const Status status = transition(Status{}, Event::paid_now).value();
  UserSubscription sub;
  sub.id = r.subscription_id;
  sub.tenant_id = r.tenant_id;
  sub.user_uuid = r.user_uuid;
  sub.type_id = type->id;
  sub.status = status;
  sub.status.cancel_requested = true;  // a gift ends after its cycle: nothing to renew with
  sub.payment_option = r.payment_option;
  sub.start_date = core::utc_text(r.now);
  sub.end_date = core::utc_text(add_cycle(r.now, span));
  sub.contingents = times(type->contingents, std::max(1, r.periods));
  sub.created_at = sub.updated_at = core::utc_text(r.now);
  if (repository.insert(s, sub) == Outcome::already_exists) {
    Error e = Error::of(ErrorCode::already_subscribed, "The user already holds this subscription or its level");
    e.subscription_id = std::optional<std::string>();  // some subscription, its id unknown: null
    e.type_id = type->id;
    return e;
  }
  repository.insert_event(s, r.tenant_id, sub.id, Status{}, sub.status, r.reason, r.actor, sub.created_at, 0);
  return Granted{std::move(sub), false};
}

}  // namespace portal::subscriptions
