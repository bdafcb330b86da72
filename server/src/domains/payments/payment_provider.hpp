#pragma once
// A payment provider: validates an instrument, charges it (fresh or saved),
// says whether it needs a PIN first, and where its hosted checkout lives.
// The two built-in sandbox providers decide the outcome from the test card
// or the MSISDN suffix (docs/contracts.md "Subscriptions"); Stripe
// (stripe_provider.hpp) calls out over the network: a first payment on its
// hosted Checkout page (pending until its webhook), renewals off-session.
//
// Every call that moves money carries an idempotency key derived from the
// portal's own operation (a charge: its payment's id; a refund: its refund's
// id): a provider answers a repeated key with the first call's outcome and
// moves no money again, so a retry after a crash, a timeout or a takeover by
// another instance is safe. find_charge() tells what a key's charge became.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domains/payments/payments_errors.hpp"
#include "domains/payments/payments_types.hpp"

namespace portal::payments {

class SandboxLedger;

struct ProviderCharge {
  Status status = Status::declined;  // succeeded, pending, insufficient_funds, declined
  std::string label;                 // masked instrument
  std::optional<std::string> save_token;      // on success: keep for later charges
  std::chrono::seconds settle_after{0};       // pending: when it settles by itself
  Status settle_outcome = Status::succeeded;  // pending: how it settles
  std::optional<std::string> reference;       // the provider's name of the charge (Stripe: cs_…, pi_…)
  std::optional<std::string> redirect_url;    // pending on the provider's own page: where the payer goes to pay
};

// One charge as the provider is asked it. `key` is its idempotency key (the payment's id).
struct ChargeCall {
  std::int64_t tenant_id = 0;
  std::string key;
  Money amount;
  std::string instrument;  // the normalised instrument, or the saved method's token when `saved`
  bool saved = false;
  std::optional<HostedPayment> hosted;
  bool present = false;  // a saved method charged with its holder there (ChargeRequest::present)
};

// A refund's outcome at the provider: done now, refused, or pending (settles
// after settle_after, by the scheduler or the sandbox webhook).
struct ProviderRefund {
  RefundStatus status = RefundStatus::failed;
  std::chrono::seconds settle_after{0};
  RefundStatus settle_outcome = RefundStatus::succeeded;
};

// An operator that sends its own one-time code for a bill payment (CAMARA: preparePayment's validationInfo, or One
// Time Password SMS): what the PIN step asks of it. The payment's id is chosen then (CodeSent::payment_id), so the
// charge that follows the code (ChargeRequest::payment_id) is the one the operator prepared.
struct CodeCall {
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::string reference;    // what the code confirms (a checkout option, a purchase)
  std::string msisdn;       // normalised
  Money amount;
  std::string description;  // what is bought, in the payer's language (the bill's line)
  std::string message;      // the SMS with {{code}} where the operator writes its code (One Time Password SMS)
};
struct CodeSent {
  std::string payment_id;
  bool refused = false;  // the operator refused the payment when asked: charge payment_id now (it records the refusal)
};
struct CodeChecked {
  std::string msisdn;
  std::string payment_id;
};

struct TestInstrument {
  std::string number;   // "4242 4242 4242 4242"
  std::string outcome;  // "success", "insufficient", "pending", "declined", "renewalFails"
};

class PaymentProvider {
 public:
  virtual ~PaymentProvider() = default;
  virtual std::string_view name() const = 0;
  // Operator billing confirms with a PIN sent to the MSISDN before charging.
  virtual bool needs_pin() const = 0;
  // The normalised instrument, or the problem (invalid_card, invalid_msisdn).
  virtual Result<std::string> normalize(std::string_view raw) const = 0;
  virtual ProviderCharge charge(const ChargeCall& call) = 0;
  // The charge made under call.key, or nullopt when no call with it reached the provider.
  virtual std::optional<ProviderCharge> find_charge(const ChargeCall& call) = 0;
  // The hosted checkout page of a WEB option; nullopt for API-only providers.
  virtual std::optional<std::string> hosted_checkout_url(std::string_view backend_base, std::string_view option_uuid,
                                                          std::string_view lang) const = 0;
  // Gives back (part of) a succeeded payment (payment.instrument names the
  // masked instrument the provider charged).
  virtual ProviderRefund refund(const Payment& payment, const Money& amount, std::string_view key) = 0;
  // The provider's own page takes the card (Stripe Checkout): the portal's checkout page sends the payer there.
  virtual bool collects_card() const { return false; }
  // That page's origin ("https://checkout.stripe.com"): the checkout page's form may redirect there (CSP form-action).
  virtual std::string page_origin() const { return ""; }
  // Whether the tenant can take payments through it (Stripe: once its account is configured).
  virtual bool available_to(std::int64_t /*tenant_id*/) const { return true; }
  // Test mode (Stripe's test keys, the sandbox): the checkout says no real money moves.
  virtual bool test_mode(std::int64_t /*tenant_id*/) const { return true; }
  // What the hosted page lists for testing.
  virtual std::vector<TestInstrument> test_instruments() const { return {}; }
  // Where a PENDING refund stands at the provider, asked when its settle time passed and no word came (Stripe:
  // succeeded, failed, or still pending); nullopt when the provider cannot be asked (the sandbox: its refunds
  // settle as they were told to). Throws when the provider cannot be reached (asked again at the next run).
  virtual std::optional<RefundStatus> refund_status(const Payment& /*payment*/, const Refund& /*refund*/) {
    return std::nullopt;
  }
  // Where a PENDING charge stands at the provider, asked when its settle time passed and no word came (CAMARA:
  // retrievePayment): succeeded, declined, or still pending; nullopt when it cannot be asked (it settles as it was
  // told to). Throws when the provider cannot be reached (asked again at the next run).
  virtual std::optional<Status> charge_status(const Payment& /*payment*/) { return std::nullopt; }

