#include "http/idempotency.hpp"

#include <sodium.h>

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <exception>
#include <optional>
#include <stdexcept>

#include "http/error.hpp"
#include "core/log.hpp"
#include "core/tenant.hpp"
#include "http/json.hpp"
#include "http/on_pool.hpp"

namespace portal::http {
namespace asio = boost::asio;

namespace {

constexpr std::size_t kMaxKeyLength = 128;

std::optional<std::string> key_of(const RequestContext& ctx) {
  auto it = ctx.req.find("Idempotency-Key");
  if (it == ctx.req.end()) return std::nullopt;
  std::string key(it->value());
  if (key.empty() || key.size() > kMaxKeyLength)
    throw http::ErrorException(http::Error::invalid_field("Idempotency-Key", "must be 1 to 128 characters"));
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

Response error(const RequestContext& ctx, http::Error e) {
  return error_response(ctx.req, e, ctx.request_id);
}

Response key_reused(const RequestContext& ctx) {
  return error(ctx, http::Error::unprocessable("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used for another call"));
}

Response key_in_use(const RequestContext& ctx) {
  auto res = error(ctx, http::Error::conflict("IDEMPOTENCY_KEY_IN_USE",
                                              "A call with this Idempotency-Key is still running; retry later"));
  res.set(bhttp::field::retry_after, "1");
  return res;
}

void log_not_stored(const RequestContext& ctx, std::string_view route, const std::exception& e) {
  core::log_json(spdlog::level::err, "idempotency answer not stored",
                 {{"requestId", ctx.request_id}, {"route", std::string(route)}, {"error", e.what()}});
}

// The runner of idempotent_one_trip(): the handler's on_pool work runs inside one
// pool job that claims the key first and stores the answer after.
class KeyedRunner final : public PoolRunner {
 public:
  KeyedRunner(BlockingIdempotencyStore& store, const RequestContext& ctx, std::string_view route,
              IdempotencyScope scope, std::string fingerprint, IdempotencyOptions options)
      : store_(store), ctx_(ctx), route_(route), scope_(std::move(scope)), fingerprint_(std::move(fingerprint)),
        options_(options) {}

  // The call's IdempotencyMark: valid while its work runs.
  void mark(db::Session& s, const std::string& recovery) {
    if (token_.empty()) throw std::logic_error("an idempotency mark outside the call's work");
    if (!store_.mark_now(s, scope_, token_, recovery))
      throw IdempotencyClaimLost("the Idempotency-Key was taken over by a retry; the write is rolled back");
  }
  const std::optional<std::string>& recovery() const noexcept { return recovery_; }

  asio::awaitable<Response> run(asio::thread_pool& pool, std::function<Response()> work) override {
    // A second job would run outside the claim, or store a second answer.
    if (used_) throw std::logic_error("an idempotent call makes one on_pool call: build the whole answer in it");
    used_ = true;
    const auto deadline = std::chrono::steady_clock::now() + options_.wait;
    auto interval = options_.poll;
    for (;;) {
      std::optional<Response> answer = co_await db::offload(pool, [&] { return once(work); });
      if (answer) co_return std::move(*answer);
      // A twin holds the key: wait for its answer (rare; each poll is a trip).
      if (std::chrono::steady_clock::now() >= deadline) co_return key_in_use(ctx_);
      asio::steady_timer timer(co_await asio::this_coro::executor, interval);
      co_await timer.async_wait(asio::use_awaitable);
      interval = std::min(interval * 2, std::chrono::milliseconds(400));
    }
  }

 private:
  // On the pool: claim, run, store. nullopt while a twin runs.
  std::optional<Response> once(const std::function<Response()>& work) {
    IdempotencyClaim claim = store_.claim_now(scope_, fingerprint_);
    if (claim.state != IdempotencyClaim::State::claimed) {
      if (claim.fingerprint != fingerprint_) return key_reused(ctx_);
      if (claim.state == IdempotencyClaim::State::answered) return replay(ctx_, claim.answer);
      return std::nullopt;
    }
    if (!claim.recovery.empty()) recovery_ = claim.recovery;  // a dead run's work committed: resume it
    token_ = claim.token;
    struct Unset {
      std::string& token;
      ~Unset() { token.clear(); }
    } unset{token_};
    Response res;
    try {
      res = work();
    } catch (...) {
      release(claim.token);  // a retry runs again (or resumes, once the work marked)
      throw;
    }
    if (res.result_int() >= 500) {
      release(claim.token);
      return res;
    }
    try {
      store_.complete_now(scope_, claim.token, StoredAnswer{static_cast<int>(res.result_int()), res.body()});
    } catch (const std::exception& e) {
      // The call happened: its answer goes out (a retry finds the key running
      // until the store deems the claim stale).
      log_not_stored(ctx_, route_, e);
    }
    return res;
  }

  void release(const std::string& token) noexcept {
    try {
      store_.release_now(scope_, token);
    } catch (const std::exception&) {
      // The claim expires on its own; the work's failure is the one to report.
    }
  }

  BlockingIdempotencyStore& store_;
  const RequestContext& ctx_;
  std::string_view route_;
  IdempotencyScope scope_;
  std::string fingerprint_;
  IdempotencyOptions options_;
  bool used_ = false;
  std::string token_;                    // the claim while the work runs
  std::optional<std::string> recovery_;  // what a dead run of this call committed
};

}  // namespace

bool BlockingIdempotencyStore::mark_now(db::Session&, const IdempotencyScope&, const std::string&, const std::string&) {
  throw std::logic_error("this idempotency store keeps no recovery points");
}

IdempotencyMark idempotency_mark(const RequestContext& ctx) {
  auto* runner = dynamic_cast<KeyedRunner*>(ctx.pool_runner);
  if (!runner) return {};
  return [runner](db::Session& s, const std::string& recovery) { runner->mark(s, recovery); };
}

std::optional<std::string> idempotency_recovery(const RequestContext& ctx) {
  auto* runner = dynamic_cast<KeyedRunner*>(ctx.pool_runner);
  if (!runner) return std::nullopt;
  return runner->recovery();
}

// Whose key: the signed-in user, or a staff member (the console's money writes) as "staff:<id>".
static std::optional<std::string> caller_of(const RequestContext& ctx) {
  if (ctx.user) return ctx.user->uuid;
  if (ctx.staff) return "staff:" + ctx.staff->id;
  return std::nullopt;
}

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
  const auto caller = caller_of(ctx);
  if (!key || !ctx.tenant || !caller) co_return co_await handler(ctx);
  const IdempotencyScope scope{ctx.tenant->id, *caller, std::move(*key)};
  const std::string fingerprint = idempotency_fingerprint(ctx, route);

