#pragma once
// The subscriptions service (docs/contracts.md "Subscriptions"): the reads of
// plans and holdings, and the parts that own each concept, built on one
// Context (service_context.hpp):
//
//   checkout_flow.hpp  subscribe, the checkout, its charge, the hosted page
//   api_flow.hpp       the operator PIN and saved-card steps
//   cancellation.hpp   cancel
//   trials.hpp         free trials
//   partners.hpp       partner metadata, external codes, redirection, voucher book
//   renewals.hpp       renewals and the scheduler run
//   pay_again.hpp      a subscription held for a failed renewal paid again by its subscriber
//   staff_care.hpp     support's cancel and comp from the console
//
// Every state change goes through subscription_rules' transition() and writes
// a subscription_events row in the same transaction (subscription_changes.hpp).
// Expected failures are values (Result<T>, subscriptions_errors.hpp) that the
// routes map to HTTP; exceptions are faults. Transactions and uniqueness rules
// live in the repository. Every method blocks (SQL): call it on the database pool.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "domains/subscriptions/api_flow.hpp"
#include "domains/subscriptions/cancellation.hpp"
#include "domains/subscriptions/checkout_flow.hpp"
#include "domains/subscriptions/partners.hpp"
#include "domains/subscriptions/pay_again.hpp"
#include "domains/subscriptions/renewals.hpp"
#include "domains/subscriptions/staff_care.hpp"
#include "domains/subscriptions/trials.hpp"

namespace portal::subscriptions {

// The read of the plans, with the caller's active types.
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

class SubscriptionsService {
 public:
  using Deps = ServiceDeps;
  explicit SubscriptionsService(Deps deps);
  SubscriptionsService(const SubscriptionsService&) = delete;
  SubscriptionsService& operator=(const SubscriptionsService&) = delete;

  // Plans (cached per tenant for a minute). import_plans stores plans that
  // parse_plans (plans_document.hpp) read and validated.
  std::shared_ptr<const Plans> plans(std::int64_t tenant_id);
  PlansImported import_plans(std::int64_t tenant_id, const Plans& plans);

  TypeList types(const Caller& c);
  bool enabled(const Caller& c, std::int64_t type_id);
  Holdings list(const Caller& c, bool include_cancelled);
  std::vector<SubscriptionEvent> events(std::int64_t tenant_id, const std::string& subscription_id);
  bool owned(const Caller& c, const std::string& subscription_id);
  // Dev stage: the charges of the caller's checkout (purchaseID).
  Result<std::vector<payments::Payment>> payments_of(const Caller& c, const std::string& purchase_id);

  CheckoutFlow& checkout() { return checkout_; }
  ApiFlow& api() { return api_; }
  Cancellation& cancellation() { return cancellation_; }
  Trials& trials() { return trials_; }
  Partners& partners() { return partners_; }
  StaffCare& care() { return care_; }
  PayAgain& pay_again() { return pay_again_; }

  // A payment of ours settled (scheduler or webhook): runs in its transaction. A renewal's success whose
  // period is no longer due is refused (payments::SettlementRefused).
  void on_payment_settled(db::Session& s, const payments::Payment& p);
  // A renewal's charge whose instance died, taken over with the provider's answer: applied when still due.
  void on_renewal_resumed(db::Session& s, const payments::Payment& p);
  // The refund policy's part of subscriptions (registered by make_subscriptions): the
  // subscription a refunded checkout or renewal paid for ends now (INACTIVE,
  // event "refunded"), in the refund's transaction. Nothing when it is no
  // longer ACTIVE or the payment is not a subscription's.
  void on_payment_refunded(db::Session& s, const payments::Payment& p, std::string_view actor);
  SchedulerReport run_scheduler() { return renewals_.run(); }
  // The plans cache the console's edits forget (plans_admin.hpp).
  PlansCache& plans_cache() { return ctx_.plans; }

 private:
  Context ctx_;
  Renewals renewals_;
  PayAgain pay_again_;  // before checkout_, which charges its pay-again checkouts through it
  CheckoutFlow checkout_;
  ApiFlow api_;
  Cancellation cancellation_;
  Trials trials_;
  Partners partners_;
  StaffCare care_;
};

}  // namespace portal::subscriptions
