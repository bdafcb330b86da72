#pragma once
// Pay again (dunning, docs/decisions.md "Pay again"): a subscription held for a failed renewal is paid by its
// subscriber from the manage page. The due period is charged under the renewal's own purpose and reference
// ("<subscription>@<period>"), so it excludes the scheduler's retry of the same period and applies once:
//  - a provider whose own page takes the card (Stripe Checkout): a payment on that page, which keeps the
//    new card for the next renewals; its webhook settles it (Renewals::settled) and the page sends the payer
//    back through returned();
//  - otherwise the saved method is charged now, as the scheduler's retry would, with the payer present.
// Blocking (SQL).
#include <memory>
#include <optional>
#include <string>

#include "domains/subscriptions/renewals.hpp"
#include "domains/subscriptions/service_context.hpp"
#include "domains/subscriptions/service_types.hpp"
#include "domains/subscriptions/subscriptions_errors.hpp"

namespace portal::subscriptions {

class PayAgain {
 public:
  PayAgain(Context& ctx, Renewals& renewals) : ctx_(ctx), renewals_(renewals) {}

  // Where the subscriber continues: the provider's page, or `redirect` (checked as the tenant's) with the
  // purchase-return parameters of the outcome (paid, pending, insufficient funds, declined). Errors:
  // subscription_not_found (not the caller's), nothing_due (not held), payment_option_unavailable (no way
  // to charge it), invalid_redirect, payment (busy).
  Result<std::string> start(const Caller& c, const std::string& subscription_id, const std::string& redirect);
  // The tenant of a subscription id (the provider's page sends the payer back with the id alone); null when none.
  std::shared_ptr<const tenants::Tenant> tenant_of(const std::string& subscription_id);
  // Back from the provider's page: `redirect` (checked) with the parameters of what its webhook settled so
  // far: paid when the period is paid, pending, declined, PAYMENT_CANCELLED when the payer gave
  // up (the page stays payable until it expires; nothing is declined by this call).
  Result<std::string> returned(const Caller& c, const std::string& subscription_id, const std::string& redirect,
                               bool cancelled);

 private:
  Context& ctx_;
  Renewals& renewals_;
};

}  // namespace portal::subscriptions
