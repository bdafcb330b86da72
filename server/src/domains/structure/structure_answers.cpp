#include "domains/structure/structure_answers.hpp"

namespace portal::structure {

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::structure_not_found: return http::Error::not_found("STRUCTURE_NOT_FOUND", e.message);
    case ErrorCode::timed_out: break;
  }
  return {504, "GATEWAY_TIMEOUT", e.message, nullptr};
}

}  // namespace portal::structure
