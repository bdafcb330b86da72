#pragma once
// The expected failures of game play and leaderboards, as values: a code of
// the domain and the details a client needs (which game, how long to wait).
// games_answers.hpp maps them to the one error shape and decides the HTTP
// status; nothing here knows HTTP. The refusals of the catalog (the article)
// and of the purchases domain (the entitlement decision) are passed on as
// their own values.
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>

#include "core/domain_error.hpp"
#include "domains/catalog/catalog_errors.hpp"
#include "domains/purchases/purchases_errors.hpp"

namespace portal::games {

enum class ErrorCode {
  invalid_field,      // articleId (not an online game) or score (out of range): field and reason
  article,            // the catalog refused the article (not found in the rating window, no media): passed on
  game_not_free,      // play-free of a paid game: article_id
  purchase,           // the entitlement decision refused (sign in, not entitled, device, credit): passed on
  session_not_found,  // no such session in the tenant (or its game left the catalog)
  session_forbidden,  // another player's session
  session_expired,
  too_many_scores,    // too many posts in the window: retry_after
};

// What a games error carries beyond code, message, field and reason.
struct ErrorDetails {
  std::optional<std::int64_t> article_id;   // game_not_free
  std::optional<std::int64_t> retry_after;  // too_many_scores: seconds
  catalog::Error article;                   // code == article: the catalog's error, answered as the catalog does
  purchases::Error purchase;                // code == purchase
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field, ErrorDetails>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::games
