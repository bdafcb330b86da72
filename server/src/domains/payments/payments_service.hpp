#pragma once
// Charges, saved methods, operator PINs and settling (docs/contracts.md
// "Subscriptions"): the rules; the SQL is in PaymentsRepository. Every
// method blocks (SQL): call it on the database pool.
//
// A charge is claimed first (a PROCESSING row, unique per purpose and
// reference while in flight, pending or succeeded, and per exclusive key while
// in flight), the caller's `vet` runs in the claim's transaction, then the
// provider is asked, then the outcome is written in one transaction together
// with the caller's own change (`then`), so a paid charge never lacks its
// effect. Expected failures are payments::Error values (payments_errors.hpp):
// payment_exists, payment_busy (the holder's payment, purpose, reference, when
// still in flight), refused (the vet said no), invalid_card / invalid_msisdn /
// invalid_pin (tries left), payment_not_found, payment_not_pending;
// payments_answers.hpp gives each its status and code. The charges are
// implemented in payments_service.cpp, the refunds in payments_refunds.cpp.
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "domains/payments/payments_errors.hpp"
#include "db/database.hpp"
#include "domains/payments/payment_provider.hpp"
#include "domains/payments/payments_repository.hpp"
#include "domains/payments/payments_types.hpp"
#include "domains/payments/webhook_signature.hpp"

namespace portal::payments {

class PaymentsService {
 public:
  // Runs inside the transaction that records a charge's outcome or a settlement.
  // A settlement's success it refuses (SettlementRefused) settles declined
  // instead: the pending charge is never captured.
  using Then = std::function<void(db::Session&, const Payment&)>;
  // Runs inside the transaction that claims a charge, before the provider is
  // asked: true refuses the charge (nothing is written, nothing charged;
  // charge() answers ErrorCode::refused and the caller keeps its reason).
  using Vet = std::function<bool(db::Session&)>;

  // Runs inside the transaction that records a refund's outcome (or its
  // settlement): the refund as recorded, and the payment it belongs to.
  using RefundThen = std::function<void(db::Session&, const Payment&, const Refund&)>;

  // The caller's recovery point (http::idempotency_mark): runs inside the
  // transaction of a money write's first commit (a charge's claim, a refund's
  // reservation) with what it wrote, so an Idempotency-Key's record commits with
  // the write it guards (docs/decisions.md "A crash between the work and the
  // stored answer"). What it throws rolls that transaction back.
  using Mark = std::function<void(db::Session&, const std::string& reference)>;

  PaymentsService(PaymentsRepository& repository, const core::Clock& clock, std::string webhook_secret);

  void add_provider(std::unique_ptr<PaymentProvider> provider);
  const core::Clock& clock() const { return clock_; }

  // The domain that owns a purpose settles its pending payments: settle() and
  // settle_due() run the handler registered for the payment's purpose, and
  // the `then` they are given only for purposes nobody registered. Register at
  // start-up, before any request.
  void on_settled(std::string purpose, Then then);
  PaymentProvider* provider(std::string_view name) const;
  std::vector<std::string> provider_names() const;  // in name order
  // Told of each payment that succeeded (charged now, or a pending one settled), right after the
  // commit that recorded it: the customer's receipt (billing_mail). What it throws is logged, never
  // the payment's failure. Register at start-up, before any request.
  using Paid = std::function<void(const Payment&)>;
  void on_paid(Paid paid) { paid_ = std::move(paid); }

  Result<Payment> charge(const ChargeRequest& request, const Then& then, const Vet& vet = {});
  // Finishes a charge whose claim committed but whose outcome was not written
  // (its process died in between): the provider is asked again with the same
  // payment (its id is the provider's idempotency key) and the outcome is
  // recorded with `then`, as charge() does. request carries the instrument and
  // the saved flag; payment_not_pending when the payment is not PROCESSING.
  Result<Payment> resume_charge(const ChargeRequest& request, const std::string& payment_id, const Then& then);

