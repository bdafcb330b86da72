#include "domains/subscriptions/subscription_changes.hpp"

#include "core/ids.hpp"
#include "core/utc_time.hpp"

namespace portal::subscriptions {

void begin(const Context& ctx, UserSubscription& sub, Event e) {
  sub.status = transition(Status{}, e).value();  // callers begin with an event that starts a subscription
  sub.created_at = sub.updated_at = ctx.d.clock.now_text();
}

void create(Context& ctx, db::Session& s, UserSubscription& sub, Event e, std::string_view reason, std::string_view actor) {
  begin(ctx, sub, e);
  if (ctx.d.repository.insert(s, sub) == Outcome::already_exists) throw AlreadyHeld{};
  ctx.d.repository.insert_event(s, sub.tenant_id, sub.id, Status{}, sub.status, reason, actor, sub.created_at, 0);
}

UserSubscription after(const UserSubscription& sub, Event e, const Change& change) {
  UserSubscription out = sub;
  out.status = transition(sub.status, e).value();  // callers checked the event against the status they read
  if (change) change(out);
  return out;
}

bool apply(Context& ctx, db::Session& s, const UserSubscription& sub, Event e, std::string_view reason,
           std::string_view actor, const Change& change) {
  const UserSubscription next = after(sub, e, change);
  const std::string when = ctx.d.clock.now_text();
  if (!ctx.d.repository.save(s, next, sub.version, when)) return false;
  ctx.d.repository.insert_event(s, sub.tenant_id, sub.id, sub.status, next.status, reason, actor, when, sub.version + 1);
  return true;
}

bool apply(Context& ctx, const UserSubscription& sub, Event e, std::string_view reason, std::string_view actor,
           const Change& change) {
  return ctx.d.repository.record_change(sub, after(sub, e, change), reason, actor, ctx.d.clock.now_text());
}

void start_period(UserSubscription& sub, const SubscriptionType& t, TimePoint from) {
  auto cycle = parse_cycle(t.billing_cycle).value_or(Cycle{1, 'M'});
  const auto end = add_cycle(from, cycle);
  sub.start_date = core::utc_text(from);
  sub.end_date = core::utc_text(end);
  sub.next_renewal_date = core::utc_text(end);
  sub.contingents = t.contingents;
}

void migrate_old(Context& ctx, db::Session& s, std::int64_t tenant_id, const std::optional<std::string>& old_id,
                 const std::string& user_uuid) {
  if (!old_id) return;
  auto old = ctx.d.repository.subscription(s, tenant_id, *old_id);
  if (!old || old->user_uuid != user_uuid || old->status.state != State::active) return;
  apply(ctx, s, *old, Event::migrated, "migrated", "user", [&](UserSubscription& o) {
    o.next_renewal_date.reset();
    o.end_date = ctx.d.clock.now_text();
  });
}

UserSubscription new_subscription(const Context& ctx, const Checkout& c, const std::optional<std::string>& option_code) {
  UserSubscription sub;
  sub.id = core::new_uuid();
  sub.tenant_id = c.tenant_id;
  sub.user_uuid = c.user_uuid;
  sub.type_id = c.type_id;
  sub.checkout_id = c.id;
  sub.migrate_from = c.migrate_from;
  sub.external_code = c.external_code;
  sub.marketing_campaign = c.marketing_campaign;
  sub.consents = c.consents;
  sub.payment_option = option_code;
  sub.start_date = ctx.d.clock.now_text();
  return sub;
}

}  // namespace portal::subscriptions
