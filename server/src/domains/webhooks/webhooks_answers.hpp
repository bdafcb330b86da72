#pragma once
// The one place where the webhooks console's errors meet HTTP.
#include <type_traits>
#include <utility>

#include "domains/webhooks/webhooks_errors.hpp"
#include "http/error.hpp"

namespace portal::webhooks {

http::Error http_error(const Error& e);

template <class T>
T value_or_throw(Result<T>&& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
  if constexpr (!std::is_void_v<T>) return std::move(*r);
}

}  // namespace portal::webhooks
