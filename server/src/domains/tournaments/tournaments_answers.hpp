#pragma once
// The one place where tournaments' errors meet HTTP (docs/contracts.md
// "Tournaments" and "Tournament brackets").
#include <utility>

#include "core/error.hpp"
#include "domains/tournaments/tournaments_errors.hpp"

namespace portal::tournaments {

// Status, code, message and data of the error shape.
core::Error http_error(const Error& e);

// The value, or the error thrown as core::ErrorException for the pipeline to answer.
template <class T>
T value_or_throw(Result<T>&& r) {
  if (!r) throw core::ErrorException(http_error(r.error()));
  return std::move(*r);
}

}  // namespace portal::tournaments
