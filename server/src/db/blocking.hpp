#pragma once
// Database calls block. Handlers co_await offload(pool, fn): fn runs on the
// database thread pool and the coroutine resumes on its own executor, so the
// I/O threads never wait on SQL. Exceptions thrown by fn propagate.
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <type_traits>

namespace portal::db {

template <class F>
auto offload(boost::asio::thread_pool& pool, F fn) -> boost::asio::awaitable<std::invoke_result_t<F>> {
  using R = std::invoke_result_t<F>;
  co_return co_await boost::asio::co_spawn(
      pool.get_executor(), [fn = std::move(fn)]() mutable -> boost::asio::awaitable<R> { co_return fn(); },
      boost::asio::use_awaitable);
}

}  // namespace portal::db
