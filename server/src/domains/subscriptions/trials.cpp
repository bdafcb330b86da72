#include "domains/subscriptions/trials.hpp"

#include <algorithm>

#include "core/utc_time.hpp"
#include "domains/subscriptions/purchase_rules.hpp"
#include "domains/subscriptions/subscription_changes.hpp"

namespace portal::subscriptions {
using hosted::Ending;

namespace {
std::string trial_group(const SubscriptionType& t) { return t.group_id.value_or("type:" + std::to_string(t.id)); }
}  // namespace

std::vector<std::int64_t> Trials::eligibility(const Caller& c) {
  std::vector<std::int64_t> ids;
  if (c.guest()) return ids;
  auto plans = ctx_.plans.get(c.tenant->id);
  const auto used = ctx_.d.repository.trial_groups(c.tenant->id, c.user_uuid);
  for (const auto& t : plans->types) {
    if (!t.max_trial_duration || t.retired || geo_blocked(*c.tenant, t.id)) continue;
    if (std::find(used.begin(), used.end(), trial_group(t)) == used.end()) ids.push_back(t.id);
  }
  return ids;
}

Result<TrialStarted> Trials::start(const Caller& c, const std::string& redirect, std::optional<std::int64_t> type_id) {
  if (c.guest()) return Error::sign_in();
  auto ok = allowed_return(c, redirect);
  if (!ok) return ok.error();
  auto plans = ctx_.plans.get(c.tenant->id);
  const SubscriptionType* t = nullptr;
  if (type_id) {
    t = plans->type(*type_id);
    if (!t || !t->max_trial_duration || t->retired || geo_blocked(*c.tenant, t->id)) {
      Error e = Error::of(ErrorCode::not_eligible, "This plan has no free trial");
      e.field = "subscriptionTypeId";
      return e;
    }
  } else {
    for (const auto& x : plans->types)
      if (x.max_trial_duration && !x.retired && !geo_blocked(*c.tenant, x.id)) {
        t = &x;
        break;
      }
    if (!t) return Error::of(ErrorCode::not_eligible, "No plan of this tenant has a free trial");
  }
  auto& repo = ctx_.d.repository;
  auto subs = repo.for_user(c.tenant->id, c.user_uuid);
  if (find_live(subs, t->id)) return Error::of(ErrorCode::already_subscribed, "The user already holds this subscription");
  Checkout pseudo;
  pseudo.tenant_id = c.tenant->id;
  pseudo.user_uuid = c.user_uuid;
  pseudo.type_id = t->id;
  pseudo.redirect = redirect;
  UserSubscription sub = new_subscription(ctx_, pseudo, std::nullopt);
  sub.checkout_id.reset();
  const auto start = ctx_.now();
  sub.start_date = core::utc_text(start);
  sub.end_date = core::utc_text(add_cycle(start, *parse_trial_duration(*t->max_trial_duration)));
  sub.contingents = t->contingents;
  begin(ctx_, sub, Event::trial_started);
  std::optional<Error> refused;
  // A trial is a level too: not beside another level of its group.
  const Outcome created = repo.create(sub, "free trial", "user", trial_group(*t), [&](db::Session& s) {
    return !(refused = level_taken(ctx_, &s, *plans, pseudo));
  });
  if (created == Outcome::refused) return *refused;
  if (created == Outcome::already_exists)
    return Error::of(ErrorCode::trial_used, "The free trial of this group was used already");
  auto fresh = repo.subscription(c.tenant->id, sub.id);
  const std::string url = hosted::return_url(redirect, Ending::paid, {{"type", "trial"}, {"subTypeId", std::to_string(t->id)}});
  return TrialStarted{{plans, active_types_of(ctx_, c), fresh.value_or(sub)}, url};
}

}  // namespace portal::subscriptions
