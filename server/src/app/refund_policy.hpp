#pragma once
// What a refund does to what was bought: the one refund policy
// (docs/decisions.md "Refunds", docs/contracts.md "Refunds"), applied by
// PaymentsService in the transaction that records a refund's success.
//
//   - a single purchase (purpose "article"): the purchase is CANCELLED and the
//     article (with a collection's members) leaves the wallet;
//   - a subscription period (purposes "checkout" and "renewal"): the plan ends
//     now (INACTIVE, event "refunded");
//   - a voucher order ("vouchers"): its unredeemed codes are voided and an
//     order not fulfilled yet gets none; a redeemed code cannot be taken back,
//     so a refund of an order with redeemed codes is refused before anything is
//     reserved (refund_vet) unless the agent confirms it (confirm_redeemed),
//     having seen them in the preview (refund_preview).
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
namespace portal::vouchers {
class VouchersService;
}

namespace portal::app {

payments::PaymentsService::RefundThen refund_policy(subscriptions::SubscriptionsService& subscriptions,
                                                    purchases::PurchasesService& purchases,
                                                    vouchers::VouchersService& vouchers);
// In the refund's reservation: a voucher order with redeemed codes needs the agent's confirmation.
payments::PaymentsService::RefundVet refund_vet(vouchers::VouchersService& vouchers);
// What the refund dialog shows first: a voucher order's codes, the redeemed ones, the unredeemed share.
payments::PaymentsService::RefundPreviewer refund_preview(vouchers::VouchersService& vouchers);

}  // namespace portal::app
