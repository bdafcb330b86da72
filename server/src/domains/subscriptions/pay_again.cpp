#include "domains/subscriptions/pay_again.hpp"

#include "core/log.hpp"
#include "domains/hosted/return_state.hpp"
#include "domains/subscriptions/purchase_rules.hpp"

namespace portal::subscriptions {
using payments::Payment;
using PayStatus = payments::Status;
using hosted::Ending;

bool held_for_renewal(const UserSubscription& sub) {
  return sub.status.state == State::active && sub.status.pending && sub.grace_until && sub.next_renewal_date;
}

std::string due_reference(const UserSubscription& sub) { return sub.id + "@" + sub.next_renewal_date.value_or(""); }

namespace {

// The storefront's page the checkout returns to, with the purchase-return parameters of `ending`.
std::string back_to(const Checkout& checkout, Ending ending, hosted::ReturnParams params = {}) {
  params.insert(params.begin(), {"subTypeId", std::to_string(checkout.type_id)});
  return hosted::return_url(checkout.redirect, ending, params);
}

std::string paid_url(const Checkout& checkout) {
  return back_to(checkout, Ending::paid, {{"purchaseID", checkout.id}, {"type", "subscription"}});
}

}  // namespace

Result<Purchase> PayAgain::charge(const Caller& c, const Checkout& checkout, const CheckoutOption& option,
                                  const std::string& instrument, bool saved, std::optional<std::string> payment_id) {
  auto& d = ctx_.d;
  std::optional<UserSubscription> sub;
  if (checkout.subscription_id) sub = d.repository.subscription(checkout.tenant_id, *checkout.subscription_id);
  if (!sub || !held_for_renewal(*sub) || sub->next_renewal_date != checkout.pays_period)
    return Error::of(ErrorCode::nothing_due, "The period is no longer due; nothing was charged");
  auto plans = ctx_.plans.get(checkout.tenant_id);
  const SubscriptionType* t = plans->type(sub->type_id);
  const auto* provider = d.payments.provider(option.provider);
  if (!t || !provider || !provider->available_to(checkout.tenant_id))
    return Error::of(ErrorCode::payment_option_unavailable, "The payment option is not available");

  payments::ChargeRequest req;
  req.tenant_id = sub->tenant_id;
  req.user_uuid = sub->user_uuid;
  req.purpose = kRenewalPurpose;
  req.reference = due_reference(*sub);
  req.provider = option.provider;
  req.instrument = instrument;
  req.saved = saved;
  req.present = true;  // the subscriber pressed the button
  req.amount = checkout.amount;  // the price the period was due at (checked when the checkout opened)
  req.payment_id = std::move(payment_id);
  if (provider->collects_card()) {
    // The provider's page takes the new card, kept for the next renewals; it sends the payer back to the checkout's
    // return, which reads what its webhook settled.
    const std::string back = c.backend_base + "/checkout/return/" + option.uuid + "?lang=" + c.lang +
                             "&state=" + hosted::return_state(hosted::kSubscriptionReturn, option.uuid);
    payments::HostedPayment hosted;
    hosted.description = type_name(*t, c.lang);
    hosted.success_url = back;
    hosted.cancel_url = back + "&cancelled=1";
    hosted.lang = c.lang;
    if (auto user = d.users.by_uuid(sub->tenant_id, sub->user_uuid)) hosted.email = user->email;
    hosted.save_for_later = true;
    req.hosted = std::move(hosted);
  }

  std::optional<std::string> refund_due;  // charged, but the period was no longer due when it was recorded
  auto charged = d.payments.charge(req, [&](db::Session& s, const Payment& p) {
    refund_due.reset();  // runs in the payment's transaction, which may be retried
    if (p.status == PayStatus::succeeded) {
      if (!renewals_.settled(s, p, option.code)) refund_due = p.id;
      else d.repository.set_checkout_status(s, checkout.tenant_id, checkout.id, "OPEN", "PAID", std::nullopt,
                                            ctx_.d.clock.now_text());
    } else if (p.status == PayStatus::pending) {
      d.repository.set_checkout_status(s, checkout.tenant_id, checkout.id, "OPEN", "PENDING", std::nullopt,
                                       ctx_.d.clock.now_text());
    }
  });
  if (!charged) {
    const payments::Error failed = charged.error();
    if (failed.code != payments::ErrorCode::payment_exists) return Error::from_payment(failed);
    // Paid or being paid already (a second tab, the scheduler's retry in flight): where that stands.
    for (const auto& p : d.payments.for_reference(sub->tenant_id, kRenewalPurpose, req.reference)) {
      if (p.status == PayStatus::pending && p.provider_url) return Pending{"The payment is pending", *p.provider_url, p.id, {}};
      if (p.status == PayStatus::succeeded) return Paid{paid_url(checkout), {}};
    }
    return Pending{"The payment is pending", back_to(checkout, Ending::pending, {{"purchaseID", checkout.id}}), {}, {}};
  }
  if (refund_due) {
    payments::RefundRequest refund;
    refund.tenant_id = sub->tenant_id;
    refund.payment_id = *refund_due;
    refund.amount = req.amount.amount;
    refund.reason = "paid again but the subscription changed meanwhile";
    refund.keep_plan = true;
    const bool refunded = d.payments.refund(refund).has_value();
    core::log_json(refunded ? spdlog::level::info : spdlog::level::err,
                   refunded ? "paid again but the subscription changed; refunded"
                            : "paid again but the subscription changed; refund failed",
                   {{"subscription", sub->id}, {"payment", *refund_due}});
    return Error::of(ErrorCode::nothing_due, "The subscription changed meanwhile; the payment was refunded");
  }
  switch (charged->status) {
    case PayStatus::succeeded: {
      auto subs = d.repository.for_user(sub->tenant_id, sub->user_uuid);
      std::optional<SubscriptionView> view;
      for (const auto& s : subs)
        if (s.id == sub->id) view = SubscriptionView{plans, active_type_ids(subs), s};
      return Paid{paid_url(checkout), std::move(view)};
    }
    case PayStatus::pending:  // on the provider's page (Stripe Checkout): the payer goes there
      return Pending{"The payment is pending",
                     charged->provider_url ? *charged->provider_url
                                           : back_to(checkout, Ending::pending, {{"purchaseID", checkout.id}}),
                     charged->id, {}};
    case PayStatus::insufficient_funds: {
      Error e = Error::of(ErrorCode::insufficient_funds, "Insufficient funds");
      e.url = back_to(checkout, Ending::insufficient_funds);
      e.subscription_id = std::optional<std::string>(sub->id);
      return e;
    }
    default: {
      const std::string declined = ctx_.text(c.lang, "declined");
      Error e = Error::of(ErrorCode::payment_declined, declined);
      e.url = back_to(checkout, Ending::declined, {{"msg", declined}});
      return e;
    }
  }
}

Result<Purchase> PayAgain::done(const Caller& c, const Checkout& checkout) {
  if (checkout.status == "PAID") return Paid{paid_url(checkout), {}};
  if (checkout.subscription_id && checkout.pays_period)
    for (const auto& p : ctx_.d.payments.for_reference(checkout.tenant_id, kRenewalPurpose,
                                                       *checkout.subscription_id + "@" + *checkout.pays_period))
      if (p.status == PayStatus::pending) return Pending{"The payment is pending", p.provider_url, p.id, {}};
  return Error::of(ErrorCode::checkout_closed, "This checkout is closed; press Pay now again");
}

bool PayAgain::settled(db::Session& s, const Payment& p) {
  const auto at = p.reference.find('@');
  if (at == std::string::npos) return renewals_.settled(s, p);
  const std::string sub_id = p.reference.substr(0, at);
  const std::string period = p.reference.substr(at + 1);
  auto& repo = ctx_.d.repository;
  // Paid through a pay-again checkout (pending on the provider's page): the option that paid renews next.
  auto checkout = repo.pay_again_checkout(s, p.tenant_id, sub_id, period);
  std::optional<std::string> code;
  if (checkout) {
    auto plans = ctx_.plans.get(p.tenant_id, &s);
    for (const auto& offered : checkout->offer.options)
      if (const auto* o = plans->option(offered.code); o && o->provider == p.provider) code = o->code;
  }
  const bool applied = renewals_.settled(s, p, code);
  if (checkout && checkout->status == "PENDING") {
    if (applied) repo.set_checkout_status(s, p.tenant_id, checkout->id, "PENDING", "PAID", std::nullopt,
                                          ctx_.d.clock.now_text());
    else if (p.status != PayStatus::succeeded)
      repo.set_checkout_status(s, p.tenant_id, checkout->id, "PENDING", "FAILED", std::nullopt,
                               ctx_.d.clock.now_text());
  }
  return applied;
}

std::shared_ptr<const tenants::Tenant> PayAgain::tenant_of(const std::string& subscription_id) {
  const auto id = ctx_.d.repository.tenant_of(subscription_id);
  return id && ctx_.d.tenant_by_id ? ctx_.d.tenant_by_id(*id) : nullptr;
}

Result<std::string> PayAgain::returned(const Caller& c, const std::string& subscription_id, const std::string& redirect,
                                       bool cancelled) {
  auto back = allowed_return(c, redirect);
  if (!back) return back.error();
  auto sub = ctx_.d.repository.subscription(c.tenant->id, subscription_id);
  if (!sub) return Error::of(ErrorCode::subscription_not_found, "No such subscription");
  const auto to = [&](Ending ending, hosted::ReturnParams params = {}) {
    params.emplace_back("subTypeId", std::to_string(sub->type_id));
    return hosted::return_url(*back, ending, params);
  };
  if (sub->status.state == State::active && !sub->status.pending)
    return to(Ending::paid, {{"type", "subscription"}});
  bool pending = false;
  if (held_for_renewal(*sub))
    for (const auto& p : ctx_.d.payments.for_reference(sub->tenant_id, kRenewalPurpose, due_reference(*sub)))
      pending = pending || p.status == PayStatus::pending;
  if (cancelled) return to(Ending::cancelled);
  if (pending) return to(Ending::pending);
  const std::string declined = ctx_.text(c.lang, "declined");
  return to(Ending::declined, {{"msg", declined}});
}

}  // namespace portal::subscriptions
