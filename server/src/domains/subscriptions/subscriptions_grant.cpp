#include "domains/subscriptions/subscriptions_grant.hpp"

#include <boost/json.hpp>

namespace portal::subscriptions {
namespace json = boost::json;

namespace {

core::Error already_subscribed(const UserSubscription& held) {
  return {409, "USER_ALREADY_SUBSCRIBED", "The user already holds this subscription",
          json::object{{"subscriptionId", held.id}, {"subscriptionTypeId", held.type_id}}};
}

// Another level of the group is ACTIVE: the same answer as the subscribe flow.
core::Error level_taken(const Plans& plans, const UserSubscription& held, std::int64_t to_type) {
  Direction direction = Direction::upgrade;
  if (const auto* type = plans.type(to_type); type && type->group_id)
    if (const auto* group = plans.group(*type->group_id))
      direction = level_direction(group->levels, held.type_id, to_type);
  const std::string code = direction == Direction::downgrade ? "NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE"
                                                             : "NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE";
  return {409, code, "Another level of this plan group is active",
          json::object{{"subscriptionId", held.id}, {"fromTypeId", held.type_id}, {"toTypeId", to_type}}};
}

}  // namespace

core::Result<UserSubscription> grant_subscription(db::Session& s, SubscriptionsRepository& repository,
                                                  const GrantRequest& r) {
  const Plans plans = repository.load_plans(s, r.tenant_id);
  const SubscriptionType* type = plans.type(r.type_id);
  if (!type) return core::Error::not_found("SUBSCRIPTION_TYPE_NOT_FOUND", "No such subscription type");
  // The clear answers first; the unique indexes stay the last word (a race).
  for (const auto& held : repository.for_user(s, r.tenant_id, r.user_uuid))
    if (held.type_id == r.type_id && (held.status.state == State::active || held.status.state == State::requested))
      return already_subscribed(held);
  if (auto other = repository.active_in_group(s, r.tenant_id, r.user_uuid, r.type_id, std::nullopt))
    return level_taken(plans, *other, r.type_id);

  auto status = transition(Status{}, Event::paid_now);
  if (!status) return status.error();
  UserSubscription sub;
  sub.id = r.subscription_id;
  sub.tenant_id = r.tenant_id;
  sub.user_uuid = r.user_uuid;
  sub.type_id = type->id;
  sub.status = *status;
  sub.status.cancel_requested = true;  // a gift ends after its cycle: nothing to renew with
  sub.payment_option = r.payment_option;
  sub.start_date = format_time(r.now);
  sub.end_date = format_time(add_cycle(r.now, parse_cycle(type->billing_cycle).value_or(Cycle{1, 'M'})));
  sub.contingents = type->contingents;
  sub.created_at = sub.updated_at = format_time(r.now);
  if (repository.insert(s, sub) == Outcome::already_exists) {
    core::Error e{409, "USER_ALREADY_SUBSCRIBED", "The user already holds this subscription or its level",
                  json::object{{"subscriptionId", nullptr}, {"subscriptionTypeId", type->id}}};
    return e;
  }
  repository.insert_event(s, r.tenant_id, sub.id, Status{}, sub.status, r.reason, r.actor, sub.created_at, 0);
  return sub;
}

}  // namespace portal::subscriptions
