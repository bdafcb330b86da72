#pragma once
// The one place where the catalog's errors meet HTTP (docs/contracts.md
// "Catalog"); the domains that pass a catalog refusal on (purchases,
// streaming, games) answer it through this mapping too.
#include <utility>

#include "http/error.hpp"
#include "domains/catalog/catalog_errors.hpp"

namespace portal::catalog {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error thrown as http::ErrorException for the pipeline to answer.
template <class T>
T value_or_throw(Result<T>&& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
  return std::move(*r);
}

}  // namespace portal::catalog
