#pragma once
// The expected failures of streaming and play history, as values: a code of
// the domain and the details a client needs (the field, the play limits, the
// ticket's numbers). streaming_answers.hpp maps them to the one error shape
// and decides the HTTP status; nothing here knows HTTP. The refusals of the
// catalog (the article, its media) and of the purchases domain (the
// entitlement decision) are passed on as their own values.
#include <boost/system/result.hpp>
#include <cstdint>
#include <string>

#include "core/domain_error.hpp"
#include "domains/catalog/catalog_errors.hpp"
#include "domains/purchases/purchases_errors.hpp"

namespace portal::streaming {

enum class ErrorCode {
  invalid_field,         // a field of a report, a position, a page or the protocol: field and reason
  not_audio,             // /song of another content type: field id, reason
  not_video,             // /video/streaming of another content type: field id, reason
  drm_not_supported,     // field drm, reason
  too_many_plays,        // the user's ticket window is full: retry_after, limit, window_seconds
  ticket_not_found,      // unknown, another user's or another tenant's
  ticket_expired,        // ticket_id, expired_at
  usage_exceeds_length,  // field usageDuration, reason; the ticket's media_ms, claimed_ms, counted_ms
  article,               // the catalog refused (no such article, no media): its error, passed on
  purchase,              // the entitlement decision refused: its error, passed on
};

// What a streaming error carries beyond code, message, field and reason (the
// field names the input for invalid_field, not_audio, not_video,
// drm_not_supported and usage_exceeds_length).
struct ErrorDetails {
  // too_many_plays: seconds to wait, and the limits (tickets per window, the window in seconds).
  std::int64_t retry_after = 0;
  std::int64_t limit = 0;
  std::int64_t window_seconds = 0;
  // ticket_expired
  std::string ticket_id;
  std::string expired_at;
  // usage_exceeds_length: the ticket's media length, claimed and counted time, in ms.
  std::int64_t media_ms = 0;
  std::int64_t claimed_ms = 0;
  std::int64_t counted_ms = 0;
  catalog::Error article;     // code == article: the catalog's error, answered as the catalog does
  purchases::Error purchase;  // code == purchase
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field, ErrorDetails>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::streaming
