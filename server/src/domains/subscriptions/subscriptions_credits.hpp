#pragma once
// What the entitlement decision (domains/purchases) reads of subscriptions,
// and the one write it makes: spending one credit of a contingent. Separate
// from SubscriptionsRepository so the commerce domains depend on this small
// surface only. Tenant id first; blocking (database pool).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/subscriptions/subscription_rules.hpp"

namespace portal::subscriptions {

// A subscription the user holds (every state but CANCELED).
struct Holding {
  std::string id;
  std::int64_t type_id = 0;
  std::string state;     // ACTIVE, INACTIVE, REQUESTED
  bool pending = false;  // subState PENDING
  std::vector<Contingent> contingents;
  std::optional<std::string> group_id;
  bool active() const { return state == "ACTIVE" && !pending; }
};

class CreditsRepository {
 public:
  explicit CreditsRepository(db::Database& db) : db_(db) {}

  std::vector<Holding> holdings(std::int64_t tenant_id, const std::string& user_uuid);

  enum class Spent {
    spent,      // one credit taken (or the contingent is unlimited: nothing to take)
    none_left,  // the subscription is not active, or no contingent covering the type has a credit
    raced,      // the subscription changed since it was read: run the transaction again
  };
  // In the caller's transaction: takes one credit of the first contingent of
  // the user's subscription that covers content_type. A conditional update on
  // the subscription's version: two transactions cannot both take the last one.
  Spent spend(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid, const std::string& subscription_id,
              const std::string& content_type, const std::string& at);

 private:
  db::Database& db_;
};

// The contingent of `list` that covers content_type, or nullptr.
const Contingent* covering(const std::vector<Contingent>& list, const std::string& content_type);

}  // namespace portal::subscriptions
