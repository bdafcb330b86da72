#include "http/idempotency.hpp"

#include <sodium.h>

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <exception>
#include <stdexcept>

#include "core/error.hpp"
#include "core/log.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/json.hpp"

namespace portal::http {
namespace asio = boost::asio;

namespace {

constexpr std::size_t kMaxKeyLength = 128;

std::optional<std::string> key_of(const RequestContext& ctx) {
  auto it = ctx.req.find("Idempotency-Key");
  if (it == ctx.req.end()) return std::nullopt;
  std::string key(it->value());
  if (key.empty() || key.size() > kMaxKeyLength)
    throw core::ErrorException(core::Error::invalid_field("Idempotency-Key", "must be 1 to 128 characters"));
  return key;
}

std::string sha256_hex(std::string_view text) {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium failed to initialise");
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  char hex[sizeof digest * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return hex;
}

Response replay(const RequestContext& ctx, const StoredAnswer& answer) {
  Response res{static_cast<Status>(answer.status), ctx.req.version()};
  res.set(bhttp::field::content_type, "application/json");
  res.set(bhttp::field::cache_control, "no-store");
  res.set("Idempotent-Replayed", "true");
  res.body() = answer.body;
  res.prepare_payload();
  return res;
}

Response error(const RequestContext& ctx, core::Error e) {
  return error_response(ctx.req, e, ctx.request_id);
}

}  // namespace

std::string idempotency_fingerprint(const RequestContext& ctx, std::string_view route) {
  std::string material;
  material.reserve(ctx.req.target().size() + ctx.req.body().size() + 16);
  material.append(ctx.req.method_string()).push_back('\0');
  material.append(ctx.req.target()).push_back('\0');
  material.append(ctx.req.body());
  std::string fingerprint(ctx.req.method_string());
  fingerprint.append(" ").append(route).append(" ").append(sha256_hex(material));
  return fingerprint;
}

asio::awaitable<Response> idempotent(IdempotencyStore& store, RequestContext& ctx, std::string_view route,
                                     const Handler& handler, IdempotencyOptions options) {
  auto key = key_of(ctx);
  if (!key || !ctx.tenant || !ctx.user) co_return co_await handler(ctx);
  const IdempotencyScope scope{ctx.tenant->id, ctx.user->uuid, std::move(*key)};
  const std::string fingerprint = idempotency_fingerprint(ctx, route);

  // 1. Claim the key, or find what holds it (waiting while a twin runs).
  const auto deadline = std::chrono::steady_clock::now() + options.wait;
  auto interval = options.poll;
  IdempotencyClaim claim = co_await store.claim(scope, fingerprint);
  while (claim.state != IdempotencyClaim::State::claimed) {
    if (claim.fingerprint != fingerprint)
      co_return error(ctx, core::Error::unprocessable("IDEMPOTENCY_KEY_REUSED",
                                                      "This Idempotency-Key was used for another call"));
    if (claim.state == IdempotencyClaim::State::answered) co_return replay(ctx, claim.answer);
    if (std::chrono::steady_clock::now() >= deadline) {
      auto res = error(ctx, core::Error::conflict("IDEMPOTENCY_KEY_IN_USE",
                                                  "A call with this Idempotency-Key is still running; retry later"));
      res.set(bhttp::field::retry_after, "1");
      co_return res;
    }
    asio::steady_timer timer(co_await asio::this_coro::executor, interval);
    co_await timer.async_wait(asio::use_awaitable);
    interval = std::min(interval * 2, std::chrono::milliseconds(400));
    claim = co_await store.claim(scope, fingerprint);
  }

  // 2. Run the call once.
  std::exception_ptr failure;
  Response res;
  try {
    res = co_await handler(ctx);
  } catch (...) {
    failure = std::current_exception();
  }

  // 3. Keep a final answer; give the key up after a failure so a retry runs again.
  if (failure || res.result_int() >= 500) {
    try {
      co_await store.release(scope, claim.token);
    } catch (const std::exception&) {
      // The claim expires on its own; the handler's failure is the one to report.
    }
    if (failure) std::rethrow_exception(failure);
    co_return res;
  }
  try {
    co_await store.complete(scope, claim.token, StoredAnswer{static_cast<int>(res.result_int()), res.body()});
  } catch (const std::exception& e) {
    // The call happened: its answer goes out. A retry finds the key running
    // until the store deems the claim stale, then runs again.
    core::log_json(spdlog::level::err, "idempotency answer not stored",
                   {{"requestId", ctx.request_id}, {"route", std::string(route)}, {"error", e.what()}});
  }
  co_return res;
}

}  // namespace portal::http
