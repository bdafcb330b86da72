#pragma once
// The one place where the apps marketplace's errors meet HTTP (docs/decisions.md
// "Apps marketplace").
#include <utility>

#include "http/error.hpp"
#include "domains/apps/apps_errors.hpp"

namespace portal::apps {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error thrown as http::ErrorException for the pipeline to answer.
template <class T>
T value_or_throw(Result<T>&& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
  return std::move(*r);
}

}  // namespace portal::apps
