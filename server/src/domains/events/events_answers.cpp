#include "domains/events/events_answers.hpp"

namespace portal::events {

core::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return core::Error::invalid_field(e.field, e.reason);
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::events
