#pragma once
// Purchases (commerce §3 purchase option and purchase options response, §4
// purchase check, §7 purchase and one-time payment calls; docs/contracts.md
// "Purchases and wallet"): the facts the entitlement decision reads, its
// answer, and single purchases of one article. No SQL or HTTP types.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "domains/payments/payments_types.hpp"
#include "domains/subscriptions/subscriptions_credits.hpp"

namespace portal::purchases {

using payments::Money;
using subscriptions::Contingent;
using subscriptions::Holding;

struct Price {
  std::int64_t amount = 0;
  std::string currency;
  std::string business_model;  // PAY_PER_DOWNLOAD, SUBSCRIPTION, DOWNLOAD_TO_OWN_FREEMIUM
};

// What the decision needs of a catalog article.
struct ArticleFacts {
  std::int64_t id = 0;
  std::string content_type;
  std::string title;                          // in the caller's language
  std::optional<std::int64_t> collection_id;  // the album / audiobook / series it belongs to
  std::vector<std::int64_t> members;          // a collection's articles (albums: trackIds, ...)
  std::vector<Price> prices;
  std::vector<std::string> platforms;  // games: operating systems it runs on (empty = any)
};

// A plan the tenant sells, as the decision sees it.
struct OfferedPlan {
  std::int64_t type_id = 0;
  std::string name;  // in the caller's language
  std::string billing_cycle;
  Money price;  // what it costs now (the promotion when lower)
  std::vector<Contingent> contingents;
  std::optional<std::string> group_id;
  int level = -1;  // its level's order in the group, -1 without a group
  int sort = 0;    // ment_sort
};

// Everything the decision reads: one article, one caller, one device.
struct EntitlementInput {
  ArticleFacts article;
  bool guest = true;
  bool owned = false;  // the wallet holds the article or its collection
  std::vector<Holding> holdings;
  std::vector<OfferedPlan> plans;
  std::string currency = "EUR";               // the tenant's
  std::optional<std::string> device_os;       // known when the caller named a device
};

// How the caller may consume now.
struct ConsumeWay {
  enum class Kind { free, wallet, subscription, credit };
  Kind kind = Kind::free;
  std::optional<std::string> subscription_id;  // subscription, credit
  std::optional<std::int64_t> type_id;
  std::optional<std::int64_t> remaining;  // credit: credits left before this one
};

struct Unavailable {
  Holding subscription;  // inactive, pending or in grace, covering the content type
  std::string name;
};

struct PurchaseOffer {
  enum class Type { dto, subscription };
  std::string identifier;  // "dto-<article id>" or "subscription-<type id>"
  Type type = Type::dto;
  std::string title;
  Money price;
  bool consumable = false;  // a plan whose contingent counts credits
  int sort = 0;
  std::optional<OfferedPlan> plan;
};

struct PlanChange {
  std::string from_subscription_id;
  OfferedPlan to;
};

struct Entitlement {
  bool device_supported = true;
  bool login_required = false;  // a guest, and not a free online game
  std::vector<ConsumeWay> consume;
  std::vector<Unavailable> unavailable;
  std::vector<PurchaseOffer> purchase;
  std::vector<PlanChange> upgrade_to;
  std::vector<PlanChange> downgrade_to;
  bool may_consume() const { return device_supported && !consume.empty(); }
};

std::string_view to_string(ConsumeWay::Kind k);

// A single purchase (table article_purchases).
struct Purchase {
  std::string id;
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::int64_t article_id = 0;
  std::string content_type;
  Money amount;
  std::string status;  // OPEN, PENDING, PAID, FAILED, CANCELLED
  std::optional<std::string> redirect;
  std::string lang = "en";
  std::optional<std::string> pin_token;
  std::string created_at;
};

struct PurchaseOption {
  std::string uuid;
  std::string purchase_id;
  std::int64_t tenant_id = 0;
  std::string code;      // card, operator
  std::string provider;  // sandbox, sandbox-operator
  std::string flow;      // WEB, API
};

// A payment option the tenant offers (its plans file's paymentOptions).
struct PayOption {
  std::string code;
  std::string provider;
  std::string flow;
  std::string name;  // in the caller's language
};

// A purchase's purchaseType on the wire: its content type in capitals ("song" -> "SONG").
inline std::string purchase_type(std::string_view content_type) { return core::upper(content_type); }

}  // namespace portal::purchases
