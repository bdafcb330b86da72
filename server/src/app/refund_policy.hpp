#pragma once
// What a refund does to what was bought: the one refund policy
// (docs/decisions.md "Refunds", docs/contracts.md "Refunds"), applied by
// PaymentsService in the transaction that records a refund's success.
//
//   - a single purchase (purpose "article"): the purchase is CANCELLED and the
//     article (with a collection's members) leaves the wallet;
//   - a subscription period (purposes "checkout" and "renewal"): the plan ends
//     now (INACTIVE, event "refunded");
//   - a voucher order ("vouchers"): nothing; codes already sent stay valid.
// The agent's "keep the plan" (Refund::keep_plan) keeps what was bought
// whatever it is; a partial refund applies the policy as a full one does (the
// agent ticks "keep" for a goodwill refund).
#include "domains/payments/payments_service.hpp"

namespace portal::purchases {
class PurchasesService;
}
namespace portal::subscriptions {
class SubscriptionsService;
}

namespace portal::app {

payments::PaymentsService::RefundThen refund_policy(subscriptions::SubscriptionsService& subscriptions,
                                                    purchases::PurchasesService& purchases);

}  // namespace portal::app
