#include "app/idempotency_store.hpp"

#include <thread>

#include "db/blocking.hpp"
#include "db/timestamp.hpp"

namespace portal::app {
namespace asio = boost::asio;

http::IdempotencyClaim DbIdempotencyStore::claim_now(const http::IdempotencyScope& scope,
                                                     const std::string& fingerprint) {
  const auto now = clock_.now();
  auto record = repository_.claim(scope.tenant_id, scope.user_uuid, scope.key, fingerprint, db::utc_timestamp(now),
                                  db::utc_timestamp(now - stale_after_));
  if (record.state == db::IdempotencyRecord::State::claimed) hold(scope, record.token);
  using State = http::IdempotencyClaim::State;
  const State state = record.state == db::IdempotencyRecord::State::claimed   ? State::claimed
                      : record.state == db::IdempotencyRecord::State::running ? State::running
                                                                              : State::answered;
  return http::IdempotencyClaim{state, std::move(record.fingerprint), {record.status, std::move(record.body)},
                                std::move(record.token), std::move(record.recovery)};
}

bool DbIdempotencyStore::mark_now(db::Session& s, const http::IdempotencyScope& scope, const std::string& token,
                                  const std::string& recovery) {
  return repository_.mark(s, scope.tenant_id, scope.user_uuid, scope.key, token, recovery);
}

void DbIdempotencyStore::complete_now(const http::IdempotencyScope& scope, const std::string& token,
                                      const http::StoredAnswer& answer) {
  if (delay_before_answer_.count() > 0) std::this_thread::sleep_for(delay_before_answer_);
  repository_.complete(scope.tenant_id, scope.user_uuid, scope.key, token, answer.status, answer.body);
  drop(token);
}

void DbIdempotencyStore::release_now(const http::IdempotencyScope& scope, const std::string& token) {
  repository_.release(scope.tenant_id, scope.user_uuid, scope.key, token);
  drop(token);
}

void DbIdempotencyStore::hold(const http::IdempotencyScope& scope, const std::string& token) {
  const std::lock_guard lock(held_mutex_);
  held_.emplace(token, scope);
}

void DbIdempotencyStore::drop(const std::string& token) {
  const std::lock_guard lock(held_mutex_);
  held_.erase(token);
}

std::size_t DbIdempotencyStore::renew_claims() {
  std::map<std::string, http::IdempotencyScope> held;
  {
    const std::lock_guard lock(held_mutex_);
    held = held_;
  }
  const std::string now = db::utc_timestamp(clock_.now());
  std::size_t renewed = 0;
  for (const auto& [token, scope] : held) {
    if (repository_.renew(scope.tenant_id, scope.user_uuid, scope.key, token, now)) ++renewed;
    else drop(token);  // answered, released or taken over meanwhile: nothing of ours to keep alive
  }
  return renewed;
}

asio::awaitable<http::IdempotencyClaim> DbIdempotencyStore::claim(const http::IdempotencyScope& scope,
                                                                  std::string fingerprint) {
  co_return co_await db::offload(pool_, [&] { return claim_now(scope, fingerprint); });
}

asio::awaitable<void> DbIdempotencyStore::complete(const http::IdempotencyScope& scope, std::string token,
                                                   http::StoredAnswer answer) {
  co_await db::offload(pool_, [&] { complete_now(scope, token, answer); });
}

asio::awaitable<void> DbIdempotencyStore::release(const http::IdempotencyScope& scope, std::string token) {
  co_await db::offload(pool_, [&] { release_now(scope, token); });
}

}  // namespace portal::app
