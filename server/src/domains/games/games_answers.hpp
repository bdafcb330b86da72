#pragma once
// The one place where the errors of game play and leaderboards meet HTTP
// (docs/contracts.md "Games and leaderboards"); the purchases domain's
// refusals passed on are answered by its own mapping.
#include <utility>

#include "http/error.hpp"
#include "domains/games/games_errors.hpp"

namespace portal::games {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error thrown as http::ErrorException for the pipeline to answer.
template <class T>
T value_or_throw(Result<T>&& r) {
  if (!r) throw http::ErrorException(http_error(r.error()));
  return std::move(*r);
}

}  // namespace portal::games
