#pragma once
// Vouchers (docs/contracts.md "Vouchers and cart"): redeeming a code for the
// subscription type it grants, buying voucher products (the voucher call, and
// the cart's hosted checkout through open_order/pay_order), mailing the codes,
// resending them, and minting codes for operators (issue-vouchers). Expected
// failures are vouchers::Error values (vouchers_errors.hpp); the mapping in
// vouchers_answers.hpp says most with a `voucherStatus` (commerce §4:
// 1 success, 2 insufficient, 3 duplicate, 6 pending, 7 not found, 0 other).
// Blocking (SQL, the payment provider): call on the database pool.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "domains/notifications/notifier.hpp"
#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/payments/payments_service.hpp"
#include "domains/vouchers/vouchers_errors.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "domains/vouchers/vouchers_repository.hpp"
#include "domains/vouchers/vouchers_types.hpp"

namespace portal::vouchers {

inline constexpr std::string_view kPaymentPurpose = "vouchers";

// A catalog article of the tenant as a voucher product (nullopt: not one, or
// not sold in the tenant: no price in its currency, no subscription type for it
// among `plans`). Reads customProperties.subscriptionTypeIds[<tenant name>],
// validityMonths, availableNo, discountPercentage; a book's grants are its
// members'. A voucher's grant is worth its price: periods_for(price, plan).
using ArticleLookup = std::function<std::optional<Article>(std::int64_t tenant_id, std::int64_t id)>;
std::optional<Product> product_of(const tenants::Tenant& tenant, const Article& article, const ArticleLookup& articles,
                                  const subscriptions::Plans& plans);
// How many billing cycles of `plan` a voucher priced `price` buys: the price
// divided by what the plan costs now, rounded down, at least 1 (1 when the
// plan is free or priced in another currency).
int periods_for(const Money& price, const subscriptions::SubscriptionType& plan);
// The tenant's largest quantity per product (feature maxQuantity, default 10).
std::int64_t max_quantity(const tenants::Tenant& tenant);
// A text of six languages in `lang`, else English, else any.
std::string text_in(const Texts& texts, std::string_view lang);
// "s***@example.com" (or "+49***12" for a number).
std::string masked(std::string_view recipient);

class VouchersService {
 public:
  using TenantLookup = std::function<std::shared_ptr<const tenants::Tenant>(std::int64_t tenant_id)>;
  // Where a user's mail goes: the e-mail, "sms:+<msisdn>", or nullopt.
  using RecipientLookup = std::function<std::optional<std::string>(std::int64_t tenant_id, const std::string& uuid)>;
  // The fields of `required` ("name", "lastName", "email") the user's profile lacks.
  using MissingFields = std::function<std::vector<std::string>(std::int64_t tenant_id, const std::string& uuid,
                                                               const std::vector<std::string>& required)>;
  // Runs in the transaction that records a paid or pending order (the cart empties itself).
  using OnPlaced = std::function<void(db::Session&, const Order&)>;

  struct Deps {
    VouchersRepository& repository;
    subscriptions::SubscriptionsRepository& subscriptions;
    payments::PaymentsService& payments;
    identity::Mailer& mailer;
    const core::Clock& clock;
    std::string key;  // the code hash key (db::shared_secret "vouchers")
    ArticleLookup articles;
    TenantLookup tenants;
    RecipientLookup recipients;
    MissingFields missing_fields = {};  // empty: no plan requires profile fields
    Limits limits = {};
    // Tells the buyer of a paid voucher order, in the paying transaction (optional).
    notifications::Notifier* notifier = nullptr;
    // The ids of the tenant's voucher articles (the console's product picker; empty: none).
    std::function<std::vector<std::int64_t>(std::int64_t tenant_id)> voucher_products = {};
  };

  explicit VouchersService(Deps deps);

  // ---- redemption (POST /voucher/consumption/subscription)
  // type_id: the type the client redeems for (nullopt: the code's own). Grants
  // the code's type for its periods in the transaction that spends the code;
  // when the user already holds that type ACTIVE, lengthens it by as much
  // (extended = true). Errors: a validation error
  // naming voucherCode (empty); TOO_MANY_ATTEMPTS (data.retryAfter) past
  // the failure limits per user or address; VOUCHER_NOT_FOUND (7: unknown,
  // another tenant's, voided, another type); VOUCHER_EXPIRED (0);
  // VOUCHER_ALREADY_REDEEMED (3); REQUIRED_IDENTITY_FIELD_NOT_FOUND (0,
  // data.fields: what the plan requires and the profile lacks, as subscribe
  // answers; the code stays unspent); SUBSCRIPTION_PAYMENT_PENDING (0: the
  // held subscription of that type awaits a payment) /
  // NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE|_DOWNGRADE (3: another level of the
  // group is held); the code stays unspent after either.
  Result<RedeemDto> redeem(std::int64_t tenant_id, const Caller& caller, const std::string& code,
                                 std::optional<std::int64_t> type_id);

