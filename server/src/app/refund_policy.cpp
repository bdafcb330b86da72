#include "app/refund_policy.hpp"

#include "domains/purchases/purchases_service.hpp"
#include "domains/subscriptions/checkout_flow.hpp"
#include "domains/subscriptions/renewals.hpp"
#include "domains/subscriptions/subscriptions_service.hpp"

namespace portal::app {

payments::PaymentsService::RefundThen refund_policy(subscriptions::SubscriptionsService& subscriptions,
                                                    purchases::PurchasesService& purchases) {
  return [&subscriptions, &purchases](db::Session& s, const payments::Payment& p, const payments::Refund& r) {
    if (r.keep_plan) return;  // the agent keeps what was bought
    if (p.purpose == purchases::kPaymentPurpose) {
      purchases.on_payment_refunded(s, p);
    } else if (p.purpose == subscriptions::kCheckoutPurpose || p.purpose == subscriptions::kRenewalPurpose) {
      subscriptions.on_payment_refunded(s, p, r.staff_id ? "staff" : "system");
    }
    // vouchers: the codes stay (a redeemed code cannot be taken back).
  };
}

}  // namespace portal::app
