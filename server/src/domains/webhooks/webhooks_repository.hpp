#pragma once
// Reads and writes of the webhooks tables, tenant id first (the delivery worker's serve every tenant). Blocking: call
// from the database pool or the worker's thread.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/webhooks/webhooks_types.hpp"

namespace portal::webhooks {

class WebhooksRepository {
 public:
  explicit WebhooksRepository(db::Database& db) : db_(db) {}

  // The console's writes take the session of the transaction their audit entry shares.
  std::vector<Endpoint> endpoints(std::int64_t tenant_id);
  std::optional<Endpoint> endpoint(std::int64_t tenant_id, const std::string& id);
  static std::optional<Endpoint> endpoint(db::Session& s, std::int64_t tenant_id, const std::string& id);
  static void insert(db::Session& s, const Endpoint& e);
  static bool update(db::Session& s, std::int64_t tenant_id, const std::string& id, const EndpointInput& in,
                     const std::string& now);
  static bool rotate(db::Session& s, std::int64_t tenant_id, const std::string& id, const std::string& sealed,
                     const std::string& previous_until, const std::string& now);
  static bool remove(db::Session& s, std::int64_t tenant_id, const std::string& id);
  void transaction(const std::function<void(db::Session&)>& fn) { db_.transaction(fn); }

  std::vector<Delivery> deliveries(std::int64_t tenant_id, const std::string& endpoint_id, std::int64_t limit);
  std::vector<Attempt> attempts(std::int64_t tenant_id, const std::string& endpoint_id, std::int64_t limit);
  std::optional<std::string> delivery_endpoint(std::int64_t tenant_id, const std::string& delivery_id);
  static bool resend(db::Session& s, std::int64_t tenant_id, const std::string& delivery_id, const std::string& now);

  // The worker.
  std::vector<Due> due(const std::string& now, std::int64_t limit);
  std::optional<Job> claim(const Due& seen, const std::string& lease_until);
  bool renew(const Job& job, const std::string& held_until, const std::string& lease_until);
  std::optional<Message> message(std::int64_t tenant_id, const std::string& id);
  // The attempt and the delivery's outcome in one transaction. retry_at: due again then; nullopt with !delivered:
  // given up. Answers the endpoint's URL when this failure disabled it (its failures ran since disable_since).
  std::optional<std::string> finish(const Job& job, const Attempt& attempt, bool delivered,
                                    const std::optional<std::string>& retry_at, const std::string& now,
                                    const std::string& disable_since);

 private:
  db::Database& db_;
};

}  // namespace portal::webhooks
