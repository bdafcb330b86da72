#include "domains/customers/customer_actions_answers.hpp"

namespace portal::customers {

http::Error http_error(const ActionError& e) {
  switch (e.code) {
    case ActionErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ActionErrorCode::customer_not_found: return {404, "CUSTOMER_NOT_FOUND", e.message, nullptr};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::customers
