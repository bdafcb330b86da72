#pragma once
// Storage of plans, user subscriptions, events, trials and checkouts.
// Blocking; tenant id first. A write that meets a uniqueness rule returns an
// Outcome; a write of several statements runs its own transaction (create,
// record_change, insert_checkout, replace_plans). Methods taking a Session run
// inside a caller's transaction (a payment's, or a Decide callback).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/subscriptions/subscriptions_types.hpp"

namespace portal::subscriptions {

// The outcome of a write that can meet a uniqueness rule or the service's decision.
enum class Outcome {
  created,
  already_exists,  // a unique index refused it (the user holds the type or its level, trialled the group, has a checkout open)
  refused,         // the service's decision, run inside the transaction, said no: nothing was written
};

// The service's rule, run first inside a repository's transaction (it may read
// and write through the Session); false refuses the write.
using Decide = std::function<bool(db::Session&)>;


class SubscriptionsRepository {
 public:
  explicit SubscriptionsRepository(db::Database& db) : db_(db) {}
  db::Database& database() { return db_; }

  // ---- plans
  // Replaces the tenant's plans (parsed and validated by parse_plans, plans_document.hpp) in one transaction.
  void replace_plans(std::int64_t tenant_id, const Plans& plans, const std::string& now);
  void replace_plans(db::Session& s, std::int64_t tenant_id, const Plans& plans, const std::string& now);
  // The stored plans, decoded without validating again (they were validated at import).
  Plans load_plans(std::int64_t tenant_id);
  Plans load_plans(db::Session& s, std::int64_t tenant_id);  // inside a transaction: no second connection
  bool has_plans(std::int64_t tenant_id);

  // ---- plans from the console (plans_admin.hpp), inside the caller's transaction
  // The stored definition text of one type (what an edit compares against), or nullopt.
  std::optional<std::string> type_definition(db::Session& s, std::int64_t tenant_id, std::int64_t type_id);
  // Writes `after` (its definition) only if the row still holds `before_text`; false otherwise.
  bool update_type(db::Session& s, std::int64_t tenant_id, const SubscriptionType& after, const std::string& before_text,
                   const std::string& now);
  void insert_type(db::Session& s, std::int64_t tenant_id, const SubscriptionType& type, const std::string& now);
  // Runs a console write (`work`: the reads and writes above, and its audit entry) in one transaction.
  // already_exists when a unique index refused one of its writes (a type id taken): all of it rolled
  // back. created otherwise; any other exception of `work` passes through.
  Outcome write_plans(const std::function<void(db::Session&)>& work);
  void set_group_levels(db::Session& s, std::int64_t tenant_id, const Group& group);
  // One payment option written or deleted (raising the tenant's config_version); remove answers false when
  // there was none.
  void save_option(db::Session& s, std::int64_t tenant_id, const PaymentOption& option);
  bool remove_option(db::Session& s, std::int64_t tenant_id, const std::string& code);
  struct Subscriber {
    std::string subscription_id;
    std::string email;
    std::string lang;  // the user's language, or "" (the tenant's default)
  };
  // ACTIVE subscribers of a type that are not leaving, with an e-mail address.
  std::vector<Subscriber> subscribers(db::Session& s, std::int64_t tenant_id, std::int64_t type_id);
  // type id -> ACTIVE subscriptions.
  std::vector<std::pair<std::int64_t, std::int64_t>> subscriber_counts(std::int64_t tenant_id);
  // A renewal onto a successor: the subscription (read at `sub.version`) changes type, with its event
  // (`reason`, by `actor`), in one transaction. False, nothing written, when it changed meanwhile or a
  // unique index refused the move (the user holds another level of the successor's group).
  bool move_type(const UserSubscription& sub, std::int64_t to_type, std::string_view reason, std::string_view actor,
                 const std::string& now);