  // ---- buying (POST /voucher/consumption/voucher)
  // Charges the caller's saved instrument of the tenant's payment option
  // `option_code` (card: the saved sandbox card, operator: the saved number)
  // for quantity x the product's price, takes the quantity from its
  // availability and mails the codes. Errors: a validation error naming
  // externalProviderCode / voucherRequest.quantity; NO_SAVED_PAYMENT_METHOD;
  // VOUCHER_PRODUCT_NOT_FOUND (7); NOT_ENOUGH_AVAILABLE (0);
  // INSUFFICIENT_FUNDS (2); VOUCHER_PURCHASE_PENDING (6: codes are mailed
  // when the payment settles); PAYMENT_DECLINED (0).
  // mark (http::idempotency_mark) runs in the transaction that claims the
  // charge, with the order's id: the caller's Idempotency-Key commits with it.
  Result<VoucherOrderDto> buy(std::int64_t tenant_id, const Caller& caller, const std::string& option_code,
                                    std::int64_t product_id, std::int64_t quantity, const std::string& lang,
                                    const payments::PaymentsService::Mark& mark = {});
  // The answer of a buy() whose process died after its mark committed (order_id
  // is the mark): a charge left in flight is finished (the provider asked again
  // with the same payment), and the answer is what buy() answers for that order.
  // Nothing is charged a second time. ORDER_NOT_FOUND when the order
  // is not the caller's voucher order.
  Result<VoucherOrderDto> resume_buy(std::int64_t tenant_id, const Caller& caller, const std::string& option_code,
                                     const std::string& order_id);
  // ---- resend (POST /voucher/resend/voucher)
  // Replaces the caller's live (unredeemed, unexpired) codes of that product
  // with new ones of the same type and validity and mails them: only hashes
  // are kept, so a lost mail cannot be repeated word for word, and the lost
  // codes stop working. VOUCHER_NOT_FOUND (7) when none; TOO_MANY_REQUESTS.
  Result<VoucherOrderDto> resend(std::int64_t tenant_id, const Caller& caller, std::int64_t product_id,
                                       const std::string& lang);

  // ---- support resends an order's codes (issue 34): the order's live codes are replaced by new
  // ones, as resend does, and mailed to the user's address; `record` runs in that transaction
  // (the audit entry) with the number of codes. order_not_found unless the order is the user's;
  // voucher_not_found when none of its codes is live. The count and the masked recipient.
  using Record = std::function<void(db::Session&, std::int64_t codes)>;
  struct Resent {
    std::int64_t codes = 0;
    std::string mailed_to;
  };
  Result<Resent> resend_order(std::int64_t tenant_id, const std::string& user_uuid, const std::string& order_id,
                              const Record& record);

  // ---- products and orders (the cart)
  std::optional<Product> product(std::int64_t tenant_id, std::int64_t product_id);
  // What a product's codes grant, for its page (GET /voucher/product/{id}):
  // plan names in `lang`. VOUCHER_PRODUCT_NOT_FOUND.
  // `holder`: the signed-in caller, whose redeemable codes of it are counted (codesHeld).
  Result<VoucherProductDto> describe(std::int64_t tenant_id, std::int64_t product_id, const std::string& lang,
                                     const std::optional<std::string>& holder = std::nullopt);
  // What is left of a product; nullopt = unlimited.
  std::optional<std::int64_t> available(std::int64_t tenant_id, const Product& product);
  // An OPEN order of priced items (cart checkout). A validation error naming the item.
  Result<Order> open_order(std::int64_t tenant_id, const std::string& user_uuid, std::string source,
                                 const std::vector<std::pair<std::int64_t, std::int64_t>>& items,
                                 const std::string& lang, std::optional<std::string> redirect);
  std::optional<Order> order_by_id(const std::string& order_id);
  // Pays an OPEN order with a fresh card at the hosted checkout. The order's
  // status afterwards (PAID, PENDING, or still OPEN after a refused card), or
  // errors: INVALID_CARD, NOT_ENOUGH_AVAILABLE, ORDER_CLOSED.
  struct Paid {
    Order order;
    payments::Status payment = payments::Status::declined;
  };
  // Through card_provider(); `hosted` when that provider takes the card on its own page (Stripe Checkout): the
  // order is PENDING there until its webhook settles it, and `on_placed` runs only once it is paid.
  Result<Paid> pay_order(const std::string& order_id, const std::string& card, const OnPlaced& on_placed,
                         std::optional<payments::HostedPayment> hosted = std::nullopt);
  bool cancel_order(const Order& order);
  // Who takes the cart's card payments: the provider of the tenant's payment option "card" when it takes this
  // tenant's payments (Stripe once its keys are saved; never one that asks a PIN), else the sandbox.
  const payments::PaymentProvider* card_provider(std::int64_t tenant_id);
  // The order's charge pending on the provider's page, if any.
  std::optional<payments::Payment> pending_payment(const Order& order);
  // The payer gave that page up: the payment not made declines (the order FAILED, its stock given back).
  void decline_pending(const Order& order);
  // Issues a PAID order's codes once and mails them (its buyer back from the provider's page, the scheduler's
  // fulfil_due, a purchase paid now); the count (0: done before, or not paid).
  std::int64_t fulfil(const Order& order);

