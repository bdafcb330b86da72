#include "domains/streaming/streaming_answers.hpp"

#include <boost/json.hpp>

#include "domains/catalog/catalog_answers.hpp"
#include "domains/purchases/purchases_answers.hpp"

namespace portal::streaming {
namespace json = boost::json;

namespace {

json::object field_data(const Error& e) { return {{"field", e.field}, {"reason", e.reason}}; }

double seconds_of(std::int64_t ms) { return static_cast<double>(ms) / 1000; }

}  // namespace

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::not_audio: return {400, "NOT_AUDIO", e.message, field_data(e)};
    case ErrorCode::not_video: return {400, "NOT_VIDEO", e.message, field_data(e)};
    case ErrorCode::drm_not_supported: return {400, "DRM_NOT_SUPPORTED", e.message, field_data(e)};
    case ErrorCode::too_many_plays:
      return {429, "TOO_MANY_REQUESTS", e.message,
              json::object{{"retryAfter", e.retry_after}, {"limit", e.limit}, {"windowSeconds", e.window_seconds}}};
    case ErrorCode::ticket_not_found: return {404, "TICKET_NOT_FOUND", e.message, nullptr};
    case ErrorCode::ticket_expired:
      return {410, "TICKET_EXPIRED", e.message, json::object{{"ticketId", e.ticket_id}, {"expiredAt", e.expired_at}}};
    case ErrorCode::usage_exceeds_length: {
      json::object data = field_data(e);
      data["mediaSeconds"] = seconds_of(e.media_ms);
      data["claimedSeconds"] = seconds_of(e.claimed_ms);
      data["listenedSeconds"] = seconds_of(e.counted_ms);
      return {422, "USAGE_EXCEEDS_LENGTH", e.message, std::move(data)};
    }
    case ErrorCode::article: return catalog::http_error(e.article);
    case ErrorCode::purchase: return purchases::http_error(e.purchase);
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::streaming
