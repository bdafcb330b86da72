#pragma once
// A service's Result<T> at the route: the value, or the one error shape.
//
//   auto profile = co_await db::offload(pool, [&] { return service.profile(tenant_id, uuid); });
//   co_return http::data_response(ctx, to_json(http::value_or_throw(std::move(profile))));
//
// The Error travels as http::ErrorException to the pipeline, which answers it
// like error_answer() (a 429 with data.retryAfter also gets Retry-After).
#include <utility>

#include "http/error.hpp"
#include "http/context.hpp"

namespace portal::http {

template <class T>
T value_or_throw(http::Result<T>&& r) {
  if (!r) throw http::ErrorException(std::move(r.error()));
  return std::move(*r);
}

template <class T>
const T& value_or_throw(const http::Result<T>& r) {
  if (!r) throw http::ErrorException(r.error());
  return *r;
}

inline void value_or_throw(const http::Result<void>& r) {
  if (!r) throw http::ErrorException(r.error());
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
