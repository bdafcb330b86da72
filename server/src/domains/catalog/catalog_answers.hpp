#pragma once
// The one place where the catalog's errors meet HTTP (docs/contracts.md
// "Catalog"); the domains that pass a catalog refusal on (purchases,
// streaming, games) answer it through this mapping too.
#include <utility>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/catalog/catalog_errors.hpp"

namespace portal::catalog {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::catalog
