#pragma once
// Subscribe and its checkout: the ordered statuses of the contract (sign-in,
// redirect, plan, identity fields, held type or level, price), a free or
// operator plan ACTIVE at once, else one open checkout per user and type with
// its payment options; the charge of a checkout and what it comes to; the
// hosted checkout page and form; a pending checkout payment that settles.
// Blocking (SQL): call it on the database pool.
#include <optional>
#include <string>
#include <vector>

// free-form: the subscribe call's marketing campaign and consents, kept as the client sent them.
#include <boost/json/array.hpp>
#include <boost/json/value.hpp>

#include "domains/subscriptions/pay_again.hpp"
#include "domains/subscriptions/service_context.hpp"
#include "domains/subscriptions/service_types.hpp"
#include "domains/subscriptions/subscriptions_errors.hpp"

namespace portal::subscriptions {

inline constexpr std::string_view kCheckoutPurpose = "checkout";
// A subscription's consents: at most so many, whether given in one call or added on its open checkout later.
inline constexpr std::size_t kMaxConsents = 50;

struct SubscribeInput {
  std::int64_t type_id = 0;
  std::string redirect;
  std::optional<std::string> migrate_sub_id;
  std::optional<std::int64_t> upgrade_to;
  std::optional<payments::Money> price;
  std::optional<std::string> external_code;
  boost::json::value marketing_campaign;  // a string or an object, or null (kept as sent)
  boost::json::array consents;            // subscriptionConsentList
  std::vector<std::string> selected_options;  // payment option codes the user chose ahead; empty: all the plan's
};

// What the hosted checkout page shows.
struct CheckoutView {
  std::shared_ptr<const tenants::Tenant> tenant;
  Checkout checkout;
  CheckoutOption option;
  std::string type_name;
  std::string billing_cycle;
  std::vector<payments::TestInstrument> test_cards;
  bool provider_page = false;  // the option's provider takes the card on its own page (Stripe Checkout)
  bool test_mode = true;
  std::string provider_origin;
};

class CheckoutFlow {
 public:
  CheckoutFlow(Context& ctx, PayAgain& pay_again) : ctx_(ctx), pay_again_(pay_again) {}

  // Subscribed, CheckoutOpened, or Pending (a subscription of the type awaits payment).
  Result<Purchase> subscribe(const Caller& c, const SubscribeInput& in);
  // "Pay now" on a plan held for a failed renewal (pay_again.hpp, issue 72 item 4): a checkout of its due period
  // with the plan's payment options the tenant can take (another card on the hosted page or Stripe's, the mobile
  // bill), the open one again when pressed twice; its charges go to PayAgain. Errors: subscription_not_found (not
  // the caller's), nothing_due (not held), payment_option_unavailable (no way to pay it), invalid_redirect.
  Result<CheckoutOffer> pay_again(const Caller& c, const std::string& subscription_id, const std::string& redirect);
  // Charges `checkout` through `option` with `instrument` (a card number, an
  // MSISDN, a saved card's token): Paid, Pending, or insufficient_funds /
  // payment_declined with the URL to return to; a level or type the user holds
  // meanwhile is never charged.
  // `payment_id`: the payment an operator's code step prepared (PaymentsService::verify_code).
  Result<Purchase> charge(const Caller& c, const Checkout& checkout, const CheckoutOption& option,
                          const std::string& instrument, bool saved, std::optional<std::string> payment_id = std::nullopt);
  // The checkout was paid or is pending already: Pending, or already_subscribed.
  Result<Purchase> already_done(const Caller& c, const Checkout& checkout);

  // The hosted checkout: the page, and the form's outcome as the URL to return to.
  Result<CheckoutView> view(const std::string& option_uuid);
  // backend_base: the tenant's configured origin + "/backend" (where a provider's page sends the payer back).
  Result<std::string> submit(const std::string& option_uuid, const std::string& card, bool cancel,
                             const std::string& lang, const std::string& backend_base = "");
  // The payer is back from the provider's page (Stripe Checkout): the URL to return to, as the payment's
  // webhook left it (paid; not yet settled: pending; declined). `cancelled`: the payer gave up on
  // that page, and a payment not paid meanwhile is declined (a payment the provider takes later goes back).
  Result<std::string> returned(const std::string& option_uuid, bool cancelled);

  // A pending checkout payment settled, in its transaction. A success for a
  // level of a plan group where the user meanwhile holds another one is
  // refused (payments::SettlementRefused): the payment settles declined.
  void settled(db::Session& s, const payments::Payment& p);

 private:
  // Records the outcome of a checkout charge, in the payment's transaction.
  void finish(db::Session& s, const Checkout& c, const CheckoutOption& o, const payments::Payment& p);
  CheckoutOffer reoffer(const Caller& c, const Checkout& open) const;
  std::optional<SubscriptionView> live_view(const Caller& c, std::int64_t type_id);
  std::optional<payments::Payment> pending_payment(const Checkout& checkout);

  Context& ctx_;
  PayAgain& pay_again_;
};

}  // namespace portal::subscriptions
