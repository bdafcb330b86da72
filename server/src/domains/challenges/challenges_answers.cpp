#include "domains/challenges/challenges_answers.hpp"

#include <stdexcept>

namespace portal::challenges {

void throw_exception_from_error(const Error& e, const boost::source_location&) {
  // value() on an error: a caller that did not look at the result (a bug).
  throw std::logic_error("challenges: value() of an error result: " + e.message);
}

core::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return core::Error::invalid_field(e.field, e.reason);
    case ErrorCode::challenge_not_found: return {404, "CHALLENGE_NOT_FOUND", e.message, nullptr};
    case ErrorCode::catalog: return e.catalog;
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::challenges