  // 1. Claim the key, or find what holds it (waiting while a twin runs).
  const auto deadline = std::chrono::steady_clock::now() + options.wait;
  auto interval = options.poll;
  IdempotencyClaim claim = co_await store.claim(scope, fingerprint);
  while (claim.state != IdempotencyClaim::State::claimed) {
    if (claim.fingerprint != fingerprint) co_return key_reused(ctx);
    if (claim.state == IdempotencyClaim::State::answered) co_return replay(ctx, claim.answer);
    if (std::chrono::steady_clock::now() >= deadline) co_return key_in_use(ctx);
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
    log_not_stored(ctx, route, e);
  }
  co_return res;
}

asio::awaitable<Response> idempotent_one_trip(IdempotencyStore& store, RequestContext& ctx, std::string_view route,
                                              const Handler& handler, IdempotencyOptions options) {
  auto key = key_of(ctx);
  const auto caller = caller_of(ctx);
  if (!key || !ctx.tenant || !caller) co_return co_await handler(ctx);
  BlockingIdempotencyStore* blocking = store.blocking();
  if (!blocking) throw std::logic_error("the idempotency store cannot serve one-trip route " + std::string(route));
  KeyedRunner runner(*blocking, ctx, route, IdempotencyScope{ctx.tenant->id, *caller, std::move(*key)},
                     idempotency_fingerprint(ctx, route), options);
  // The runner lives in this frame: unset it however the handler ends.
  struct Attach {
    RequestContext& ctx;
    ~Attach() { ctx.pool_runner = nullptr; }
  } attach{ctx};
  ctx.pool_runner = &runner;
  co_return co_await handler(ctx);
}

}  // namespace portal::http
