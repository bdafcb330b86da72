#include "domains/games/games_answers.hpp"

#include <boost/json.hpp>

#include "domains/catalog/catalog_answers.hpp"
#include "domains/purchases/purchases_answers.hpp"

namespace portal::games {
namespace json = boost::json;

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::article: return catalog::http_error(e.article);
    case ErrorCode::purchase: return purchases::http_error(e.purchase);
    case ErrorCode::game_not_free:
      return {403, "GAME_NOT_FREE", e.message, json::object{{"articleId", e.article_id.value_or(0)}}};
    case ErrorCode::session_not_found: return {404, "GAME_SESSION_NOT_FOUND", e.message, nullptr};
    case ErrorCode::session_forbidden: return {403, "GAME_SESSION_FORBIDDEN", e.message, nullptr};
    case ErrorCode::session_expired: return {410, "GAME_SESSION_EXPIRED", e.message, nullptr};
    case ErrorCode::too_many_scores:
      return {429, "TOO_MANY_REQUESTS", e.message, json::object{{"retryAfter", e.retry_after.value_or(1)}}};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::games
