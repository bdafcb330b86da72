#pragma once
// A service's Result<T> at the route: the value, or the one error shape.
//
//   auto profile = co_await db::offload(pool, [&] { return service.profile(tenant_id, uuid); });
//   co_return http::data_response(ctx, to_json(http::value_or_throw(std::move(profile))));
//
// The Error travels as http::ErrorException to the pipeline, which answers it
// like error_answer() (a 429 with data.retryAfter also gets Retry-After).
#include <boost/system/result.hpp>
#include <type_traits>
#include <utility>

#include "http/error.hpp"
#include "http/context.hpp"

namespace portal::http {

// The portal's own error is its own HTTP error; a domain's error E is mapped by
// the http_error(const E&) of its <d>_answers.hpp, found by argument-dependent
// lookup, so one value_or_throw serves every domain (issue 77 item 3).
inline const Error& http_error(const Error& e) { return e; }

template <class T, class E>
T value_or_throw(boost::system::result<T, E>&& r) {
  if (!r) throw ErrorException(http_error(r.error()));
  if constexpr (!std::is_void_v<T>) return std::move(*r);
}

template <class T, class E>
  requires(!std::is_void_v<T>)
const T& value_or_throw(const boost::system::result<T, E>& r) {
  if (!r) throw ErrorException(http_error(r.error()));
  return *r;
}

template <class E>
void value_or_throw(const boost::system::result<void, E>& r) {
  if (!r) throw ErrorException(http_error(r.error()));
}

// An answer no cache may keep (a staff page's data, a customer's own).
inline Response no_store(Response res) {
  res.set(bhttp::field::cache_control, "no-store");
  return res;
}

// An Error as the one JSON shape, for a handler that answers rather than throws
// (an answer that an Idempotency-Key keeps, for one).
Response error_answer(const RequestContext& ctx, const http::Error& e);

}  // namespace portal::http
