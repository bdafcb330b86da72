#pragma once
// The rules of subscriptions (docs/contracts.md "Subscriptions"): plans and
// their wire shapes, subscribe with its ordered statuses, checkouts with
// their payment options, the operator PIN flow, saved-card charges, cancel,
// trials, partner and external-code calls, the hosted checkout, settling and
// the scheduler. Every state change goes through subscription_rules'
// transition() and writes a subscription_events row in the same transaction.
//
// Expected outcomes are values, faults exceptions. The read calls, cancel,
// trials, partner metadata and the partner redirection return typed results
// (TypeList, Holdings, Cancelled, ...) that the routes map to the DTOs of
// subscriptions_dto.hpp (subscriptions_mapping.hpp). The purchase flows
// (subscribe, api_step, api_for_type) still answer an Answer (its kind and
// JSON data) or a core::Error whose status is the contract's (202
// SUBSCRIPTION_PENDING, 402 INSUFFICIENT_FUNDS, 409 ..., 490 PAYMENT_DECLINED).
// Transactions and uniqueness rules live in the repository (Outcome, Decide);
// the rules stay here. Every method blocks (SQL): call it on the database pool.
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

// A purchase flow's answer: something was created (a subscription, a paid
// checkout), or the flow goes on (a checkout to open, a PIN sent).
struct Answer {
  enum Kind { ok, created };
  Kind kind = ok;
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

// Typed results of the read calls and of cancel / partner metadata: the plans
// they were read with, so the routes map them to DTOs (subscriptions_mapping.hpp).
struct TypeList {
  std::shared_ptr<const Plans> plans;
  std::vector<const SubscriptionType*> types;  // into *plans, geo-blocked ones left out
  std::vector<std::int64_t> active_types;      // the caller's
};

struct Holdings {
  std::shared_ptr<const Plans> plans;
  std::vector<UserSubscription> subscriptions;
  std::vector<std::int64_t> active_types;
};

struct SubscriptionView {
  std::shared_ptr<const Plans> plans;
  std::vector<std::int64_t> active_types;  // the caller's
  UserSubscription subscription;
};

struct Cancelled {
  SubscriptionView view;                       // after the cancel
  std::optional<std::string> redirection_url;  // where the user cancels (the plan's cancelUrl) or returns to
};

struct TrialStarted {
  SubscriptionView view;
  std::string url;  // the redirect with status=200&type=trial&subTypeId=<id>
};

struct ExternalCodeValidity {
  int validity = 2;  // 1 valid, 2 unknown, 3 expired, 4 in use by a pending subscription
  std::optional<std::int64_t> type_id;
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

  TypeList types(const Caller& c);
  bool enabled(const Caller& c, std::int64_t type_id);
  Holdings list(const Caller& c, bool include_cancelled);
  core::Result<Answer> subscribe(const Caller& c, const SubscribeInput& in);
  core::Result<Answer> api_step(const Caller& c, const std::string& option_uuid, const boost::json::object& body);
  core::Result<Answer> api_for_type(const Caller& c, std::int64_t type_id, const std::string& redirect,
                                    const boost::json::object& body, bool upgrade);
  core::Result<Cancelled> cancel(const Caller& c, const std::string& id, const std::optional<std::string>& redirection);
  // The type ids the caller may still trial (none for a guest).
  std::vector<std::int64_t> trial_eligibility(const Caller& c);
  core::Result<TrialStarted> subscribe_trial(const Caller& c, const std::string& redirect, std::optional<std::int64_t> type_id);
  bool voucherbook_eligible(const Caller& c, std::int64_t type_id);
  core::Result<SubscriptionView> merge_partner_metadata(const Caller& c, const std::string& id, const boost::json::object& value);
  ExternalCodeValidity validate_external(const Caller& c, const std::string& code);
  // Starts the checkout of the first type (the URL to open); the checkout returns to `redirection`
  // (an address of the tenant, else 400 INVALID_REDIRECT) or to <origin>/subscription.
  core::Result<std::string> partner_redirection(const Caller& c, const std::vector<std::int64_t>& type_ids,
                                           const std::optional<std::string>& external_code,
                                           const std::optional<std::string>& redirection);
  std::vector<boost::json::object> events(std::int64_t tenant_id, const std::string& subscription_id);
  bool owned(const Caller& c, const std::string& subscription_id);
  // Dev stage: the charges of the caller's checkout (purchaseID) and of a subscription's renewals.
  core::Result<boost::json::array> payments_of(const Caller& c, const std::string& purchase_id);

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
