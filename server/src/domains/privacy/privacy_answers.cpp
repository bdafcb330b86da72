#include "domains/privacy/privacy_answers.hpp"

namespace portal::privacy {

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::fresh_sign_in_required:
      return {403, "FRESH_SIGN_IN_REQUIRED", "Sign in again, then delete the account within 10 minutes", nullptr};
    case ErrorCode::user_not_found: break;
  }
  return http::Error::not_found("CUSTOMER_NOT_FOUND", "No such customer");
}

}  // namespace portal::privacy
