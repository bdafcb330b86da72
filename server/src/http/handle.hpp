#pragma once
// One handler's ceremony in one place (issue 77 item 3): read the body, run the
// work on the database pool, turn its result into the answer or the one error
// shape, and say no-store. A routes file is then a table of what each call does:
//
//   staff(Verb::put, "/backend/admin/staff/{id}/role",
//         http::handle<RoleBody>(deps.db_pool, [&deps](const http::Call<RoleBody>& c) {
//           return deps.service.change_role(actor_of(c.ctx), c.tenant().id, c.param("id"), c.body.role.value);
//         }, member_dto), StaffRole::admin)
//
// - Body: a described struct read by read_body<Body> on the I/O thread before
//   any work (a bad body is 400 VALIDATION_ERROR naming the field, and nothing
//   runs); std::optional<Body> reads it only when the request has one (a DELETE
//   may come without); NoBody reads nothing.
// - The work runs on the pool through on_pool (one trip: the Idempotency-Key
//   wrapper of a key_one_trip route stores exactly this answer). It returns the
//   value, or a domain's boost::system::result<T, E>: an error is answered by the
//   domain's http_error(E) (value_or_throw, http/respond.hpp).
// - map (optional) turns the value into the answer's described struct (a DTO of
//   <domain>_dto.hpp), serialised by value_from; Answer says the status and
//   whether the answer is no-store (the default: staff pages, a customer's own).
#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/json/value_from.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "http/body.hpp"
#include "http/context.hpp"
#include "http/json.hpp"
#include "http/on_pool.hpp"
#include "http/respond.hpp"

namespace portal::http {

// A call that reads no body.
struct NoBody {};

// What the work of a handler sees: the request and its body, already read.
template <class Body>
struct Call {
  RequestContext& ctx;
  Body body;

  // The request's tenant (400 when the call has none).
  const core::Tenant& tenant() const { return ctx.require_tenant(); }
  // A path parameter as text ("" when absent).
  std::string param(std::string_view name) const { return std::string(ctx.param(name)); }
};

// How the value goes on the wire.
struct Answer {
  Status status = Status::ok;
  bool no_store = true;
};

// The value as it is (no mapping).
struct AsIs {
  template <class T>
  T&& operator()(T&& v) const {
    return std::forward<T>(v);
  }
};

namespace detail {

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

template <class Body>
Body read_call_body(const RequestContext& ctx) {
  if constexpr (std::is_same_v<Body, NoBody>) {
    return {};
  } else if constexpr (is_optional<Body>::value) {
    if (ctx.req.body().empty()) return std::nullopt;
    return read_body<typename Body::value_type>(ctx);
  } else {
    return read_body<Body>(ctx);
  }
}

template <class T>
struct is_result : std::false_type {};
template <class T, class E>
struct is_result<boost::system::result<T, E>> : std::true_type {};

// The work's value: a result's value (or its error thrown as the one error shape), else the value itself.
template <class R>
decltype(auto) value_of(R&& r) {
  if constexpr (is_result<std::remove_cvref_t<R>>::value) {
    return value_or_throw(std::forward<R>(r));
  } else {
    return std::forward<R>(r);
  }
}

}  // namespace detail

// The answer of one value: its JSON as data, with the answer's status and cache rule.
template <class Dto>
Response answer_of(const RequestContext& ctx, const Dto& dto, Answer answer = {}) {
  auto res = data_response(ctx, boost::json::value_from(dto), answer.status);
  return answer.no_store ? no_store(std::move(res)) : res;
}

template <class Body = NoBody, class Work, class Map = AsIs>
Handler handle(boost::asio::thread_pool& pool, Work work, Map map = {}, Answer answer = {}) {
  return [&pool, work = std::move(work), map = std::move(map), answer](RequestContext& ctx)
             -> boost::asio::awaitable<Response> {
    Call<Body> call{ctx, detail::read_call_body<Body>(ctx)};
    co_return co_await on_pool(ctx, pool, [&]() -> Response {
      return answer_of(ctx, map(detail::value_of(work(std::as_const(call)))), answer);
    });
  };
}

// The same with the status and cache rule given and the value as it is.
template <class Body = NoBody, class Work>
Handler handle(boost::asio::thread_pool& pool, Work work, Answer answer) {
  return handle<Body>(pool, std::move(work), AsIs{}, answer);
}

}  // namespace portal::http