  // ---- an operator's own code (needs_pin() providers that send it themselves; the others' PIN is the portal's)
  virtual bool sends_own_code() const { return false; }
  // Asks the operator to send its code for the payment: the payment's id to charge after the code. Errors:
  // invalid_msisdn (not a number of the operator's, or one that takes no SMS), too_many_codes, provider_unavailable.
  virtual Result<CodeSent> send_code(const CodeCall& /*call*/) {
    return Error::of(ErrorCode::unknown_provider, "this provider sends no code");
  }
  // Checks the code the payer typed for the latest code of (tenant, user, reference) with the operator: the number
  // and the payment's id; invalid_pin with the tries left otherwise (wrong, expired, spent, none sent).
  virtual Result<CodeChecked> check_code(std::int64_t /*tenant_id*/, const std::string& /*user_uuid*/,
                                         const std::string& /*reference*/, const std::string& /*code*/) {
    return Error::of(ErrorCode::invalid_pin, "this provider sends no code");
  }
  // A payment prepared for a code that will not be charged (its claim was refused): the operator's reservation ends.
  virtual void release_code(std::int64_t /*tenant_id*/, const std::string& /*payment_id*/) {}
};

// Cards: 4242 4242 4242 4242 success, 4000 0000 0000 9995 insufficient funds,
// 4000 0000 0000 0077 pending (settles after 2 minutes, or by webhook),
// 4000 0000 0000 0002 declined, 4000 0000 0000 0341 succeeds now and every
// later charge of the saved card fails with insufficient funds (renewal tests),
// 4000 0000 0000 0119 charges succeed and every refund fails. Refunds of the
// other cards succeed at once.
// Calls are booked in `ledger` by key (sandbox_ledger.hpp); without one (unit tests) every call decides anew
// and find_charge() knows none.
class SandboxCardProvider final : public PaymentProvider {
 public:
  explicit SandboxCardProvider(SandboxLedger* ledger = nullptr) : ledger_(ledger) {}
  std::string_view name() const override { return "sandbox"; }
  bool needs_pin() const override { return false; }
  Result<std::string> normalize(std::string_view raw) const override;
  ProviderCharge charge(const ChargeCall& call) override {
    return call.saved ? charge_saved(call.instrument, call.amount, call.key) : charge(call.instrument, call.amount, call.key);
  }
  std::optional<ProviderCharge> find_charge(const ChargeCall& call) override { return find_charge(call.key); }
  ProviderCharge charge(const std::string& card, const Money& amount, std::string_view key);
  ProviderCharge charge_saved(const std::string& token, const Money& amount, std::string_view key);
  std::optional<ProviderCharge> find_charge(std::string_view key);
  std::optional<std::string> hosted_checkout_url(std::string_view backend_base, std::string_view option_uuid,
                                                  std::string_view lang) const override;
  ProviderRefund refund(const Payment& payment, const Money& amount, std::string_view key) override;
  std::vector<TestInstrument> test_instruments() const override;

 private:
  SandboxLedger* ledger_;
};

// MSISDNs (8-15 digits) ending 0000 insufficient, 1111 pending (settles after
// 2 minutes), 9999 declined, others succeed; the number is kept for renewals.
// A refund to the mobile bill is pending and succeeds after 2 minutes (or by webhook).
class SandboxOperatorProvider final : public PaymentProvider {
 public:
  explicit SandboxOperatorProvider(SandboxLedger* ledger = nullptr) : ledger_(ledger) {}
  std::string_view name() const override { return "sandbox-operator"; }
  bool needs_pin() const override { return true; }
  Result<std::string> normalize(std::string_view raw) const override;
  ProviderCharge charge(const ChargeCall& call) override {
    return call.saved ? charge_saved(call.instrument, call.amount, call.key) : charge(call.instrument, call.amount, call.key);
  }
  std::optional<ProviderCharge> find_charge(const ChargeCall& call) override { return find_charge(call.key); }
  ProviderCharge charge(const std::string& msisdn, const Money& amount, std::string_view key);
  ProviderCharge charge_saved(const std::string& token, const Money& amount, std::string_view key);
  std::optional<ProviderCharge> find_charge(std::string_view key);
  ProviderRefund refund(const Payment& payment, const Money& amount, std::string_view key) override;
  std::optional<std::string> hosted_checkout_url(std::string_view, std::string_view, std::string_view) const override {
    return std::nullopt;
  }

 private:
  SandboxLedger* ledger_;
};

inline constexpr std::chrono::seconds kSandboxSettleAfter{120};

}  // namespace portal::payments
