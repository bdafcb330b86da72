#pragma once
// The one Idempotency-Key wrapper of the backend.
//
// USAGE. A route opts in in its row of the table; the handler knows nothing of keys:
//
//   {Verb::post, "/backend/subscription", subscribe, TenantFrom::header, Access::user, Idempotency::key}
//
// and the composition root (app/app.cpp) sets PipelineHooks::idempotency to a store
// (app/idempotency_store.* over db/idempotency_repository.*, table idempotency_keys).
// Routes that opt in should be Access::user (keyed by the user) or Access::staff (keyed
// by "staff:<account id>"): a guest's call simply runs.
//
// WHAT IT DOES. When a request of such a route carries `Idempotency-Key` (1 to 128
// characters, else 400 VALIDATION_ERROR field "Idempotency-Key"), the pipeline runs the
// handler through idempotent(), keyed by (tenant, user, key):
//   1. one trip to the store claims the key for this call's fingerprint (verb, route,
//      target, SHA-256 of the body), or finds what holds it:
//        - the answer of the same call: replayed as stored (status and body), with
//          `Idempotent-Replayed: true` and `Cache-Control: no-store`;
//        - another call (other route, target or body): 422 IDEMPOTENCY_KEY_REUSED;
//        - the same call still running (a concurrent twin): the wrapper waits for its
//          answer (re-claiming every poll interval: a twin that failed leaves the key
//          free) and replays it; 409 IDEMPOTENCY_KEY_IN_USE if none came within `wait`;
//   2. the handler runs, once;
//   3. one trip stores its answer when the status is below 500. A handler that throws
//      (a 400 for bad input, a fault) or answers 5xx gives the claim up: the same key
//      runs again on retry.
// So a call with a key costs two trips to the database pool besides the handler's own.
//
// ONE TRIP. A route with Idempotency::key_one_trip runs through idempotent_one_trip()
// instead: the handler parses its input on the I/O thread and runs its blocking
// work with http::on_pool (http/on_pool.hpp), and that single pool job claims the
// key (1.), runs the work (2.) and stores its answer or gives the claim up (3.).
// Everything above holds as written; a call with a key costs no trip besides the
// handler's own, and a replay, a 422 or a 409 costs one. Only a running twin
// takes more: each poll is another trip (a claim, and the work once the key is
// free). Claim, work and store are three statements in that job, not one
// transaction: the work opens its own transactions (SQLite has one writer).
//
// RECOVERY POINTS (one-trip routes; docs/decisions.md "A crash between the work
// and the stored answer"). A process that dies after its work committed and
// before its answer was stored must not have the work run again when its claim
// goes stale. So the work's money write commits the key's record with it: the
// route hands the service idempotency_mark(ctx), and the service calls it inside
// the transaction of its first money write with a reference to what it wrote
// (an order id, a refund id). The mark is one conditional UPDATE of the claim's
// row on that transaction's session; when the claim is no longer this call's
// (taken over as stale) it throws IdempotencyClaimLost, which rolls the money
// write back. A claim with a recovery point is never given up (a failure only
// makes it stale at once); a retry of the same call that takes it over runs the
// handler with idempotency_recovery(ctx) set to the reference, and the route
// then asks its service to resume from it (build the answer of what was done,
// finish what was interrupted) instead of doing the work again. Another call
// with the key gets 422 as usual. No committed mark: nothing was written, the
// call runs again.
#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "http/context.hpp"

namespace portal::db {
class Session;  // db/database.hpp
}

