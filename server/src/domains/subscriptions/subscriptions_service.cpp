// The reads of plans and holdings; the rest is in the concept parts (see the header).
#include "domains/subscriptions/subscriptions_service.hpp"

#include "domains/payments/settlement_refused.hpp"
#include "domains/subscriptions/purchase_rules.hpp"
#include "domains/subscriptions/subscription_changes.hpp"

namespace portal::subscriptions {

SubscriptionsService::SubscriptionsService(Deps deps)
    : ctx_(std::move(deps)),
      renewals_(ctx_, [this](db::Session& s, const payments::Payment& p) { on_payment_settled(s, p); }),
      pay_again_(ctx_, renewals_),
      checkout_(ctx_, pay_again_),
      api_(ctx_, checkout_),
      cancellation_(ctx_),
      trials_(ctx_),
      partners_(ctx_, checkout_),
      care_(ctx_) {}

void SubscriptionsService::on_payment_settled(db::Session& s, const payments::Payment& p) {
  if (p.purpose == kCheckoutPurpose) checkout_.settled(s, p);
  // A renewal's payment, the scheduler's or a pay-again checkout's (which follows it: PAID, FAILED).
  else if (p.purpose == kRenewalPurpose && !pay_again_.settled(s, p) && p.status == payments::Status::succeeded)
    // The period is no longer due (paid otherwise, grace over, cancelled while the provider's page was open):
    // the success is refused, so the payment settles declined and what a provider took goes back.
    throw payments::SettlementRefused("NOT_DUE", "the renewal's period is no longer due");
}

void SubscriptionsService::on_renewal_resumed(db::Session& s, const payments::Payment& p) { renewals_.settled(s, p); }

void SubscriptionsService::on_payment_refunded(db::Session& s, const payments::Payment& p, std::string_view actor) {
  auto& repo = ctx_.d.repository;
  std::optional<std::string> subscription_id;
  if (p.purpose == kCheckoutPurpose) {
    if (auto checkout = repo.checkout(s, p.tenant_id, p.reference)) subscription_id = checkout->subscription_id;
  } else if (p.purpose == kRenewalPurpose) {
    subscription_id = p.reference.substr(0, p.reference.find('@'));
  }
  if (!subscription_id) return;
  auto sub = repo.subscription(s, p.tenant_id, *subscription_id);
  if (!sub || sub->user_uuid != p.user_uuid || !transition(sub->status, Event::refunded)) return;
  apply(ctx_, s, *sub, Event::refunded, "payment refunded", actor, [&](UserSubscription& a) {
    a.next_renewal_date.reset();
    a.end_date = ctx_.d.clock.now_text();
  });
}

std::shared_ptr<const Plans> SubscriptionsService::plans(std::int64_t tenant_id) { return ctx_.plans.get(tenant_id); }

PlansImported SubscriptionsService::import_plans(std::int64_t tenant_id, const Plans& plans) {
  ctx_.d.repository.replace_plans(tenant_id, plans, ctx_.d.clock.now_text());
  ctx_.plans.forget(tenant_id);
  return {plans.types.size(), plans.groups.size(), plans.options.size(), plans.external_codes.size()};
}

TypeList SubscriptionsService::types(const Caller& c) {
  TypeList out;
  out.plans = ctx_.plans.get(c.tenant->id);
  out.active_types = active_types_of(ctx_, c);
  for (const auto& t : out.plans->types)
    if (!geo_blocked(*c.tenant, t.id) && !t.retired) out.types.push_back(&t);  // a retired plan is sold no more
  return out;
}

bool SubscriptionsService::enabled(const Caller& c, std::int64_t type_id) {
  auto plans = ctx_.plans.get(c.tenant->id);
  const SubscriptionType* t = plans->type(type_id);
  return t && !t->retired && !geo_blocked(*c.tenant, type_id);
}

Holdings SubscriptionsService::list(const Caller& c, bool include_cancelled) {
  Holdings out;
  if (c.guest()) return out;
  out.plans = ctx_.plans.get(c.tenant->id);
  auto subs = ctx_.d.repository.for_user(c.tenant->id, c.user_uuid);
  out.active_types = active_type_ids(subs);
  for (auto& s : subs)
    if (include_cancelled || s.status.state != State::canceled) out.subscriptions.push_back(std::move(s));
  return out;
}

std::vector<SubscriptionEvent> SubscriptionsService::events(std::int64_t tenant_id, const std::string& subscription_id) {
  return ctx_.d.repository.events(tenant_id, subscription_id);
}

bool SubscriptionsService::owned(const Caller& c, const std::string& subscription_id) {
  if (c.guest()) return false;
  auto sub = ctx_.d.repository.subscription(c.tenant->id, subscription_id);
  return sub && sub->user_uuid == c.user_uuid;
}

Result<std::vector<payments::Payment>> SubscriptionsService::payments_of(const Caller& c, const std::string& purchase_id) {
  auto checkout = ctx_.d.repository.checkout(c.tenant->id, purchase_id);
  if (!checkout || checkout->user_uuid != c.user_uuid) {
    // Dev stage: a single purchase's charges too (purpose "article", reference the purchase id).
    auto single = ctx_.d.payments.for_reference(c.tenant->id, "article", purchase_id);
    std::erase_if(single, [&](const payments::Payment& p) { return p.user_uuid != c.user_uuid; });
    if (!single.empty()) return single;
    return Error::of(ErrorCode::checkout_not_found, "No such checkout");
  }
  return ctx_.d.payments.for_reference(c.tenant->id, kCheckoutPurpose, purchase_id);
}

}  // namespace portal::subscriptions