  // ---- subscriptions
  // Inside the caller's transaction: already_exists when the user holds the
  // type, or (ACTIVE) another one of its plan group, already. The statement
  // failed: the caller must roll its transaction back (throw).
  Outcome insert(db::Session& s, const UserSubscription& sub);
  // A subscription as its events left it (its version and updated_at), and those events with the ids they
  // were given, in the caller's transaction: the synthetic activity (docs/operations.md).
  void insert_past(db::Session& s, const UserSubscription& sub);
  void insert_past_event(db::Session& s, std::int64_t tenant_id, const std::string& id, const std::string& subscription_id,
                         const Status& from, const Status& to, std::string_view reason, std::string_view actor,
                         const std::string& at, std::int64_t version);
  // The group's one free trial, taken by the subscription (create() records it with the trial's subscription).
  void record_trial(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid, const std::string& group,
                    const std::string& subscription_id, const std::string& at);
  // A new subscription (sub.status set, created at sub.created_at) with its first
  // event from the empty status, in one transaction after `decide` agrees. With
  // `trial_group` the group's one free trial is recorded too. already_exists
  // when a unique index refused it (held type or level, trial used).
  Outcome create(const UserSubscription& sub, std::string_view reason, std::string_view actor,
                 const std::optional<std::string>& trial_group, const Decide& decide);
  // Writes `after` (read at `before`'s version) and its event in one transaction;
  // false when the row changed since `before` was read (someone else won).
  bool record_change(const UserSubscription& before, const UserSubscription& after, std::string_view reason,
                     std::string_view actor, const std::string& now);
  std::optional<UserSubscription> subscription(std::int64_t tenant_id, const std::string& id);
  std::optional<UserSubscription> subscription(db::Session& s, std::int64_t tenant_id, const std::string& id);
  // The tenant a subscription id belongs to (ids are UUIDs, unique across tenants).
  std::optional<std::int64_t> tenant_of(const std::string& subscription_id);
  std::vector<UserSubscription> for_user(std::int64_t tenant_id, const std::string& user_uuid);
  std::vector<UserSubscription> for_user(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid);
  // The user's ACTIVE subscription in the plan group of `type_id` (none for a
  // type without a group), other than `except`: what a payment for that type meets.
  std::optional<UserSubscription> active_in_group(std::int64_t tenant_id, const std::string& user_uuid,
                                                  std::int64_t type_id, const std::optional<std::string>& except);
  std::optional<UserSubscription> active_in_group(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                                                  std::int64_t type_id, const std::optional<std::string>& except);
  // False when the row changed since `version` was read (someone else won).
  bool save(db::Session& s, const UserSubscription& sub, std::int64_t version, const std::string& now);
  bool save(const UserSubscription& sub, std::int64_t version, const std::string& now);  // one statement, no event
  void insert_event(db::Session& s, std::int64_t tenant_id, const std::string& subscription_id, const Status& from,
                    const Status& to, std::string_view reason, std::string_view actor, const std::string& at,
                    std::int64_t version);
  std::vector<SubscriptionEvent> events(std::int64_t tenant_id, const std::string& subscription_id);
  // ---- comps (staff_care.cpp): the ledger the support cap sums
  // Records `days` given by `staff_id`; a capped comp only while the capped days after `since`
  // plus these stay at most `cap` (false: refused, nothing written).
  bool record_comp(db::Session& s, std::int64_t tenant_id, const std::string& subscription_id, int days,
                   const std::string& staff_id, bool capped, const std::string& at, const std::string& since,
                   std::int64_t cap);
  std::int64_t comp_days_since(db::Session& s, std::int64_t tenant_id, const std::string& subscription_id,
                               const std::string& since);

  // ---- scheduler (every tenant)
  std::vector<UserSubscription> due_renewals(const std::string& now);
  std::vector<UserSubscription> grace_over(const std::string& now);
  std::vector<UserSubscription> ended(const std::string& now);
  // ACTIVE trials (not cancelled) ending after `from` and at `until` or before: their notice (billing_mail).
  std::vector<UserSubscription> trials_ending(const std::string& from, const std::string& until);

  // ---- trials (recorded by create())
  std::vector<std::string> trial_groups(std::int64_t tenant_id, const std::string& user_uuid);

  // ---- checkouts
  // The checkout and its options in one transaction; already_exists when one is open for user+type.
  Outcome insert_checkout(const Checkout& c, const std::vector<CheckoutOption>& options, const std::string& expires_at,
                          const std::string& now);
  // A checkout as it ended (c.status, c.subscription_id), at past times, and one option of a checkout, in the
  // caller's transaction (the synthetic activity).
  void insert_past_checkout(db::Session& s, const Checkout& c, const std::string& expires_at,
                            const std::string& created_at, const std::string& updated_at);
  void insert_checkout_option(db::Session& s, std::int64_t tenant_id, const CheckoutOption& option);
  void expire_open(std::int64_t tenant_id, const std::string& user_uuid, const std::string& now);
  std::optional<Checkout> open_checkout(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t type_id);
  // An open checkout's consents replaced (the subscription takes them when it is paid); false when it is no longer open.
  bool set_checkout_consents(std::int64_t tenant_id, const std::string& id, const boost::json::array& consents,
                             const std::string& now);
  std::optional<Checkout> checkout(std::int64_t tenant_id, const std::string& id);
  std::optional<Checkout> checkout(db::Session& s, std::int64_t tenant_id, const std::string& id);
  // The pay-again checkout of `subscription_id`'s `period` still being paid (OPEN or PENDING), newest first.
  std::optional<Checkout> pay_again_checkout(db::Session& s, std::int64_t tenant_id, const std::string& subscription_id,
                                             const std::string& period);
  bool set_checkout_status(db::Session& s, std::int64_t tenant_id, const std::string& id, std::string_view from,
                           std::string_view to, const std::optional<std::string>& subscription_id,
                           const std::string& now);
  bool set_checkout_status(std::int64_t tenant_id, const std::string& id, std::string_view from, std::string_view to,
                           const std::optional<std::string>& subscription_id, const std::string& now);
  // By the option's uuid alone (the hosted page has no tenant header); tenant_id is returned.
  std::optional<std::pair<std::int64_t, CheckoutOption>> option(const std::string& uuid);
  std::vector<CheckoutOption> options(std::int64_t tenant_id, const std::string& checkout_id);


 private:
  void insert_row(db::Session& s, const UserSubscription& sub);  // db::ConstraintError on a unique index
  using Query = std::function<db::Rows(std::string_view, const db::Params&)>;
  Plans load_plans_with(const Query& query, std::int64_t tenant_id);
  db::Database& db_;
};

}  // namespace portal::subscriptions