  // ---- charges whose instance died (migration 0050, docs/decisions.md "A charge whose instance died")
  // A charge holds a lease (core::kLeaseLength) from its claim, moved on by a heartbeat while its provider is
  // asked and its outcome written. resume_lapsed() takes over each charge whose lease lapsed and asks its
  // provider what became of the charge's idempotency key (its payment id):
  //  - no call arrived: the charge leaves the unique index (DECLINED, "abandoned"), and a retry charges anew;
  //  - the purpose registered with on_resumed() (renewals, which no client retries): the provider's answer is
  //    recorded with that handler, which writes the effect from where the claim left it;
  //  - other purposes (a client retries those with its Idempotency-Key, resume_charge): money taken is given
  //    back through the provider and the charge abandoned, as when an effect cannot be written.
  // Returns how many charges it took over. Run every core::kLeaseLook (app.cpp).
  int resume_lapsed();
  void on_resumed(std::string purpose, Then then);
  // What a purpose gives back when resume_lapsed() ends its charge without its effect (issue 76 item 5,
  // docs/decisions.md "A charge taken but not recorded"), in the transaction of that write: `payment` DECLINED
  // (the provider never took it: a retry may charge anew, so what was reserved goes back and the order stays open),
  // or SUCCEEDED with `refunded` its amount (the money went back: what it was for is closed, its stock released).
  void on_released(std::string purpose, Then then);
  // Tests of crashes (--test-work-delay): how long a charge waits between its provider's answer and its record.
  void set_test_delay(std::chrono::milliseconds delay) { test_delay_ = delay; }

  // ---- refunds (docs/contracts.md "Refunds", docs/decisions.md "Refunds")
  // What a SUCCEEDED refund does to what was bought (docs/decisions.md "Refunds"): the domain that sold
  // it registers its reaction by the payment's purpose (make_purchases, make_subscriptions, make_vouchers),
  // run in the transaction that records the success; a reaction leaves what was bought when the agent
  // kept it (Refund::keep_plan). Registered at start-up, before any request.
  void on_refund_succeeded(std::string purpose, RefundThen then);
  // What a refund takes out of use while it is asked and pending (issue 71 item 1): run in the
  // transaction that reserves it, so what it pays back cannot be used meanwhile (make_vouchers: the
  // order's unspent codes are voided, its fulfilment held). Registered at start-up, before any request.
  void on_refund_reserved(std::string purpose, RefundThen then);
  // A refund that FAILED (at once, or when it settled) gives back what its reservation took, in the
  // transaction that records the failure. `standing`: another refund of the same payment still PENDING
  // or SUCCEEDED that does not keep what was bought; it takes over what was held instead. A refund that
  // succeeded and failed later (refund_reversed) gives nothing back.
  using RefundReleased =
      std::function<void(db::Session&, const Payment&, const Refund& failed, const std::optional<Refund>& standing)>;
  void on_refund_failed(std::string purpose, RefundReleased then);
  // Runs in the transaction that reserves a refund, after the reservation and what on_refund_reserved
  // took (so it sees every write that beat them, a redemption of a code among them): an error refuses
  // the refund and rolls all of it back (nothing reserved). Set by make_vouchers (a voucher order's
  // redeemed codes need the agent's confirmation) at start-up, before any request.
  using RefundVet = std::function<std::optional<Error>(db::Session&, const Payment&, const RefundRequest&)>;
  void set_refund_vet(RefundVet vet) { refund_vet_ = std::move(vet); }
  // What a refund of the payment would meet (the console's refund dialog shows it first).
  using RefundPreviewer = std::function<std::optional<RefundPreview>(const Payment&)>;
  void set_refund_preview(RefundPreviewer preview) { refund_preview_ = std::move(preview); }
  std::optional<RefundPreview> refund_preview(const Payment& payment) const {
    return refund_preview_ ? refund_preview_(payment) : std::nullopt;
  }
  // Called after a refund SUCCEEDED and was committed (the receipt mail is wired here).
  void set_on_refunded(std::function<void(const Refund&)> on_refunded) { on_refunded_ = std::move(on_refunded); }
  // Refunds (part of) a SUCCEEDED payment through its provider. The amount is
  // reserved first by one conditional UPDATE of payments.refunded in the
  // transaction that inserts the refund (PENDING), so nothing refunds more
  // than was paid, twice or concurrently; then the provider is asked; then the
  // outcome is written in one transaction with `record` (the audit entry) and,
  // on success, the refund policy. A failed refund gives the amount back and
  // answers refund_failed; a pending one (operator billing) settles later
  // (settle_due_refunds). Errors: invalid_amount, invalid_reason,
  // payment_not_found (not the tenant's or the user's), payment_not_refundable,
  // refund_exceeds_payment (refundable: what is left), refund_failed.
  Result<Refund> refund(const RefundRequest& request, const RefundThen& record = {}, const Mark& mark = {});
  // The refund of a call that died before answering (its mark named it): as
  // refund() would have answered. One whose outcome was never written (the
  // process died between the reservation and the provider's answer) is asked
  // of the provider again (the refund's id is its idempotency key there) and
  // recorded with `record`. payment_not_found when it is not the tenant's.
  Result<Refund> resume_refund(std::int64_t tenant_id, const std::string& refund_id, const RefundThen& record = {});
  // Settles one PENDING refund (succeeded or failed); payment_not_pending when it is not pending.
  Result<Refund> settle_refund(const std::string& refund_id, RefundStatus outcome);
  // Settles the PENDING refunds whose settle time passed; returns how many. A provider that can be asked
  // (PaymentProvider::refund_status, Stripe) is asked first: its answer settles the refund, and one it still
  // holds pending is looked at again kRefundLookAgain later.
  int settle_due_refunds();
  static constexpr std::chrono::hours kRefundLookAgain{24};
  // A refund the provider failed after it had succeeded (Stripe: the card's bank sent the money back): FAILED,
  // its amount refundable again, in one transaction with `record` (the audit entry). What the refund policy
  // took back stays taken: support refunds again (or otherwise) from the customer's page. payment_not_found
  // when it is not the tenant's; payment_not_pending when it is not SUCCEEDED (told twice, or never done).
  Result<Refund> refund_reversed(std::int64_t tenant_id, const std::string& refund_id, const RefundThen& record);
  std::vector<Refund> refunds(std::int64_t tenant_id, const std::string& payment_id);

