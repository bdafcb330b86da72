#pragma once
// How a handler runs its blocking work and builds its answer on the database
// pool, so that the pipeline can wrap that one trip in whatever the route's row
// asks for (today: the Idempotency-Key wrapper, http/idempotency.hpp).
//
//   auto subscribe = [deps](RequestContext& ctx) -> asio::awaitable<http::Response> {
//     SubscribeBody body = http::read_body<SubscribeBody>(ctx.req);   // on the I/O thread
//     co_return co_await http::on_pool(ctx, deps.db_pool, [&] {       // one trip
//       return http::respond(ctx, svc.subscribe(caller, body));      // the final answer
//     });
//   };
//
// The work returns the handler's final answer (status, headers, body): a route
// with Idempotency::key_one_trip stores exactly that answer, so the handler must
// not change it afterwards, and it makes one on_pool call per request. Without a
// runner (any other route, or a request without a key) on_pool is db::offload.
#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <type_traits>
#include <utility>

#include "db/blocking.hpp"
#include "http/context.hpp"

namespace portal::http {

// What the pipeline prepared for a request (RequestContext::pool_runner): runs
// work on the pool inside its policy, in one job where it can.
class PoolRunner {
 public:
  virtual ~PoolRunner() = default;
  virtual boost::asio::awaitable<Response> run(boost::asio::thread_pool& pool, std::function<Response()> work) = 0;
};

template <class F>
boost::asio::awaitable<Response> on_pool(RequestContext& ctx, boost::asio::thread_pool& pool, F work) {
  static_assert(std::is_convertible_v<std::invoke_result_t<F&>, Response>,
                "on_pool: the work returns the handler's http::Response");
  if (ctx.pool_runner) co_return co_await ctx.pool_runner->run(pool, std::function<Response()>(std::move(work)));
  co_return co_await db::offload(pool, std::move(work));
}

}  // namespace portal::http
