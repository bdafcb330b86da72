#include "app/refund_policy.hpp"

#include "domains/purchases/purchases_service.hpp"
#include "domains/subscriptions/checkout_flow.hpp"
#include "domains/subscriptions/renewals.hpp"
#include "domains/subscriptions/subscriptions_service.hpp"
#include "domains/vouchers/vouchers_service.hpp"

namespace portal::app {

payments::PaymentsService::RefundThen refund_policy(subscriptions::SubscriptionsService& subscriptions,
                                                    purchases::PurchasesService& purchases,
                                                    vouchers::VouchersService& vouchers) {
  return [&subscriptions, &purchases, &vouchers](db::Session& s, const payments::Payment& p,
                                                 const payments::Refund& r) {
    if (r.keep_plan) return;  // the agent keeps what was bought
    if (p.purpose == purchases::kPaymentPurpose) {
      purchases.on_payment_refunded(s, p);
    } else if (p.purpose == subscriptions::kCheckoutPurpose || p.purpose == subscriptions::kRenewalPurpose) {
      subscriptions.on_payment_refunded(s, p, r.staff_id ? "staff" : "system");
    } else if (p.purpose == vouchers::kPaymentPurpose) {
      // The unredeemed codes stop working; a redeemed one cannot be taken back (the agent confirmed it).
      vouchers.on_payment_refunded(s, p, "refund:" + r.id);
    }
  };
}

payments::PaymentsService::RefundVet refund_vet(vouchers::VouchersService& vouchers) {
  return [&vouchers](db::Session& s, const payments::Payment& p,
                     const payments::RefundRequest& r) -> std::optional<payments::Error> {
    if (r.keep_plan || r.confirm_redeemed || p.purpose != vouchers::kPaymentPurpose) return std::nullopt;
    const auto redeemed = vouchers.redeemed_codes(s, p.tenant_id, p.reference);
    if (redeemed.empty()) return std::nullopt;
    auto e = payments::Error::of(payments::ErrorCode::codes_redeemed,
                                 std::to_string(redeemed.size()) +
                                     " code(s) of this voucher order are redeemed and cannot be taken back; "
                                     "confirm the refund (confirmRedeemed) or keep the order (keepPlan)");
    e.payment_id = p.id;
    for (const auto& c : redeemed) e.redeemed.push_back(c.hint);
    return e;
  };
}

payments::PaymentsService::RefundPreviewer refund_preview(vouchers::VouchersService& vouchers) {
  return [&vouchers](const payments::Payment& p) -> std::optional<payments::RefundPreview> {
    if (p.purpose != vouchers::kPaymentPurpose) return std::nullopt;
    const auto view = vouchers.refund_view(p.tenant_id, p.reference);
    if (!view) return std::nullopt;
    payments::RefundPreview out;
    out.codes = view->codes;
    out.unredeemed_amount = std::min(view->unredeemed_amount, p.amount.amount - p.refunded);
    for (const auto& c : view->redeemed) out.redeemed.push_back({c.hint, c.redeemed_at.value_or("")});
    return out;
  };
}

}  // namespace portal::app