  std::optional<SavedMethod> saved_method(std::int64_t tenant_id, const std::string& user_uuid,
                                          std::string_view provider);
  std::optional<SavedMethod> method_by_id(std::int64_t tenant_id, const std::string& id);

  // ---- the PIN step of a bill payment, whoever makes the code (docs/decisions.md "CAMARA carrier billing")
  // The portal's own PIN (the sandbox operator: `pin` set, the caller sends it by SMS) or the operator's own code
  // (CAMARA: the operator sends it; `payment_id` is the charge the code confirms). `refused`: the operator refused the
  // payment when asked for the code; the caller charges `payment_id` at once, which records the refusal.
  struct PinRequest {
    std::int64_t tenant_id = 0;
    std::string user_uuid;
    std::string reference;
    std::string provider;
    std::string msisdn;  // as typed
    Money amount;
    std::string description;
    std::string message;  // the SMS with {{pin}} where the code goes
  };
  struct PinStarted {
    std::string msisdn;                     // normalised
    std::optional<std::string> pin;         // the portal's own: send it
    std::optional<std::string> payment_id;  // the operator's: charge this payment after the code
    bool refused = false;
  };
  Result<PinStarted> start_pin(const PinRequest& request);
  struct PinVerified {
    std::string msisdn;
    std::optional<std::string> payment_id;  // ChargeRequest::payment_id
  };
  // The code the payer typed, checked by whoever made it; invalid_pin with the tries left otherwise.
  Result<PinVerified> verify_code(std::int64_t tenant_id, const std::string& user_uuid, const std::string& reference,
                                  const std::string& provider, const std::string& pin);

  // A new 4-digit PIN for (user, reference), replacing older ones; the caller sends it.
  std::string issue_pin(std::int64_t tenant_id, const std::string& user_uuid, const std::string& reference,
                        const std::string& msisdn);
  // The MSISDN the PIN was sent to; invalid_pin with the tries left otherwise
  // (wrong, expired, spent, or none issued). A right PIN is spent.
  Result<std::string> verify_pin(std::int64_t tenant_id, const std::string& user_uuid,
                                       const std::string& reference, const std::string& pin);

  // Settles pending payments whose settle time passed; returns how many. A provider that can be asked
  // (PaymentProvider::charge_status, CAMARA) is asked first: its answer settles the payment, and one it still holds
  // pending is looked at again kChargeLookAgain later.
  int settle_due(const Then& then);
  static constexpr std::chrono::minutes kChargeLookAgain{10};
  // Settles one pending payment (webhook); outcome succeeded or declined.
  // payment_busy while a charge holding its exclusive key is in flight: it
  // stays pending, to be settled again later.
  Result<Payment> settle(const std::string& payment_id, Status outcome, const Then& then);
  // A hosted payment settled by its provider's webhook: as settle(), and in the same transaction the charge's
  // name at the provider, the card's label and, when `details` carries a token, the saved method
  // (payment.saved_method_id, which the purchase's handler keeps for renewals).
  Result<Payment> settle(const std::string& payment_id, Status outcome, const Then& then, const Settlement& details);
  // Money the provider took for a payment the portal had given up (a Checkout paid after its payment
  // declined, a charge abandoned after a crash): refunded in full at once and recorded.
  void give_back_late(const Payment& payment, const std::string& provider_ref);
  // ---- provider events (webhooks) and disputes
  bool event_seen(std::int64_t tenant_id, std::string_view provider, const std::string& event_id) {
    return repository_.event_seen(tenant_id, provider, event_id);
  }
  std::optional<Payment> by_provider_ref(std::int64_t tenant_id, std::string_view provider, const std::string& ref) {
    return repository_.by_provider_ref(tenant_id, provider, ref);
  }
  std::vector<Dispute> disputes(std::int64_t tenant_id, const std::string& payment_id) {
    return repository_.disputes_of(tenant_id, payment_id);
  }
  std::optional<Payment> payment(const std::string& payment_id);
  std::vector<Payment> for_reference(std::int64_t tenant_id, std::string_view purpose, const std::string& reference);

