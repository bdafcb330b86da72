#pragma once
// Payments: charges (one row each), saved payment methods, operator PIN
// challenges and pending payments that settle later. This domain knows
// nothing of what is bought: a charge names a purpose ("checkout",
// "renewal") and a reference the caller chooses, and the pair is unique
// while a charge is in flight, pending or succeeded.
#include <boost/describe/class.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::payments {

struct Money {
  std::int64_t amount = 0;  // minor units
  std::string currency;
  bool operator==(const Money&) const = default;
};
BOOST_DESCRIBE_STRUCT(Money, (), (amount, currency))  // the amount and currency columns of a row

enum class Status { processing, pending, succeeded, insufficient_funds, declined };

std::string_view to_string(Status s);
std::optional<Status> status_from(std::string_view text);

struct Payment {
  std::string id;
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::string purpose;
  std::string reference;
  std::string provider;
  std::string instrument;  // masked card or MSISDN
  Money amount;
  Status status = Status::processing;
  std::optional<std::string> settle_at;
  std::optional<std::string> saved_method_id;  // set when this charge saved the instrument
  std::string created_at;
  std::int64_t refunded = 0;  // minor units refunded or being refunded (PENDING refunds reserve theirs)
  std::optional<std::string> provider_ref;  // the provider's name of the charge (Stripe: pi_…, or cs_… while pending)
  std::optional<std::string> provider_url;  // pending on the provider's page: where the payer pays
};

// A refund of (part of) a succeeded payment (docs/contracts.md "Refunds").
enum class RefundStatus { pending, succeeded, failed };
std::string_view to_string(RefundStatus s);

// The reason of the refund that gives back a charge taken but never recorded (its instance died in between).
inline constexpr std::string_view kReturnedReason = "charged but not recorded";

struct Refund {
  std::string id;
  std::int64_t tenant_id = 0;
  std::string payment_id;
  Money amount;
  RefundStatus status = RefundStatus::pending;
  std::string reason;
  std::optional<std::string> staff_id;  // nullopt: the system (a renewal refunded)
  bool keep_plan = false;
  std::optional<std::string> settle_at;
  std::string created_at;
  std::optional<std::string> settled_at;
};

// What to refund: the payment must be the user's, of the tenant, SUCCEEDED,
// with at least `amount` not refunded yet.
struct RefundRequest {
  std::int64_t tenant_id = 0;
  std::optional<std::string> user_uuid;  // set: the payment must be this user's (else payment_not_found)
  std::string payment_id;
  std::int64_t amount = 0;  // minor units, > 0
  std::string reason;
  std::optional<std::string> staff_id;
  bool keep_plan = false;
  // The agent saw what the refund cannot take back (a voucher order's redeemed codes, listed by
  // the refund's preview) and refunds anyway; without it such a refund is refused (codes_redeemed).
  bool confirm_redeemed = false;
};

// What a refund of a payment would meet, shown to the agent before it (the refund policy's
// preview, vouchers_module.cpp): for a voucher order, its codes, the redeemed ones (a redeemed
// code cannot be taken back) and the share of the payment its unredeemed codes stand for.
struct RedeemedCode {
  std::string hint;  // the code's last group ("NPQR")
  std::string redeemed_at;
};
struct RefundPreview {
  std::int64_t codes = 0;
  std::vector<RedeemedCode> redeemed;
  std::int64_t unredeemed_amount = 0;  // minor units
};

// A dispute (chargeback) the provider reported on a payment.
struct Dispute {
  std::string id;  // the provider's
  std::int64_t tenant_id = 0;
  std::string payment_id;
  std::string provider;
  Money amount;
  std::string reason;  // the provider's word: "fraudulent", "product_not_received", ...
  std::string status;  // "needs_response", "under_review", "won", "lost", ...
  std::string created_at;
  std::string updated_at;
};

// What a provider told of a hosted payment it settled (Stripe's webhook): its charge's name there, the
// card's label and, when the payment was to keep the card, the token to charge it again.
struct Settlement {
  std::optional<std::string> reference;
  std::optional<std::string> label;
  std::optional<std::string> save_token;
};

struct SavedMethod {
  std::string id;
  std::string provider;
  std::string token;
  std::string label;
};

// A payment made on the provider's own page (Stripe Checkout): what the page shows and where it sends the
// payer back. The card never touches the portal.
struct HostedPayment {
  std::string description;      // what is bought, in the payer's language
  std::string success_url;      // after paying (the portal's return, which reads the settled state)
  std::string cancel_url;       // after giving up
  std::string lang;
  std::string email;            // the payer's, when known
  bool save_for_later = false;  // a plan: the card is kept for off-session renewals
};

// What to charge: a fresh instrument (card number, MSISDN) or a saved method.
struct ChargeRequest {
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::string purpose;
  std::string reference;
  std::string provider;    // "sandbox", "sandbox-operator"
  std::string instrument;  // raw card number / MSISDN, or the saved token when saved = true
  bool saved = false;
  Money amount;
  // Charges sharing a key (per tenant and user) exclude each other: while one
  // is being made or settled, another is refused (409 PAYMENT_BUSY) before its
  // provider is asked. Subscriptions use "plan-group:<group id>".
  std::optional<std::string> exclusive_key;
  // Set when the option's provider takes the card on its own page (Stripe Checkout).
  std::optional<HostedPayment> hosted;
  // A saved method charged while its holder is there (a purchase, a step of the API flow, paying again): the
  // customer's own payment (Stripe: on session, so a bank that wants its customer present says so, and the
  // charge declines rather than pass as the merchant's). False: a renewal the scheduler makes alone.
  bool present = false;
  // The payment's id when an operator's code step chose it (PaymentsService::verify_code): the operator prepared
  // this very payment. Otherwise a new one.
  std::optional<std::string> payment_id;
};

inline constexpr std::chrono::minutes kPinLifetime{5};
inline constexpr int kPinTries = 3;

}  // namespace portal::payments
