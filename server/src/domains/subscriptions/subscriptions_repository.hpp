#pragma once
// Storage of plans, user subscriptions, events, trials, checkouts and
// idempotency keys. Blocking; tenant id first. Writes that belong to one
// state change take the transaction's Session.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/subscriptions/subscriptions_types.hpp"

namespace portal::subscriptions {

struct StoredAnswer {
  std::string scope;
  int status = 200;
  std::string body;
};

class SubscriptionsRepository {
 public:
  explicit SubscriptionsRepository(db::Database& db) : db_(db) {}
  db::Database& database() { return db_; }

  // ---- plans
  void replace_plans(db::Session& s, std::int64_t tenant_id, const Plans& plans, const std::string& now);
  Plans load_plans(std::int64_t tenant_id);
  Plans load_plans(db::Session& s, std::int64_t tenant_id);  // inside a transaction: no second connection
  bool has_plans(std::int64_t tenant_id);

  // ---- subscriptions
  // db::ConstraintError when the user holds the type, or (ACTIVE) another one of its plan group, already.
  void insert(db::Session& s, const UserSubscription& sub);
  std::optional<UserSubscription> subscription(std::int64_t tenant_id, const std::string& id);
  std::optional<UserSubscription> subscription(db::Session& s, std::int64_t tenant_id, const std::string& id);
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
  void insert_event(db::Session& s, std::int64_t tenant_id, const std::string& subscription_id, const Status& from,
                    const Status& to, std::string_view reason, std::string_view actor, const std::string& at,
                    std::int64_t version);
  std::vector<boost::json::object> events(std::int64_t tenant_id, const std::string& subscription_id);

  // ---- scheduler (every tenant)
  std::vector<UserSubscription> due_renewals(const std::string& now);
  std::vector<UserSubscription> grace_over(const std::string& now);
  std::vector<UserSubscription> ended(const std::string& now);

  // ---- trials (db::ConstraintError when the group was trialled)
  void insert_trial(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid, const std::string& group_id,
                    const std::string& subscription_id, const std::string& now);
  std::vector<std::string> trial_groups(std::int64_t tenant_id, const std::string& user_uuid);

  // ---- checkouts (insert_checkout throws db::ConstraintError when one is open for user+type)
  void insert_checkout(db::Session& s, const Checkout& c, const std::vector<CheckoutOption>& options,
                       const std::string& expires_at, const std::string& now);
  void expire_open(std::int64_t tenant_id, const std::string& user_uuid, const std::string& now);
  std::optional<Checkout> open_checkout(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t type_id);
  std::optional<Checkout> checkout(std::int64_t tenant_id, const std::string& id);
  std::optional<Checkout> checkout(db::Session& s, std::int64_t tenant_id, const std::string& id);
  bool set_checkout_status(db::Session& s, std::int64_t tenant_id, const std::string& id, std::string_view from,
                           std::string_view to, const std::optional<std::string>& subscription_id,
                           const std::string& now);
  // By the option's uuid alone (the hosted page has no tenant header); tenant_id is returned.
  std::optional<std::pair<std::int64_t, CheckoutOption>> option(const std::string& uuid);
  std::vector<CheckoutOption> options(std::int64_t tenant_id, const std::string& checkout_id);

  // ---- idempotency
  std::optional<StoredAnswer> stored_answer(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key);
  void store_answer(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key,
                    const StoredAnswer& answer, const std::string& now);

 private:
  using Query = std::function<db::Rows(std::string_view, const db::Params&)>;
  Plans load_plans_with(const Query& query, std::int64_t tenant_id);
  db::Database& db_;
};

// Parses and validates a plans document (the data/subscriptions format);
// 400 naming the type and field at fault.
core::Result<Plans> parse_plans(const boost::json::value& doc);
// One type from its stored definition (already validated).
core::Result<SubscriptionType> parse_type(const boost::json::object& definition);

}  // namespace portal::subscriptions
