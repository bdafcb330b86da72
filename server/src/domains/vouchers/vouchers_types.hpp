#pragma once
// Vouchers (commerce §4 voucher feedback, §7 voucher calls; docs/contracts.md
// "Vouchers and cart"): codes that grant a subscription type, the voucher
// products of the catalog that sell them, and the orders that buy them.
// Rows, inputs and wire shapes; no SQL or HTTP types.
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>  // article_of: the catalog's stored document, read once into its type
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "domains/catalog/catalog_article_document.hpp"
#include "domains/payments/payments_types.hpp"

namespace portal::vouchers {

using payments::Money;

// The voucher feedback statuses of commerce §4; 0 = any other error.
enum class Feedback : int { other = 0, success = 1, insufficient = 2, duplicate = 3, pending = 6, not_found = 7 };

// The signed-in caller.
struct Caller {
  std::string uuid;     // users.uuid
  std::string address;  // the client address (rate limits)
};

// A text in several languages as the article gives it, in its order: {lang, text}.
using Texts = std::vector<std::pair<std::string, std::string>>;

// A catalog article as the service needs it (app wires the catalog lookup): its typed document, and its title and
// description in the file's order of languages (the fallback to any language is the first).
struct Article {
  std::int64_t id = 0;
  std::string content_type;
  Texts title;
  Texts description;
  catalog::ArticleDocument document;
};
// A stored article's document read once (catalog::stored_document) as an Article.
Article article_of(std::int64_t id, std::string content_type, const boost::json::object& doc);

// What one unit of a product issues: one code per grant. A code grants
// `periods` billing cycles of its type: as many as the voucher's price buys at
// the plan's price (docs/decisions.md "A gift card is worth its price").
struct Grant {
  std::int64_t subscription_type_id = 0;
  int validity_months = 12;
  int periods = 1;
};

// A voucher or voucher book of the catalog, priced in the tenant's currency.
struct Product {
  std::int64_t id = 0;
  std::string content_type;  // voucher | voucherbook
  Texts title;        // six languages
  Texts description;  // six languages
  std::string image_url;
  Money price;                          // what one costs (a book's saving already in it)
  std::int64_t original_amount = 0;     // before the saving: a book's members one by one
  int discount_percentage = 0;          // customProperties.discountPercentage
  std::optional<std::int64_t> initial_available;  // customProperties.availableNo; none = unlimited
  std::vector<Grant> grants;            // a voucher one, a book one per member
};

// Rows as stored.
struct CodeRecord {
  std::string id;
  std::int64_t subscription_type_id = 0;
  std::optional<std::int64_t> product_id;
  std::optional<std::string> order_id;
  std::optional<std::string> owner_uuid;
  std::string hint;
  std::string valid_until;
  std::optional<std::string> redeemed_at;
  std::optional<std::string> voided_at;
  int periods = 1;  // billing cycles of the type the code grants
  std::optional<std::string> batch_id;    // operator-minted codes (voucher_batches); none: sold through an order
  std::optional<std::string> valid_from;  // none: redeemable from minting
  std::optional<std::string> voided_by;   // the staff e-mail; none with voided_at: replaced by a resend
  std::optional<std::string> redeemed_by;
  std::optional<std::string> subscription_id;
  std::string created_at;
};

struct OrderItem {
  std::int64_t product_id = 0;
  std::int64_t quantity = 0;
  std::int64_t unit_amount = 0;
};

struct Order {
  std::string id;
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::string source;  // voucher | cart
  std::string status;  // OPEN, PENDING, PAID, FAILED, CANCELLED, EXPIRED
  std::vector<OrderItem> items;
  Money amount;
  std::string lang;
  std::optional<std::string> redirect;
  bool reserved = false;
  std::optional<std::string> payment_id;
  std::optional<std::string> fulfilled_at;
  std::string expires_at;
  std::string created_at;
};

// A code to insert (its plain text never reaches the database).
struct NewCode {
  std::string id;
  std::string code_hash;
  std::int64_t subscription_type_id = 0;
  std::optional<std::int64_t> product_id;
  std::optional<std::string> order_id;
  std::optional<std::string> owner_uuid;
  std::string hint;
  std::string valid_until;
  int periods = 1;
  std::optional<std::string> batch_id;
  std::optional<std::string> valid_from;
};

// Limits of redemption attempts and resends.
struct Limits {
  int failures_per_user = 10;     // unknown or expired codes per user and window
  int failures_per_address = 30;  // per client address and window
  std::chrono::seconds window{15 * 60};
  int resends_per_user = 5;  // per hour
  std::chrono::seconds order_lifetime{30 * 60};  // an unpaid cart checkout closes after
};

// ---- wire shapes

// 409 NOT_ENOUGH_AVAILABLE's data (buying vouchers, the cart's checkout): the product the order holds more of
// than is left, how many are left, and the voucher feedback status (commerce §4: 0, "other").
struct NotEnoughAvailableData {
  std::int64_t productId = 0;
  std::int64_t availableNo = 0;
  int voucherStatus = 0;
};
BOOST_DESCRIBE_STRUCT(NotEnoughAvailableData, (), (productId, availableNo, voucherStatus))

struct MoneyDto {
  std::int64_t amount = 0;
  std::string currency;
};
BOOST_DESCRIBE_STRUCT(MoneyDto, (), (amount, currency))

struct GrantedSubscriptionDto {
  std::string id;
  std::int64_t typeId = 0;
  std::string state;
  std::string startDate;
  std::optional<std::string> endDate;
};
BOOST_DESCRIBE_STRUCT(GrantedSubscriptionDto, (), (id, typeId, state, startDate, endDate))

// 200 of POST /voucher/consumption/subscription. extended: the code lengthened
// the subscription to that type the user already held (its endDate is the new one).
struct RedeemDto {
  int voucherStatus = 1;
  std::int64_t subscriptionTypeId = 0;
  int periods = 1;
  bool extended = false;
  GrantedSubscriptionDto subscription;
};
BOOST_DESCRIBE_STRUCT(RedeemDto, (), (voucherStatus, subscriptionTypeId, periods, extended, subscription))

// What one code of a voucher product grants, as its page says before payment:
// `count` `unit`s (day, week, month, year) of the plan, i.e. `periods` of its
// billingCycle.
struct VoucherGrantDto {
  std::int64_t subscriptionTypeId = 0;
  std::string name;  // the plan's name in the asked language
  std::string billingCycle;
  int periods = 1;
  int count = 1;
  std::string unit;
  int validityMonths = 12;  // how long the code can be redeemed
};
BOOST_DESCRIBE_STRUCT(VoucherGrantDto, (), (subscriptionTypeId, name, billingCycle, periods, count, unit, validityMonths))

// 200 of GET /voucher/product/{id}.
struct VoucherProductDto {
  std::int64_t id = 0;
  std::string contentType;
  MoneyDto price;
  std::vector<VoucherGrantDto> grants;  // a voucher one, a book one per member
  // Codes of it the signed-in caller bought and can still redeem (what "Email my codes again" sends); null for a guest.
  std::optional<std::int64_t> codesHeld;
};
BOOST_DESCRIBE_STRUCT(VoucherProductDto, (), (id, contentType, price, grants, codesHeld))

// 200 of POST /voucher/consumption/voucher and /voucher/resend/voucher.
struct VoucherOrderDto {
  int voucherStatus = 1;
  std::string orderId;
  std::int64_t voucherId = 0;
  std::int64_t quantity = 0;
  std::int64_t codes = 0;  // how many codes the mail carries
  MoneyDto price;          // what was charged (resend: 0)
  std::string mailedTo;    // the buyer's address, masked
};
BOOST_DESCRIBE_STRUCT(VoucherOrderDto, (), (voucherStatus, orderId, voucherId, quantity, codes, price, mailedTo))

}  // namespace portal::vouchers