  // ---- settling and fulfilment
  // The payments settlement handler of purpose "vouchers" (in its transaction):
  // a success marks the order PAID (codes follow in fulfil_due), a decline
  // FAILED with its quantities returned.
  void on_payment_settled(db::Session& s, const payments::Payment& payment);
  // A charge whose instance died before its record, taken over (PaymentsService::on_released): the order's stock
  // goes back; given back in full, the order is closed (FAILED), never taken it stays open for another try.
  void on_charge_released(db::Session& s, const payments::Payment& payment);
  // Told in that transaction when a settlement marks an order PAID (the payer may never come back from
  // the provider's page): the cart empties itself of a cart order's items (make_cart). Set at start-up.
  void on_order_paid(OnPlaced then) { order_paid_ = std::move(then); }
  // Issues and mails the codes of PAID orders that have none yet (every
  // tenant); run by the scheduler. Returns how many orders it fulfilled.
  int fulfil_due();

  // ---- refunds (docs/decisions.md "Refunds"; registered with payments by make_vouchers)
  // What a refund of an order would meet, for the agent before the refund: how many codes the
  // order holds now (a resend's replacements, not the codes they replaced), those redeemed (a
  // redeemed code cannot be taken back), and the share of the order's amount its unredeemed codes
  // stand for (an order not fulfilled yet: all of it). nullopt: no such order of the tenant.
  struct RefundView {
    std::int64_t codes = 0;
    std::vector<CodeRecord> redeemed;
    std::int64_t unredeemed_amount = 0;
  };
  std::optional<RefundView> refund_view(std::int64_t tenant_id, const std::string& order_id);
  // The order's redeemed codes, in a caller's transaction (the refund's reservation).
  std::vector<CodeRecord> redeemed_codes(db::Session& s, std::int64_t tenant_id, const std::string& order_id);
  // In the transaction that records a refund's success of an order's payment: the order's unspent
  // codes are voided (voided_by `by`) and an order whose codes are not issued yet never gets any.
  // How many codes it voided.
  std::int64_t on_payment_refunded(db::Session& s, const payments::Payment& payment, const std::string& by);
  // In the transaction that reserves a refund of an order's payment (issue 71 item 1): the same, held by
  // the refund `by` while it is asked and pending, so no code of the order redeems meanwhile.
  std::int64_t on_refund_reserved(db::Session& s, const payments::Payment& payment, const std::string& by);
  // In the transaction that records that refund's failure: what `by` held comes back (the codes redeem
  // again, the scheduler fulfils an unfulfilled order), or passes to `standing`, another refund of the
  // order that still holds. How many codes came back or passed.
  std::int64_t on_refund_failed(db::Session& s, const payments::Payment& payment, const std::string& by,
                                const std::optional<std::string>& standing);

  // ---- operators (portal issue-vouchers) and the demo seed
  // `count` fresh codes of a type the tenant sells, valid `valid_days`, as a
  // batch of source "cli" with `note`. SUBSCRIPTION_TYPE_NOT_FOUND.
  Result<Minted> issue(std::int64_t tenant_id, std::int64_t type_id, int count, int valid_days,
                       const std::string& note = "", const OnChange& on_change = {});
  // Stores a code made elsewhere (the demo seed's stable codes) unless it
  // exists, in the tenant's demo batch of that type; true when it is live
  // (stored now, or stored before and unspent).
  bool ensure_code(std::int64_t tenant_id, const std::string& code, std::int64_t type_id, int valid_days);

