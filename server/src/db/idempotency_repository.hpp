#pragma once
// Idempotency-Key claims and answers (table idempotency_keys, migration 0006),
// for the http layer's one wrapper (http/idempotency.hpp; app/ adapts this
// blocking repository to http::IdempotencyStore). Blocking; tenant id first.
//
// A row is a claim while status = 0 (answer holds the claim's token) and an
// answer once status holds the HTTP status (answer holds the body). scope holds
// the fingerprint of the call that owns the key. recovery (migration 0046) is
// the claim's recovery point: what the call's money write committed, written by
// mark() in that write's own transaction; a claim that has one is never given
// up (release() only makes it stale), so a retry resumes the call instead of
// running it again.
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
  std::string recovery;     // claimed: the recovery point of a stale claim taken over ("" = none)
};

class IdempotencyRepository {
 public:
  explicit IdempotencyRepository(Database& db) : db_(db) {}

  // Claims (tenant, user, key) for fingerprint when the key is free or its
  // running claim started before stale_before; else returns what holds it.
  // A stale claim taken over keeps its recovery point (returned in recovery).
  // now and stale_before are ISO-8601 UTC (db/timestamp.hpp).
  IdempotencyRecord claim(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key,
                          const std::string& fingerprint, const std::string& now, const std::string& stale_before);
  // Writes the recovery point of the claim named by token on s, inside the
  // caller's transaction; false when the claim is no longer that token's (taken
  // over as stale): the caller must then roll its transaction back.
  bool mark(Session& s, std::int64_t tenant_id, const std::string& user_uuid, const std::string& key,
            const std::string& token, const std::string& recovery);
  // Stores the answer of the claim named by token; false when the claim is
  // gone (taken over as stale).
  bool complete(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key, const std::string& token,
                int status, const std::string& body);
  // Frees the key of the claim named by token; a claim with a recovery point is
  // kept and only made stale, so the next call with the key takes it over and
  // resumes.
  void release(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key, const std::string& token);
  // Moves the running claim named by token on to `now` (its holder is alive: the heartbeat of
  // app/idempotency_store.hpp); false when it is no longer that token's (answered, released, taken over).
  bool renew(std::int64_t tenant_id, const std::string& user_uuid, const std::string& key, const std::string& token,
             const std::string& now);

 private:
  Database& db_;
};

}  // namespace portal::db
