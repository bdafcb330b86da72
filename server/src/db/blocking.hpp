#pragma once
// Database calls block. Handlers co_await offload(pool, fn): fn runs on the
// database thread pool and the coroutine resumes on its own executor, so the
// I/O threads never wait on SQL. Exceptions thrown by fn propagate.
//
// The pool runs a plain completion handler, not a coroutine: no frame is
// created per call on the pool, and the result is handed back by dispatch.
//
// The calling request's read scope (db/read_scope.hpp) travels with the work:
// the pool thread runs it in that scope, and the coroutine resumes with the
// scope the work left (a write in it sends the request's later reads to the
// primary), whatever other requests did on the I/O thread meanwhile. A
// coroutine resumed by anything else (a socket, a timer) reads the primary
// until the pipeline sets its scope again.
#include <boost/asio/async_result.hpp>
#include <boost/asio/associated_executor.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <exception>
#include <optional>
#include <type_traits>

#include "db/read_scope.hpp"

namespace portal::db {

namespace detail {
struct Done {};  // stands for the value of a void fn
}

template <class F>
auto offload(boost::asio::thread_pool& pool, F fn) -> boost::asio::awaitable<std::invoke_result_t<F>> {
  namespace asio = boost::asio;
  using R = std::invoke_result_t<F>;
  using Value = std::conditional_t<std::is_void_v<R>, detail::Done, R>;
  auto initiate = [&pool, scope = current_read_scope()](auto handler, F work) {
    asio::post(pool, [handler = std::move(handler), work = std::move(work), scope]() mutable {
      current_read_scope() = scope;
      std::exception_ptr error;
      std::optional<Value> value;
      try {
        if constexpr (std::is_void_v<R>) {
          work();
          value.emplace();
        } else {
          value.emplace(work());
        }
      } catch (...) {
        error = std::current_exception();
      }
      const ReadScope after = current_read_scope();
      current_read_scope() = ReadScope{};
      auto ex = asio::get_associated_executor(handler);
      asio::dispatch(ex, [handler = std::move(handler), error, value = std::move(value), after]() mutable {
        current_read_scope() = after;
        handler(error, std::move(value));
        // The coroutine ran to its next suspension. Whatever this thread runs next that is no resumption by offload
        // (another request's socket read, a timer) finds the primary's scope, never this request's.
        current_read_scope() = ReadScope{};
      });
    });
  };
  std::optional<Value> value = co_await asio::async_initiate<const asio::use_awaitable_t<>&,
                                                             void(std::exception_ptr, std::optional<Value>)>(
      initiate, asio::use_awaitable, std::move(fn));
  if constexpr (!std::is_void_v<R>) co_return std::move(*value);
}

}  // namespace portal::db