  // ---- batches: the console (voucher_batches.cpp; docs/decisions.md "Voucher batches")
  // Mints spec.count codes (1..10000) of a plan or a voucher product (not a
  // book) in one transaction with their batch; on_change runs in it (the
  // audit entry). The plain codes are in the answer and nowhere else. A validation error
  // naming count, typeId, productId, validFrom, validUntil or note.
  Result<Minted> mint_batch(std::int64_t tenant_id, const NewBatch& spec, const Actor& actor, const std::string& source,
                            const OnChange& on_change);
  // The tenant's batches, newest first, with their counts.
  BatchPage batches(std::int64_t tenant_id, const Paging& paging);
  // A batch and a page of its redemptions. VOUCHER_BATCH_NOT_FOUND.
  Result<BatchDetail> batch_detail(std::int64_t tenant_id, const std::string& batch_id, const Paging& paging);
  // A code typed in full (only hashes are stored). VOUCHER_NOT_FOUND.
  Result<CodeView> find_code(std::int64_t tenant_id, const std::string& code);
  // A page of a batch's codes of `state` (is_code_state, or "" for every code), in minting order: hint, state,
  // redemption and void, never the code. VOUCHER_BATCH_NOT_FOUND.
  Result<CodePage> batch_codes(std::int64_t tenant_id, const std::string& batch_id, const std::string& state,
                               const Paging& paging);
  // The ids of a batch's codes of `state`, in minting order, at most `limit` (a bulk void's "all that match").
  // VOUCHER_BATCH_NOT_FOUND.
  Result<std::vector<std::string>> batch_code_ids(std::int64_t tenant_id, const std::string& batch_id,
                                                  const std::string& state, std::int64_t limit);
  // What void_code answers for a code already voided: the code as it is (the console's single void: a repeated
  // click changes nothing), or VOUCHER_ALREADY_VOIDED (a bulk void lists it among the rows it did not change).
  enum class Repeat { answer_code, refuse };
  // Voids an unspent code (a repeat answers the voided code and changes
  // nothing, or is refused). VOUCHER_NOT_FOUND, VOUCHER_ALREADY_REDEEMED (VOUCHER_ALREADY_VOIDED).
  Result<CodeView> void_code(std::int64_t tenant_id, const std::string& code_id, const Actor& actor,
                             const OnChange& on_change, Repeat repeat = Repeat::answer_code);
  // Marks the batch voided and voids its unspent codes; the batch after and how
  // many codes this call voided (0 on a repeat). VOUCHER_BATCH_NOT_FOUND.
  Result<std::pair<Batch, std::int64_t>> void_batch(std::int64_t tenant_id, const std::string& batch_id,
                                                    const Actor& actor, const OnChange& on_change);
  // The plans and voucher products a batch can grant, titles in `lang`.
  Choices choices(std::int64_t tenant_id, const std::string& lang);

 private:
  Result<void> check_limits(std::int64_t tenant_id, const Caller& caller);
  void record_failure(std::int64_t tenant_id, const Caller& caller);
  std::int64_t code_count(const Order& order);
  Result<VoucherOrderDto> bought(std::int64_t tenant_id, const Caller& caller, const Order& order,
                                 const payments::Payment& payment);
  void record_charge(db::Session& s, const Order& order, const payments::Payment& payment, const OnPlaced& on_placed);
  void tell_paid(db::Session& s, const Order& order);
  std::optional<Error> reserve(db::Session& s, const Order& order,
                                     const std::vector<std::optional<std::int64_t>>& initials);
  std::vector<std::optional<std::int64_t>> initials_of(const Order& order);
  void release(db::Session& s, const Order& order);
  void mail_codes(std::int64_t tenant_id, const std::string& user_uuid, const std::string& lang,
                  const std::vector<std::pair<std::string, std::string>>& codes);  // {code, product title}
  // note: the batch's note when the caller read it (a list of one batch's codes), else read here.
  CodeView view_of(std::int64_t tenant_id, const CodeRecord& code, const std::string& now,
                   const std::optional<std::string>* note = nullptr);
  void name_batch(std::int64_t tenant_id, Batch& batch);

  Deps d_;
  OnPlaced order_paid_;  // on_order_paid
};

}  // namespace portal::vouchers
