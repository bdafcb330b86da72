#pragma once
// The events an operator's endpoint may ask for (issue 78 item 1) and the `data` each carries: described structs, so
// the OpenAPI document's `webhooks` section shows each event's payload (webhooks_openapi.cpp) from the same structs
// the producers fill. Every delivery's body is {"type", "timestamp", "data"} (WebhookEventDto).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/describe/class.hpp>
#include <boost/json/value.hpp>

namespace portal::webhooks {

inline constexpr std::array<std::string_view, 15> kEventTypes = {
    "subscription.created", "subscription.renewed", "subscription.cancelled", "subscription.held",
    "subscription.expired", "payment.succeeded",    "payment.failed",         "payment.refunded",
    "purchase.created",     "voucher.redeemed",     "customer.created",       "customer.deleted",
    "article.published",    "article.unpublished",  "media.job.failed"};

bool known_event(std::string_view type);

// subscription.*: a subscription's state changed (its history row is written in the same transaction).
struct SubscriptionEventData {
  std::string id;                  // the subscription
  std::string customerId;          // the customer's uuid
  std::string typeId;              // the plan
  std::string state;               // ACTIVE, REQUESTED, INACTIVE, CANCELED
  std::optional<std::string> subState;  // PENDING while a payment is awaited or a renewal is held
  bool cancelRequested = false;
  std::string reason;              // what moved it (renewal_charged, cancel, grace_over, ...)
};
BOOST_DESCRIBE_STRUCT(SubscriptionEventData, (), (id, customerId, typeId, state, subState, cancelRequested, reason))

// payment.*: a payment settled, failed or was refunded (amount: the refund's when refunded).
struct PaymentEventData {
  std::string id;          // the payment
  std::string customerId;
  std::string purpose;     // subscription, article, vouchers, ...
  std::string reference;   // what it pays for (a subscription id, an article id, an order)
  std::string provider;    // sandbox, stripe, camara, ...
  std::int64_t amount = 0; // minor units
  std::string currency;
  std::string status;      // SUCCEEDED, FAILED, REFUNDED, PARTIALLY_REFUNDED
};
BOOST_DESCRIBE_STRUCT(PaymentEventData, (), (id, customerId, purpose, reference, provider, amount, currency, status))

// purchase.created: a customer owns an article (bought, or granted by a voucher or staff).
struct PurchaseEventData {
  std::string customerId;
  std::string articleId;
  std::string source;      // payment, voucher, staff, ...
};
BOOST_DESCRIBE_STRUCT(PurchaseEventData, (), (customerId, articleId, source))

// voucher.redeemed: a code was redeemed (never the code itself).
struct VoucherRedeemedData {
  std::string codeId;
  std::string batchId;
  std::string customerId;
  std::string grants;      // subscription, article, credit
};
BOOST_DESCRIBE_STRUCT(VoucherRedeemedData, (), (codeId, batchId, customerId, grants))

// customer.created / customer.deleted (a deleted customer's e-mail is gone: only the id).
struct CustomerEventData {
  std::string id;
  std::optional<std::string> email;
};
BOOST_DESCRIBE_STRUCT(CustomerEventData, (), (id, email))

// article.published / article.unpublished.
struct ArticleEventData {
  std::string id;
  std::string kind;
};
BOOST_DESCRIBE_STRUCT(ArticleEventData, (), (id, kind))

// media.job.failed: a media job gave up.
struct MediaJobFailedData {
  std::string jobId;
  std::string assetId;
  std::string kind;
  std::string error;
};
BOOST_DESCRIBE_STRUCT(MediaJobFailedData, (), (jobId, assetId, kind, error))

// The body of every delivery.
struct WebhookEventDto {
  std::string type;
  std::string timestamp;  // when the change happened, UTC
  boost::json::value data;
};
BOOST_DESCRIBE_STRUCT(WebhookEventDto, (), (type, timestamp, data))

}  // namespace portal::webhooks
