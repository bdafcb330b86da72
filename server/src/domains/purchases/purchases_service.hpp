#pragma once
// Consuming and buying single articles (commerce §4 purchase check, §7
// purchase, one-time payment, download calls; docs/contracts.md "Purchases
// and wallet"). It gathers the facts of the one entitlement decision
// (entitlement.hpp) and applies it: purchase options, consuming (spending a
// credit), single purchases through the sandbox payment providers (hosted
// card page, operator PIN) and their settlement. Expected failures are
// purchases::Error values (purchases_errors.hpp; purchases_answers.hpp gives
// each its status and code); blocking (database pool).
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "domains/catalog/catalog_types.hpp"
#include "domains/hosted/checkout_page_view.hpp"
#include "domains/hosted/return_page.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/notifications/notifier.hpp"
#include "domains/payments/payments_service.hpp"
#include "domains/purchases/entitlement.hpp"
#include "domains/purchases/purchases_errors.hpp"
#include "domains/purchases/purchases_repository.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::purchases {

inline constexpr std::string_view kPaymentPurpose = "article";

// Who asks, in which tenant and language, and where the backend is.
struct Caller {
  std::shared_ptr<const tenants::Tenant> tenant;
  std::string user_uuid;  // "" for a guest
  std::string lang = "en";
  std::string backend_base;    // the tenant's backend origin + "/backend" (hosted page URLs)
  std::vector<std::string> return_origins;  // where a redirect may go (http::return_origins)
  bool guest() const { return user_uuid.empty(); }
};

struct Decided {
  catalog::ArticleRecord record;
  ArticleFacts article;
  Entitlement entitlement;
};

// What a consume grants: the article and the way it was consumed.
struct Grant {
  catalog::ArticleRecord record;
  ConsumeWay way;
};

struct Started {
  Purchase purchase;
  std::string title;
};

struct OfferedOption {
  PurchaseOption option;
  std::string name;
  std::optional<std::string> url;  // WEB: the hosted checkout page
};

struct PaymentChoice {
  Purchase purchase;
  std::vector<OfferedOption> options;
};

// oneTimePurchase: the WEB page to open, or the PIN sent for the API flow.
struct PurchaseStep {
  std::optional<std::string> redirect_url;
  std::string purchase_id;
  std::string purchase_token;
  std::string message;
  std::optional<std::string> sandbox_pin;  // dev stage only
};

// The outcome of a charge: where the browser returns to and how it went.
struct Charged {
  enum class Outcome { paid, pending, insufficient, declined };
  Outcome outcome = Outcome::paid;
  Purchase purchase;
  std::string url;
};

class PurchasesService {
 public:
  struct Deps {
    PurchasesRepository& repository;
    subscriptions::CreditsRepository& credits;
    payments::PaymentsService& payments;
    identity::Mailer& sms;  // PINs go to the outbox as "sms:+<msisdn>"
    const i18n::I18nService& i18n;
    const core::Clock& clock;
    // The catalog article inside the rating window; ARTICLE_NOT_FOUND.
    std::function<catalog::Result<catalog::ArticleRecord>(std::int64_t tenant_id, std::int64_t id, catalog::RatingRange)> article;
    // The tenant's plans and payment options in a language.
    std::function<std::vector<OfferedPlan>(std::int64_t tenant_id, const std::string& lang)> plans;
    std::function<std::vector<PayOption>(std::int64_t tenant_id, const std::string& lang)> pay_options;
    // The operating system of a device the caller registered (GET /device), nullopt when unknown.
    std::function<std::optional<std::string>(std::int64_t tenant_id, const std::string& device_id)> device_os;
    std::function<std::shared_ptr<const tenants::Tenant>(std::int64_t id)> tenant_by_id;
    bool dev_stage = false;
    // Tells the buyer of a paid purchase, in the paying transaction (optional).
    notifications::Notifier* notifier = nullptr;
  };
  explicit PurchasesService(Deps deps);

  // The decision for one article; the catalog's error (article) when it is not there.
  Result<Decided> decide(const Caller& c, std::int64_t article_id, const std::optional<std::string>& device_id,
                               catalog::RatingRange rating);
  // Consume: the decision, applied. sign_in_required for a guest who must
  // sign in, device_not_supported, not_entitled (the article). A credit is
  // spent (and the article put in the wallet) when that is the way and the
  // user confirmed it (`credit_confirmed`, the calls' consume: true); without
  // the confirmation nothing is spent: confirmation_required (the article and
  // the credit it would spend), which every path that spends a credit passes
  // on or turns into its preview answer.
  Result<Grant> consume(const Caller& c, std::int64_t article_id, const std::optional<std::string>& device_id,
                              catalog::RatingRange rating, bool credit_confirmed);
  // The same with the decision the caller made already (a play's), so it is
  // made once. Only when a concurrent request took the last credit is it made
  // again, into `decided`: after not_entitled it says what is left to offer.
  Result<Grant> consume(const Caller& c, Decided& decided, const std::optional<std::string>& device_id,
                        catalog::RatingRange rating, bool credit_confirmed);

