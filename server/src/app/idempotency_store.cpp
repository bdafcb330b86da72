#include "app/idempotency_store.hpp"

#include "db/blocking.hpp"
#include "db/timestamp.hpp"

namespace portal::app {
namespace asio = boost::asio;

asio::awaitable<http::IdempotencyClaim> DbIdempotencyStore::claim(const http::IdempotencyScope& scope,
                                                                  std::string fingerprint) {
  const auto now = clock_.now();
  auto record = co_await db::offload(pool_, [&] {
    return repository_.claim(scope.tenant_id, scope.user_uuid, scope.key, fingerprint, db::utc_timestamp(now),
                             db::utc_timestamp(now - stale_after_));
  });
  using State = http::IdempotencyClaim::State;
  const State state = record.state == db::IdempotencyRecord::State::claimed   ? State::claimed
                      : record.state == db::IdempotencyRecord::State::running ? State::running
                                                                              : State::answered;
  co_return http::IdempotencyClaim{state, std::move(record.fingerprint), {record.status, std::move(record.body)},
                                   std::move(record.token)};
}

asio::awaitable<void> DbIdempotencyStore::complete(const http::IdempotencyScope& scope, std::string token,
                                                   http::StoredAnswer answer) {
  co_await db::offload(pool_, [&] {
    repository_.complete(scope.tenant_id, scope.user_uuid, scope.key, token, answer.status, answer.body);
  });
}

asio::awaitable<void> DbIdempotencyStore::release(const http::IdempotencyScope& scope, std::string token) {
  co_await db::offload(pool_, [&] { repository_.release(scope.tenant_id, scope.user_uuid, scope.key, token); });
}

}  // namespace portal::app
