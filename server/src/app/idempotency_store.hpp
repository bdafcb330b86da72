#pragma once
// http::IdempotencyStore over db::IdempotencyRepository: each awaitable call is
// one trip to the database pool; the blocking face (for Idempotency::key_one_trip
// routes) runs inside a job already on the pool. A claim left running for longer
// than stale_after without its process renewing it (the process died mid-call)
// frees the key, or, when its work committed a recovery point, hands it to a retry
// of the same call to resume. The process renews its running claims every
// core::kLeaseBeat (renew_claims, from a scheduler of app.cpp), so a claim is
// only stale once its process stopped: a retry after a crash proceeds within
// stale_after (20 s by default) however long a live call runs (issue 76 item 5).
// delay_before_answer (dev stage only, --test-delay-after-commit) holds each
// answer back before it is stored, so tests can kill a process in that window.
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <map>
#include <mutex>
#include <string>

#include "core/clock.hpp"
#include "db/idempotency_repository.hpp"
#include "http/idempotency.hpp"

namespace portal::app {

class DbIdempotencyStore final : public http::IdempotencyStore, public http::BlockingIdempotencyStore {
 public:
  DbIdempotencyStore(db::IdempotencyRepository& repository, boost::asio::thread_pool& pool, const core::Clock& clock,
                     std::chrono::seconds stale_after = std::chrono::seconds(20),
                     std::chrono::milliseconds delay_before_answer = {})
      : repository_(repository), pool_(pool), clock_(clock), stale_after_(stale_after),
        delay_before_answer_(delay_before_answer) {}

  boost::asio::awaitable<http::IdempotencyClaim> claim(const http::IdempotencyScope& scope,
                                                       std::string fingerprint) override;
  boost::asio::awaitable<void> complete(const http::IdempotencyScope& scope, std::string token,
                                        http::StoredAnswer answer) override;
  boost::asio::awaitable<void> release(const http::IdempotencyScope& scope, std::string token) override;
  http::BlockingIdempotencyStore* blocking() noexcept override { return this; }

  http::IdempotencyClaim claim_now(const http::IdempotencyScope& scope, const std::string& fingerprint) override;
  void complete_now(const http::IdempotencyScope& scope, const std::string& token,
                    const http::StoredAnswer& answer) override;
  void release_now(const http::IdempotencyScope& scope, const std::string& token) override;
  bool mark_now(db::Session& s, const http::IdempotencyScope& scope, const std::string& token,
                const std::string& recovery) override;

  // Moves every claim this process holds on to now (its heartbeat); answers how many it renewed. Blocking.
  std::size_t renew_claims();

 private:
  void hold(const http::IdempotencyScope& scope, const std::string& token);
  void drop(const std::string& token);

  db::IdempotencyRepository& repository_;
  boost::asio::thread_pool& pool_;
  const core::Clock& clock_;
  std::chrono::seconds stale_after_;
  std::chrono::milliseconds delay_before_answer_;
  std::mutex held_mutex_;
  std::map<std::string, http::IdempotencyScope> held_;  // the running claims of this process, by token
};

}  // namespace portal::app
