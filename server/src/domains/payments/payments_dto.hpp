#pragma once
// The payments calls on the wire, as described structs (their OpenAPI schemas
// come from http::schema_of).
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::payments {

// 400 INVALID_PIN's data: the field ("pin") and the tries left before the
// purchase or checkout is cancelled.
struct InvalidPinData {
  std::string field;
  std::int64_t triesLeft = 0;
};
BOOST_DESCRIBE_STRUCT(InvalidPinData, (), (field, triesLeft))

// What the sandbox provider posts to its webhook (signed with X-Sandbox-Signature).
struct SandboxWebhookBody {
  std::string paymentId;
  std::string outcome;  // success or decline
};
BOOST_DESCRIBE_STRUCT(SandboxWebhookBody, (), (paymentId, outcome))

// A settled payment.
struct PaymentOutcomeDto {
  std::string paymentId;
  std::string status;  // succeeded or declined (payments_types.hpp to_string)
};
BOOST_DESCRIBE_STRUCT(PaymentOutcomeDto, (), (paymentId, status))

// POST /backend/admin/customers/{userId}/payments/{paymentId}/refunds
struct RefundBody {
  std::int64_t amount = 0;  // minor units, > 0, at most what is left to refund
  std::string reason;       // 1 to 500 characters
  std::optional<bool> keepPlan;  // keep what was bought (the plan or the article); default false
  // A voucher order with redeemed codes (listed by the GET's codes.redeemed): the agent refunds
  // anyway, the unredeemed codes are voided and the redeemed ones stay; default false (409
  // VOUCHER_CODES_REDEEMED).
  std::optional<bool> confirmRedeemed;
};
BOOST_DESCRIBE_STRUCT(RefundBody, (), (amount, reason, keepPlan, confirmRedeemed))

// One refund of a payment.
struct RefundDto {
  std::string id;
  std::string paymentId;
  std::int64_t amount = 0;  // minor units
  std::string currency;
  std::string status;  // PENDING, SUCCEEDED or FAILED
  std::string reason;
  std::optional<std::string> staffId;  // null: the system (a renewal refunded)
  bool keepPlan = false;
  std::string createdAt;
  std::optional<std::string> settledAt;
};
BOOST_DESCRIBE_STRUCT(RefundDto, (), (id, paymentId, amount, currency, status, reason, staffId, keepPlan, createdAt,
                                      settledAt))

// A redeemed code of a voucher order: a refund cannot take it back.
struct RedeemedCodeDto {
  std::string hint;  // the code's last group ("NPQR")
  std::string redeemedAt;
};
BOOST_DESCRIBE_STRUCT(RedeemedCodeDto, (), (hint, redeemedAt))

// A voucher order's codes as a refund would meet them: a refund (without keepPlan) voids the
// unredeemed ones; with redeemed ones it needs confirmRedeemed.
struct RefundCodesDto {
  std::int64_t total = 0;                 // the codes the order holds now
  std::vector<RedeemedCodeDto> redeemed;  // already redeemed: they stay
  std::int64_t unredeemedAmount = 0;      // minor units: the share of the payment the unredeemed codes stand for
};
BOOST_DESCRIBE_STRUCT(RefundCodesDto, (), (total, redeemed, unredeemedAmount))

// A payment's refunds, and what is refunded and left (minor units).
struct RefundsDto {
  std::string paymentId;
  std::int64_t amount = 0;
  std::int64_t refunded = 0;  // refunded or being refunded (PENDING refunds count)
  std::int64_t refundable = 0;
  std::string currency;
  std::string status;  // the payment's status
  std::vector<RefundDto> refunds;
  std::optional<RefundCodesDto> codes;  // a voucher order's payment: its codes (null otherwise)
};
BOOST_DESCRIBE_STRUCT(RefundsDto, (), (paymentId, amount, refunded, refundable, currency, status, refunds, codes))

// GET /backend/admin/payment-providers/stripe: the tenant's Stripe account as the console shows it (never a
// secret: the last four characters of each), and what to enter at Stripe for the webhook.
struct StripeAccountDto {
  bool configured = false;
  std::optional<std::string> mode;  // "test" or "live"
  std::optional<std::string> publishableKey;
  std::optional<std::string> secretKeyHint;      // "…4f2a"
  std::optional<std::string> webhookSecretHint;
  std::optional<std::string> previousWebhookSecretUntil;  // a replaced signing secret still verifies until then
  std::optional<std::int64_t> version;
  std::optional<std::string> updatedAt;
  std::string webhookUrl;           // the endpoint to add in Stripe's dashboard (from the tenant's configured origin)
  std::vector<std::string> events;  // the events to send to it
};
BOOST_DESCRIBE_STRUCT(StripeAccountDto, (), (configured, mode, publishableKey, secretKeyHint, webhookSecretHint,
                                             previousWebhookSecretUntil, version, updatedAt, webhookUrl, events))

// PUT /backend/admin/payment-providers/stripe: a secret is sent only when it changes (absent: kept); the
// first save needs both. version: the one read (absent for the first save).
struct StripeAccountBody {
  std::string publishableKey;
  std::optional<std::string> secretKey;
  std::optional<std::string> webhookSecret;
  std::optional<std::int64_t> version;
};
BOOST_DESCRIBE_STRUCT(StripeAccountBody, (), (publishableKey, secretKey, webhookSecret, version))

// What a Stripe webhook call answers (Stripe reads only the status).
struct StripeWebhookDto {
  std::string eventId;
  std::string outcome;  // "handled", "duplicate", "ignored"
};
BOOST_DESCRIBE_STRUCT(StripeWebhookDto, (), (eventId, outcome))

// GET /backend/admin/payment-providers/camara: the tenant's CAMARA operator as the console shows it (never the client
// secret: its last four characters, "PEM" for a key), where the operator's notifications go, and the redirect URI to
// register for Number Verification.
struct CamaraAccountDto {
  bool configured = false;
  std::optional<std::string> operatorName;
  std::optional<std::string> apiRoot;
  std::optional<std::string> issuer;        // the OpenID Connect issuer when it is not the API root
  std::optional<std::string> clientId;
  std::optional<std::string> clientSecretHint;
  std::optional<std::string> authMethod;    // private_key_jwt or client_secret_jwt (from the secret's form)
  std::optional<std::string> merchantIdentifier;
  std::optional<std::string> currency;
  std::optional<std::int64_t> steps;        // 1 or 2
  bool numberVerification = false;
  std::optional<std::int64_t> version;
  std::optional<std::string> updatedAt;
  std::optional<std::string> sinkUrl;       // where notifications go (none: the tenant's public origin is not https)
  std::string redirectUri;                  // the Number Verification sign-in's return, to register at the operator
};
BOOST_DESCRIBE_STRUCT(CamaraAccountDto, (), (configured, operatorName, apiRoot, issuer, clientId, clientSecretHint,
                                             authMethod, merchantIdentifier, currency, steps, numberVerification, version,
                                             updatedAt, sinkUrl, redirectUri))

// PUT /backend/admin/payment-providers/camara: the client secret only when it changes (absent: kept); the first save
// needs it. version: the one read (absent for the first save).
struct CamaraAccountBody {
  std::string operatorName;
  std::string apiRoot;
  std::optional<std::string> issuer;
  std::string clientId;
  std::optional<std::string> clientSecret;
  std::string merchantIdentifier;
  std::string currency;
  std::int64_t steps = 2;
  bool numberVerification = false;
  std::optional<std::int64_t> version;
};
BOOST_DESCRIBE_STRUCT(CamaraAccountBody, (), (operatorName, apiRoot, issuer, clientId, clientSecret, merchantIdentifier,
                                              currency, steps, numberVerification, version))

}  // namespace portal::payments
