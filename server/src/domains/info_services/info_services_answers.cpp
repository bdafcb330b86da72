#include "domains/info_services/info_services_answers.hpp"

namespace portal::info_services {

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::info_service_not_found: return {404, "INFO_SERVICE_NOT_FOUND", e.message, nullptr};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::info_services