namespace portal::http {

// Whose key: the tenant, the user (UUID) and the client's Idempotency-Key.
struct IdempotencyScope {
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::string key;
};

// What a finished call answered.
struct StoredAnswer {
  int status = 0;
  std::string body;
};

struct IdempotencyClaim {
  enum class State {
    claimed,   // the key is now this call's: run it, then complete() or release()
    running,   // another request holds the key and has not answered yet
    answered,  // the key holds a stored answer
  };
  State state = State::claimed;
  std::string fingerprint;  // running/answered: the call that holds the key
  StoredAnswer answer;      // answered
  std::string token;        // claimed: names this claim for complete() and release()
  std::string recovery;     // claimed: the recovery point of a stale claim taken over ("" = none)
};

// The same storage called from a job already running on the database pool:
// blocking, throws on infrastructure faults. The one-trip path uses it.
class BlockingIdempotencyStore {
 public:
  virtual ~BlockingIdempotencyStore() = default;
  virtual IdempotencyClaim claim_now(const IdempotencyScope& scope, const std::string& fingerprint) = 0;
  virtual void complete_now(const IdempotencyScope& scope, const std::string& token, const StoredAnswer& answer) = 0;
  virtual void release_now(const IdempotencyScope& scope, const std::string& token) = 0;
  // Writes the recovery point of the claim named by token on s, inside the
  // caller's transaction; false when the claim is no longer that token's. A
  // store without recovery points throws std::logic_error.
  virtual bool mark_now(db::Session& s, const IdempotencyScope& scope, const std::string& token,
                        const std::string& recovery);
};

// Storage of keys. Implementations run on the database pool (one trip per call)
// and throw on infrastructure faults.
class IdempotencyStore {
 public:
  virtual ~IdempotencyStore() = default;
  // Claims the key for `fingerprint` when it is free, or when its holder has been
  // running for so long that it must have died (the store decides how long);
  // otherwise says what holds it.
  virtual boost::asio::awaitable<IdempotencyClaim> claim(const IdempotencyScope& scope, std::string fingerprint) = 0;
  // Stores the answer of the claim named by token.
  virtual boost::asio::awaitable<void> complete(const IdempotencyScope& scope, std::string token,
                                                StoredAnswer answer) = 0;
  // Frees the key of the claim named by token (nothing was stored).
  virtual boost::asio::awaitable<void> release(const IdempotencyScope& scope, std::string token) = 0;
  // The blocking face for Idempotency::key_one_trip routes; a store without one
  // serves Idempotency::key routes only.
  virtual BlockingIdempotencyStore* blocking() noexcept { return nullptr; }
};

struct IdempotencyOptions {
  std::chrono::milliseconds wait{10'000};  // how long a twin waits for the running call
  std::chrono::milliseconds poll{25};      // first poll interval; doubles up to 400 ms
};

// Runs handler under the request's Idempotency-Key as described above. `route`
// is the matched pattern. Without the header, or without a tenant and user, it
// just runs the handler.
boost::asio::awaitable<Response> idempotent(IdempotencyStore& store, RequestContext& ctx, std::string_view route,
                                            const Handler& handler, IdempotencyOptions options = {});

// The one-trip form: runs handler with ctx.pool_runner set so that its
// http::on_pool job claims, runs and stores (see ONE TRIP above). A handler that
// answers without calling on_pool (bad input, nothing to do on the pool) claims
// and stores nothing. Without the header, or without a tenant and user, it just
// runs the handler. Throws std::logic_error when store has no blocking face.
boost::asio::awaitable<Response> idempotent_one_trip(IdempotencyStore& store, RequestContext& ctx,
                                                     std::string_view route, const Handler& handler,
                                                     IdempotencyOptions options = {});

// Thrown by an IdempotencyMark when the call no longer holds its key (a retry
// took the claim over as stale): the money write it runs in must roll back.
struct IdempotencyClaimLost : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Writes the call's recovery point inside the caller's transaction (see
// RECOVERY POINTS). Empty (nothing to do) without a key.
using IdempotencyMark = std::function<void(db::Session&, const std::string& recovery)>;
IdempotencyMark idempotency_mark(const RequestContext& ctx);
// The recovery point a previous run of this same call committed before it died
// without an answer: the route resumes from it. nullopt: run the call. The key
// is claimed inside the on_pool job, so read both of these inside the work.
std::optional<std::string> idempotency_recovery(const RequestContext& ctx);

// "<VERB> <route> <sha256 hex of verb, target and body>": two requests with the
// same fingerprint are the same call.
std::string idempotency_fingerprint(const RequestContext& ctx, std::string_view route);

}  // namespace portal::http
