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
};

// A refund of (part of) a succeeded payment (docs/contracts.md "Refunds").
enum class RefundStatus { pending, succeeded, failed };
std::string_view to_string(RefundStatus s);

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
// preview, app/refund_policy.cpp): for a voucher order, its codes, the redeemed ones (a redeemed
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

struct SavedMethod {
  std::string id;
  std::string provider;
  std::string token;
  std::string label;
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
};

inline constexpr std::chrono::minutes kPinLifetime{5};
inline constexpr int kPinTries = 3;

}  // namespace portal::payments