  // Webhook signatures, as Stripe's: X-Sandbox-Signature: t=<unix seconds>,v1=<hex
  // HMAC-SHA256(server secret, "<t>.<raw body>")>; several v1 may be given (keys
  // in rotation), one must match. The timestamp is signed with the body, so an
  // event captured on its way is refused once it is older than the tolerance
  // (and one dated beyond it in the future); no secret refuses everything.
  using WebhookCheck = payments::WebhookCheck;
  WebhookCheck verify_webhook(std::string_view body, std::string_view signature_header) const;
  // The header for body signed at unix_time (the sandbox provider's side; tests).
  std::string webhook_signature(std::string_view body, std::int64_t unix_time) const;
  // Hex HMAC-SHA256 of payload with the server secret.
  std::string sign(std::string_view payload) const;
  // Whether a key signs (no key: nothing the portal signs with it is trusted, and it signs nothing).
  bool can_sign() const { return !secret_.empty(); }

 private:
  Error taken(const ChargeRequest& req);
  // `holder`: the lease this instance holds on the charge (empty: none to renew).
  Result<Payment> ask_provider(PaymentProvider& p, Payment payment, const std::string& instrument,
                               const ChargeRequest& req, const Then& then, const std::string& holder);
  void resume_one(const std::string& payment_id, const std::string& holder);
  Result<Refund> ask_refund(Payment payment, Refund refund, const RefundThen& record);
  // The reaction of the domain that sold it to a succeeded refund (on_refund_succeeded).
  void refund_succeeded(db::Session& s, const Payment& payment, const Refund& refund) const;
  void refund_reserved(db::Session& s, const Payment& payment, const Refund& refund) const;
  void refund_failed(db::Session& s, const Payment& payment, const Refund& refund);
  std::optional<RefundStatus> asked_refund_status(const std::string& refund_id);
  void postpone_refund(const std::string& refund_id, const std::string& settle_outcome);
  Result<Payment> settle_as(const std::string& payment_id, Status outcome, const Then& then, const Settlement* details);
  // False when another instance recorded the charge first (nothing written here).
  bool record(Payment& payment, const ProviderCharge& result, const std::optional<std::string>& settle_outcome,
              const ChargeRequest& req, const std::string& at, const Then& then);
  PaymentsRepository& repository_;
  const core::Clock& clock_;
  std::string secret_;
  const Then& settler(const Payment& p, const Then& fallback) const;
  std::map<std::string, std::unique_ptr<PaymentProvider>, std::less<>> providers_;
  std::map<std::string, Then, std::less<>> settlers_;
  std::map<std::string, Then, std::less<>> resumers_;
  std::chrono::milliseconds test_delay_{0};
  std::map<std::string, RefundThen, std::less<>> refund_reactions_;  // by purpose (on_refund_succeeded)
  std::map<std::string, RefundThen, std::less<>> refund_holds_;      // by purpose (on_refund_reserved)
  std::map<std::string, RefundReleased, std::less<>> refund_releases_;  // by purpose (on_refund_failed)
  RefundVet refund_vet_;
  RefundPreviewer refund_preview_;
  std::function<void(const Refund&)> on_refunded_;
  void refunded(const Refund& refund);
  void give_back(PaymentProvider& provider, const Payment& payment);
  // A taken-over charge the provider never took: out of the unique index, its purpose's reservations back.
  void release_untaken(const Payment& payment, const std::string& at);
  // A taken-over charge the provider took, for a purpose whose effect nobody writes from the claim: refunded
  // in full while the claim still holds it, then recorded as what it was (SUCCEEDED, all of it refunded).
  void return_taken(PaymentProvider& provider, Payment payment);
  void released(db::Session& s, const Payment& payment) const;
  std::map<std::string, Then, std::less<>> releasers_;
  Paid paid_;
  void tell_paid(const Payment& p) const;
};

}  // namespace portal::payments
