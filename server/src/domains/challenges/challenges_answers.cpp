#include "domains/challenges/challenges_answers.hpp"

#include "domains/catalog/catalog_answers.hpp"

namespace portal::challenges {

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::challenge_not_found: return {404, "CHALLENGE_NOT_FOUND", e.message, nullptr};
    case ErrorCode::catalog: return catalog::http_error(e.catalog);
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::challenges
