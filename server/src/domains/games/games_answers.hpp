#pragma once
// The one place where the errors of game play and leaderboards meet HTTP
// (docs/contracts.md "Games and leaderboards"); the purchases domain's
// refusals passed on are answered by its own mapping.
#include <utility>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/games/games_errors.hpp"

namespace portal::games {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::games