  // GET /purchase/ArticleOneTimePurchase: opens (or reopens) a purchase of the
  // article at its own price. not_for_sale, already_owned.
  Result<Started> start(const Caller& c, std::int64_t article_id, catalog::RatingRange rating);
  // POST /subscription/oneTimePaymentOptions. purchase_not_found,
  // purchase_closed, invalid_redirect.
  Result<PaymentChoice> payment_options(const Caller& c, const std::string& purchase_id,
                                              const std::string& redirect);
  // POST /subscription/oneTimePurchase. payment_option_not_found,
  // purchase_closed, the payments domain's invalid_msisdn (API flow).
  Result<PurchaseStep> pay(const Caller& c, const std::string& option_uuid,
                                 const std::optional<std::string>& msisdn);
  // POST /purchase/VerifyOneTimePurchasePin: the PIN, then the charge. The
  // payments domain's invalid_pin (tries left), invalid_purchase_token,
  // purchase_not_found, purchase_closed, already_owned.
  Result<Charged> verify_pin(const Caller& c, const std::string& purchase_id, std::int64_t article_id,
                                   const std::string& pin, const std::string& token);

  // The hosted card page of a WEB option.
  std::optional<hosted::CheckoutPageView> checkout_view(const std::string& option_uuid);
  Result<std::string> checkout_submit(const std::string& option_uuid, const hosted::CheckoutSubmit& submit);
  // Back from the provider's own page (Stripe Checkout): the purchase-return URL of what its webhook settled
  // (paid, pending, declined); `cancelled` declines a payment not made (PAYMENT_CANCELLED).
  Result<std::string> checkout_returned(const std::string& option_uuid, bool cancelled);

  // A pending payment of ours settled (scheduler or webhook), in its transaction.
  void on_payment_settled(db::Session& s, const payments::Payment& p);
  // A charge whose instance died before its record, taken over (PaymentsService::on_released): given back in full,
  // the purchase is closed (FAILED; the customer buys again with a new one); never taken, it stays open for a retry.
  void on_charge_released(db::Session& s, const payments::Payment& p);
  // The refund policy's part of purchases (registered by make_purchases): a refunded
  // PAID purchase is CANCELLED and what it put in the wallet leaves it, in the
  // refund's transaction (the article may be bought again).
  void on_payment_refunded(db::Session& s, const payments::Payment& p);

  // ---- support (issue 34): `record` runs in the write's transaction (its audit entry).
  using Record = std::function<void(db::Session&, const Purchase&)>;
  // Puts the article (with a collection's members) in the user's wallet as a PAID purchase of
  // amount 0 in `currency`. The catalog's error (any rating) when it is not there; already_owned
  // when the wallet holds it or a purchase of it is paid or pending.
  Result<Purchase> grant(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id,
                         const std::string& currency, const Record& record);
  // Takes a PAID purchase's articles out of the wallet and marks it CANCELLED.
  // purchase_not_found unless it is the user's; purchase_closed unless it is PAID.
  Result<Purchase> revoke(std::int64_t tenant_id, const std::string& user_uuid, const std::string& purchase_id,
                          const Record& record);

 private:
  ArticleFacts facts_for(const Purchase& p);
  EntitlementInput gather(const Caller& c, const catalog::ArticleRecord& record, const ArticleFacts& facts,
                          const std::optional<std::string>& device_id);
  Result<Purchase> open_purchase(const Caller& c, const std::string& purchase_id);
  // backend_base: the tenant's configured origin + "/backend", where a provider's own page (Stripe Checkout) sends
  // the payer back (GET /backend/checkout/purchase/return/{option}).
  // `payment_id`: the payment an operator's code step prepared (PaymentsService::verify_code).
  Result<Charged> charge(const Purchase& purchase, const PurchaseOption& option, const std::string& instrument,
                         const std::string& backend_base = "", std::optional<std::string> payment_id = std::nullopt);
  std::optional<payments::Payment> pending_payment(const Purchase& p);
  std::string returned_to(const Purchase& p, hosted::Ending ending) const;
  std::string returned_to(const Purchase& p, Charged::Outcome outcome) const;
  std::string text(std::string_view lang, std::string_view key, const tenants::Tenant* t) const;
  void tell_paid(db::Session& s, const Purchase& p, const ArticleFacts& facts);

  Deps d_;
};

// The facts of a catalog article, with its title in lang.
ArticleFacts facts_of(const catalog::ArticleRecord& a, const std::string& lang);
// What a purchase or a credit puts in the wallet: the article, and for a
// collection its members.
std::vector<wallet::NewItem> wallet_items_of(const ArticleFacts& a);

}  // namespace portal::purchases
