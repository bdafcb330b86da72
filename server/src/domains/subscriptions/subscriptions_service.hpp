#pragma once
// The rules of subscriptions (docs/contracts.md "Subscriptions"): plans and
// their wire shapes, subscribe with its ordered statuses, checkouts with
// their payment options, the operator PIN flow, saved-card charges, cancel,
// trials, partner and external-code calls, the hosted checkout, settling and
// the scheduler. Every state change goes through subscription_rules'
// transition() and writes a subscription_events row in the same transaction.
//
// Expected outcomes are values: Answer (status 200/201 and data) or a
// core::Error whose status is the contract's (202 SUBSCRIPTION_PENDING, 402
// INSUFFICIENT_FUNDS, 409 ..., 490 PAYMENT_DECLINED); the error's data
// carries what the contract puts there. Every method blocks (SQL): call it on
// the database pool.
#include <boost/json/object.hpp>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/payments/payments_service.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::subscriptions {

// Who asks, in which tenant and language, and where the backend is.
struct Caller {
  std::shared_ptr<const tenants::Tenant> tenant;
  std::string user_uuid;     // "" for a guest
  std::string lang = "en";
  std::string backend_base;  // "http://host:port/backend" the client reached
  std::string request_origin;
  bool guest() const { return user_uuid.empty(); }
};

struct Answer {
  int status = 200;  // 200 or 201
  boost::json::value data;
};

struct SubscribeInput {
  std::int64_t type_id = 0;
  std::string redirect;
  std::optional<std::string> migrate_sub_id;
  std::optional<std::int64_t> upgrade_to;
  std::optional<payments::Money> price;
  std::optional<std::string> external_code;
  boost::json::value marketing_campaign;  // a string or an object, or null (validated by the route)
  boost::json::array consents;            // subscriptionConsentList
};

struct SchedulerReport {
  int renewed = 0;
  int failed = 0;
  int ended = 0;
  int settled = 0;
  int trials_ended = 0;
};

// What the hosted checkout page shows.
struct CheckoutView {
  std::shared_ptr<const tenants::Tenant> tenant;
  Checkout checkout;
  CheckoutOption option;
  std::string type_name;
  std::string billing_cycle;
  std::vector<payments::TestInstrument> test_cards;
};

class SubscriptionsService {
 public:
  struct Deps {
    SubscriptionsRepository& repository;
    payments::PaymentsService& payments;
    identity::UsersRepository& users;
    identity::Mailer& sms;  // the outbox: PIN messages go there as "sms:+<msisdn>"
    const i18n::I18nService& i18n;
    const core::Clock& clock;
    std::function<std::shared_ptr<const tenants::Tenant>(std::int64_t id)> tenant_by_id;
    bool dev_stage = false;
  };
  explicit SubscriptionsService(Deps deps);

  // Plans (cached per tenant for a minute; import clears the cache).
  std::shared_ptr<const Plans> plans(std::int64_t tenant_id);
  core::Result<boost::json::object> import_plans(std::int64_t tenant_id, const boost::json::value& doc);

  boost::json::array types(const Caller& c);
  boost::json::object enabled(const Caller& c, std::int64_t type_id);
  boost::json::array list(const Caller& c, bool include_cancelled, bool include_type);
  core::Result<Answer> subscribe(const Caller& c, const SubscribeInput& in);
  core::Result<Answer> api_step(const Caller& c, const std::string& option_uuid, const boost::json::object& body);
  core::Result<Answer> api_for_type(const Caller& c, std::int64_t type_id, const std::string& redirect,
                                    const boost::json::object& body, bool upgrade);
  core::Result<Answer> cancel(const Caller& c, const std::string& id, const std::optional<std::string>& redirection);
  boost::json::object trial_eligibility(const Caller& c);
  core::Result<Answer> subscribe_trial(const Caller& c, const std::string& redirect, std::optional<std::int64_t> type_id);
  bool voucherbook_eligible(const Caller& c, std::int64_t type_id);
  core::Result<Answer> merge_partner_metadata(const Caller& c, const std::string& id, const boost::json::object& value);
  boost::json::object validate_external(const Caller& c, const std::string& code);
  // Starts the checkout of the first type; the checkout returns to `redirection`
  // (an address of the tenant, else 400 INVALID_REDIRECT) or to <origin>/subscription.
  core::Result<Answer> partner_redirection(const Caller& c, const std::vector<std::int64_t>& type_ids,
                                           const std::optional<std::string>& external_code,
                                           const std::optional<std::string>& redirection);
  std::vector<boost::json::object> events(std::int64_t tenant_id, const std::string& subscription_id);
  bool owned(const Caller& c, const std::string& subscription_id);
  // Dev stage: the charges of the caller's checkout (purchaseID) and of a subscription's renewals.
  core::Result<boost::json::array> payments_of(const Caller& c, const std::string& purchase_id);

  // Idempotency-Key: the answer stored for the caller's key, and keeping one
  // (the first stored answer wins; it is returned).
  std::optional<StoredAnswer> stored_answer(const Caller& c, const std::string& key);
  StoredAnswer keep_answer(const Caller& c, const std::string& key, const StoredAnswer& answer);

  // The hosted checkout: the page, and the form's outcome as the URL to return to.
  core::Result<CheckoutView> checkout_view(const std::string& option_uuid);
  core::Result<std::string> checkout_submit(const std::string& option_uuid, const std::string& card, bool cancel,
                                            const std::string& lang);

  // A payment of ours settled (scheduler or webhook): runs in its transaction.
  // A success for a level of a plan group where the user meanwhile holds
  // another one is refused (core::ErrorException): it settles declined.
  void on_payment_settled(db::Session& s, const payments::Payment& p);
  SchedulerReport run_scheduler();

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace portal::subscriptions
