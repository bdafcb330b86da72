#include "domains/catalog/catalog_answers.hpp"

#include <boost/json.hpp>

namespace portal::catalog {
namespace json = boost::json;

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: {
      http::Error out = http::Error::invalid_field(e.field, e.reason);
      out.message = e.message;
      if (e.article_id) out.data.as_object()["articleId"] = *e.article_id;
      if (e.challenge_id) out.data.as_object()["challengeId"] = *e.challenge_id;
      return out;
    }
    case ErrorCode::article_not_found: {
      auto out = http::Error::not_found("ARTICLE_NOT_FOUND", e.message);
      if (e.max_rating)
        out.data = json::object{{"reason", "RATING_LIMIT"}, {"maxRating", *e.max_rating}, {"rating", e.rating}};
      return out;
    }
    case ErrorCode::category_not_found: return http::Error::not_found("CATEGORY_NOT_FOUND", e.message);
    case ErrorCode::challenge_not_found: return http::Error::not_found("CHALLENGE_NOT_FOUND", e.message);
    case ErrorCode::media_not_found: return http::Error::not_found("MEDIA_NOT_FOUND", e.message);
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::catalog
