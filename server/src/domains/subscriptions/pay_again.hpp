#pragma once
// Pay again (dunning, docs/decisions.md "Pay again"): a subscription held for a failed renewal is paid by its
// subscriber from the manage page or the plans page, as the dunning mail promises, with another card or the mobile
// bill (issue 72 item 4). "Pay now" opens a pay-again checkout (CheckoutFlow::pay_again): the plan's own payment
// options for the due period, each as a new subscription's checkout offers them (the hosted card page, Stripe
// Checkout where the tenant's card option is Stripe's, the operator's PIN). This part charges such a checkout: the
// due period under the renewal's own purpose and reference ("<subscription>@<period>"), so it excludes the
// scheduler's retry of the same period, a second press or a second tab, and applies once (Renewals::settled, in
// the payment's transaction; the period's payment and a PAID pay-again checkout are unique in the database). The
// card or number that paid renews next. Blocking (SQL).
#include <memory>
#include <optional>
#include <string>

#include "domains/subscriptions/renewals.hpp"
#include "domains/subscriptions/service_context.hpp"
#include "domains/subscriptions/service_types.hpp"
#include "domains/subscriptions/subscriptions_errors.hpp"

namespace portal::subscriptions {

// Held for a failed renewal: ACTIVE, its payment pending, in grace, with the period still due.
bool held_for_renewal(const UserSubscription& sub);
// The reference of its due period's payment: "<subscription>@<next renewal date>".
std::string due_reference(const UserSubscription& sub);

class PayAgain {
 public:
  PayAgain(Context& ctx, Renewals& renewals) : ctx_(ctx), renewals_(renewals) {}

  // Charges the pay-again `checkout` through `option` with `instrument` (a card number, an MSISDN whose PIN was
  // checked, a saved token): Paid (the storefront's return address, status 200), Pending (the provider's page,
  // Stripe Checkout), or insufficient_funds / payment_declined with the address to return to; nothing_due when
  // the period is no longer due (paid meanwhile, grace over), never charged.
  Result<Purchase> charge(const Caller& c, const Checkout& checkout, const CheckoutOption& option,
                          const std::string& instrument, bool saved, std::optional<std::string> payment_id = std::nullopt);
  // A pay-again checkout already paid or pending: where that stands (Paid or Pending).
  Result<Purchase> done(const Caller& c, const Checkout& checkout);
  // Its payment settled (the scheduler, the provider's webhook), in the payment's transaction: the period applies
  // when still due, with the option that paid, and the checkout follows (PAID, FAILED). False when not applied.
  bool settled(db::Session& s, const payments::Payment& p);

  // The tenant of a subscription id (the provider's page sends the payer back with the id alone); null when none.
  std::shared_ptr<const tenants::Tenant> tenant_of(const std::string& subscription_id);
  // Back from Stripe's page of a pay-again started before pay-again checkouts (GET
  // /backend/subscription/payAgain/return/{id}): `redirect` (checked) with the parameters of what its webhook
  // settled so far: paid, pending, declined, PAYMENT_CANCELLED when the payer gave up.
  Result<std::string> returned(const Caller& c, const std::string& subscription_id, const std::string& redirect,
                               bool cancelled);

 private:
  Context& ctx_;
  Renewals& renewals_;
};

}  // namespace portal::subscriptions
