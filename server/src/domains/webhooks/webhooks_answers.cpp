#include "domains/webhooks/webhooks_answers.hpp"

namespace portal::webhooks {

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::endpoint_not_found: return {404, "WEBHOOK_ENDPOINT_NOT_FOUND", e.message, nullptr};
    case ErrorCode::delivery_not_found: return {404, "WEBHOOK_DELIVERY_NOT_FOUND", e.message, nullptr};
    case ErrorCode::too_many_endpoints: return {409, "TOO_MANY_WEBHOOK_ENDPOINTS", e.message, nullptr};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::webhooks
