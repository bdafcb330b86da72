#include "domains/subscriptions/pay_again.hpp"

#include <boost/url.hpp>

#include "core/log.hpp"
#include "domains/hosted/return_state.hpp"
#include "domains/subscriptions/purchase_rules.hpp"

namespace portal::subscriptions {
using payments::Payment;
using PayStatus = payments::Status;
using hosted::Ending;

namespace {

// Held for a failed renewal: ACTIVE, its payment pending, in grace, with the period still due.
bool held(const UserSubscription& sub) {
  return sub.status.state == State::active && sub.status.pending && sub.grace_until && sub.next_renewal_date;
}

std::string reference_of(const UserSubscription& sub) { return sub.id + "@" + *sub.next_renewal_date; }

}  // namespace

std::shared_ptr<const tenants::Tenant> PayAgain::tenant_of(const std::string& subscription_id) {
  const auto id = ctx_.d.repository.tenant_of(subscription_id);
  return id && ctx_.d.tenant_by_id ? ctx_.d.tenant_by_id(*id) : nullptr;
}

Result<std::string> PayAgain::start(const Caller& c, const std::string& subscription_id, const std::string& redirect) {
  if (c.guest()) return Error::sign_in();
  auto back = allowed_return(c, redirect);
  if (!back) return back.error();
  auto& d = ctx_.d;
  auto sub = d.repository.subscription(c.tenant->id, subscription_id);
  if (!sub || sub->user_uuid != c.user_uuid) return Error::of(ErrorCode::subscription_not_found, "No such subscription");
  if (!held(*sub)) return Error::of(ErrorCode::nothing_due, "The subscription is not held for a failed renewal");
  auto plans = ctx_.plans.get(c.tenant->id);
  const SubscriptionType* t = plans->type(sub->type_id);
  if (!t) return Error::of(ErrorCode::type_not_found, "The plan no longer exists");
  const std::string sub_type = std::to_string(sub->type_id);
  const auto to = [&](Ending ending, hosted::ReturnParams params = {}) {
    params.emplace_back("subTypeId", sub_type);
    return hosted::return_url(*back, ending, params);
  };

  payments::ChargeRequest req;
  req.tenant_id = sub->tenant_id;
  req.user_uuid = sub->user_uuid;
  req.purpose = kRenewalPurpose;
  req.reference = reference_of(*sub);
  req.amount = t->renewal_price(*sub->next_renewal_date);  // the price the period was due at
  std::optional<payments::SavedMethod> method;
  if (sub->payment_method_id) method = d.payments.method_by_id(sub->tenant_id, *sub->payment_method_id);
  const PaymentOption* option = sub->payment_option ? plans->option(*sub->payment_option) : nullptr;
  req.provider = option ? option->provider : method ? method->provider : "";
  const auto* provider = d.payments.provider(req.provider);
  if (provider && provider->collects_card() && provider->available_to(sub->tenant_id)) {
    // A new card on the provider's page, kept for the next renewals.
    boost::urls::url ret(c.backend_base + "/subscription/payAgain/return/" + sub->id);
    ret.params().append({"lang", c.lang});
    ret.params().append({"state", hosted::return_state(hosted::kPayAgainReturn, sub->id)});
    ret.params().append({"redirect", *back});
    payments::HostedPayment hosted;
    hosted.description = type_name(*t, c.lang);
    hosted.success_url = std::string(ret.buffer());
    ret.params().append({"cancelled", "1"});
    hosted.cancel_url = std::string(ret.buffer());
    hosted.lang = c.lang;
    if (auto user = d.users.by_uuid(sub->tenant_id, sub->user_uuid)) hosted.email = user->email;
    hosted.save_for_later = true;
    req.hosted = std::move(hosted);
  } else if (method && provider && method->provider == req.provider) {
    req.instrument = method->token;
    req.saved = true;
    req.present = true;  // the subscriber pressed the button
  } else {
    return Error::of(ErrorCode::payment_option_unavailable, "The subscription has no way to be paid again");
  }

  std::optional<std::string> refund_due;  // charged, but the subscription changed meanwhile
  auto charged = d.payments.charge(req, [&](db::Session& s, const Payment& p) {
    refund_due.reset();  // runs in the payment's transaction, which may be retried
    if (p.status == PayStatus::succeeded && !renewals_.settled(s, p)) refund_due = p.id;
  });
  if (!charged) {
    const payments::Error failed = charged.error();
    if (failed.code != payments::ErrorCode::payment_exists) return Error::from_payment(failed);
    // Paid or being paid already (this page opened twice, the scheduler's retry in flight): where that stands.
    for (const auto& p : d.payments.for_reference(sub->tenant_id, kRenewalPurpose, req.reference)) {
      if (p.status == PayStatus::pending && p.provider_url) return *p.provider_url;
      if (p.status == PayStatus::succeeded) return to(Ending::paid, {{"purchaseID", p.id}, {"type", "subscription"}});
    }
    return to(Ending::pending);
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
    case PayStatus::succeeded:
      return to(Ending::paid, {{"purchaseID", charged->id}, {"type", "subscription"}});
    case PayStatus::pending:
      return charged->provider_url ? *charged->provider_url : to(Ending::pending, {{"purchaseID", charged->id}});
    case PayStatus::insufficient_funds:
      return to(Ending::insufficient_funds);
    default: {
      const std::string declined = ctx_.text(c.lang, "declined");
      return to(Ending::declined, {{"msg", declined}});
    }
  }
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
  if (held(*sub))
    for (const auto& p : ctx_.d.payments.for_reference(sub->tenant_id, kRenewalPurpose, reference_of(*sub)))
      pending = pending || p.status == PayStatus::pending;
  if (cancelled) return to(Ending::cancelled);
  if (pending) return to(Ending::pending);
  const std::string declined = ctx_.text(c.lang, "declined");
  return to(Ending::declined, {{"msg", declined}});
}

}  // namespace portal::subscriptions
