#pragma once
// Stripe as the card provider of a tenant that configured its account (stripe_accounts.hpp,
// docs/decisions.md "Stripe"):
//  - a first payment is a Checkout Session (hosted by Stripe: the card never touches the portal). The charge
//    answers pending with the session's page to send the payer to; the webhook settles it
//    (checkout.session.completed), never the payer's return. A plan's session saves the card for off-session
//    use (setup_future_usage), and the settled payment keeps "<customer> <payment method>" as the saved token;
//  - a renewal is an off-session PaymentIntent on the saved method, confirmed at once: succeeded, or declined
//    when the bank wants the payer present (authentication_required) or refuses: the grace and dunning path;
//  - a refund is a Refund of the payment's PaymentIntent.
// Every POST carries an Idempotency-Key made of the portal's own operation (a payment's id, a refund's id), so
// Stripe answers a repeated call with the first one's result and moves no money again.
#include <string>

#include "core/clock.hpp"
#include "domains/payments/payment_provider.hpp"
#include "domains/payments/stripe_accounts.hpp"
#include "domains/payments/stripe_client.hpp"

namespace portal::payments {

// A Checkout Session can be paid this long (Stripe allows 30 minutes to 24 hours); the payment declines by
// itself a little after, when no webhook settled it.
inline constexpr std::chrono::minutes kStripeSessionLifetime{60};
inline constexpr std::chrono::minutes kStripeSessionSettleAfter{75};

class StripeProvider final : public PaymentProvider {
 public:
  // checkout_origin: where Stripe Checkout's pages are ("https://checkout.stripe.com"; the tests' Stripe server).
  StripeProvider(const StripeAccounts& accounts, const StripeClient& client, const core::Clock& clock,
                 std::string checkout_origin = "https://checkout.stripe.com")
      : accounts_(accounts), client_(client), clock_(clock), checkout_origin_(std::move(checkout_origin)) {}
  std::string_view name() const override { return "stripe"; }
  bool needs_pin() const override { return false; }
  // Stripe's page takes the card: nothing is entered in the portal.
  Result<std::string> normalize(std::string_view) const override { return std::string(); }
  ProviderCharge charge(const ChargeCall& call) override;
  // An off-session charge is asked again with its idempotency key (Stripe keeps a key's answer 24 hours: it
  // answers what the first call did, or makes the call now when it never arrived, as the retry would); a
  // Checkout Session whose creation was cut off was never shown to its payer: nothing to find.
  std::optional<ProviderCharge> find_charge(const ChargeCall& call) override;
  std::optional<std::string> hosted_checkout_url(std::string_view backend_base, std::string_view option_uuid,
                                                  std::string_view lang) const override;
  ProviderRefund refund(const Payment& payment, const Money& amount, std::string_view key) override;
  // The refund among its PaymentIntent's refunds at Stripe (by metadata[refund_id]).
  std::optional<RefundStatus> refund_status(const Payment& payment, const Refund& refund) override;
  bool collects_card() const override { return true; }
  std::string page_origin() const override { return checkout_origin_; }
  bool available_to(std::int64_t tenant_id) const override { return accounts_.view(tenant_id).has_value(); }
  bool test_mode(std::int64_t tenant_id) const override {
    auto v = accounts_.view(tenant_id);
    return !v || v->mode == "test";
  }

  // "Visa •••• 4242" of a payment method object, or of a charge's payment_method_details.
  static std::string card_label(const boost::json::value& card);

 private:
  ProviderCharge checkout_session(const ChargeCall& call, const StripeAccount& account);
  ProviderCharge off_session(const ChargeCall& call, const StripeAccount& account);
  const StripeAccounts& accounts_;
  const StripeClient& client_;
  const core::Clock& clock_;
  std::string checkout_origin_;
};

// The saved token of a card Stripe keeps for a customer: "<cus_…> <pm_…>".
std::string stripe_token(const std::string& customer, const std::string& payment_method);

}  // namespace portal::payments
