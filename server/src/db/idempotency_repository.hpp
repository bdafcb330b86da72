#pragma once
// Idempotency-Key claims and answers (table idempotency_keys, migration 0006),
// for the http layer's one wrapper (http/idempotency.hpp; app/ adapts this
// blocking repository to http::IdempotencyStore). Blocking; tenant id first.
//
// A row is a claim while status = 0 (answer holds the claim's token) and an
// answer once status holds the HTTP status (answer holds the body). scope holds
// the fingerprint of the call that owns the key.
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"

namespace portal::db {

struct IdempotencyRecord {
  enum class State { claimed, running, answered };
  State state = State::claimed;
  std::string fingerprint;  // the owner's (running, answered)
  int status = 0;           // answered
  std::string body;         // answered
  std::string token;        // claimed
};

class IdempotencyRepository {
 public:
  explicit IdempotencyRepository(Database& db) : db_(db) {}

  // Claims (tenant, user, key) for fingerprint when the key is free or its
  // running claim started before stale_before; else returns what holds it.
  // now and stale_before are ISO-8601 UTC (db/timestamp.hpp).
  IdempotencyRecord claim(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key,
                          const std::string& fingerprint, const std::string& now, const std::string& stale_before);
  // Stores the answer of the claim named by token; false when the claim is
  // gone (taken over as stale).
  bool complete(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key, const std::string& token,
                int status, const std::string& body);
  // Frees the key of the claim named by token.
  void release(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key, const std::string& token);

 private:
  Database& db_;
};

}  // namespace portal::db
