#pragma once
// Streaming (commerce §7 /song, /video/streaming, /content/streaming/report,
// /user/history/*; docs/contracts.md "Streaming and play history"). Every
// full-media URL comes from the purchases domain's entitlement decision
// (PurchasesService::decide, and ::consume where a credit is spent); this
// service only picks the URL, issues the play's ticket (within the user's
// ticket limits), counts its usage reports (at most the time the ticket was
// open, at most the media's length; claimed and counted kept apart) and keeps
// the play history. A report that takes a full track past half its length is
// the server event trackListened (challenges count it). Expected failures are
// streaming::Error values (streaming_errors.hpp; the statuses below are what
// streaming_answers.cpp answers them with); blocking (database pool).
#include <functional>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "domains/catalog/catalog_dto.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/events/events_service.hpp"
#include "domains/purchases/purchases_service.hpp"
#include "domains/streaming/streaming_errors.hpp"
#include "domains/streaming/streaming_repository.hpp"
#include "domains/streaming/streaming_types.hpp"

namespace portal::streaming {

using purchases::Caller;

// A history page entry with the article's answer (null when it is gone).
struct HistoryItem {
  HistoryEntry entry;
  std::optional<catalog::ArticleDto> article;
};
struct HistoryListing {
  std::vector<HistoryItem> items;
  std::int64_t total = 0;
  std::int64_t offset = 0;
};

class StreamingService {
 public:
  // events: where trackListened goes (nullptr: nowhere).
  StreamingService(purchases::PurchasesService& purchases, catalog::CatalogService& catalog,
                   StreamingRepository& repository, events::EventsService* events, const core::Clock& clock,
                   TicketLimits limits = {})
      : purchases_(purchases), catalog_(catalog), repository_(repository), events_(events), clock_(clock),
        limits_(limits) {}

  // /song (audio) and /video/streaming (video). Entitled without spending:
  // the full URL and a ticket (signed-in callers). Entitled only by a credit:
  // spent only when `consume` (the user confirmed), else the preview with no
  // offers. Otherwise the preview ("" when none) and, for signed-in callers,
  // the purchase offers. ARTICLE_NOT_FOUND; NOT_AUDIO / NOT_VIDEO
  // (field id) for another content type; TOO_MANY_REQUESTS
  // (data.retryAfter) when the user got limits.per_window tickets in the
  // window (checked before a credit is spent). A new ticket closes the
  // user's oldest open ones past limits.max_open.
  Result<PlayAnswer> play(const Caller& c, MediaKind kind, std::int64_t article_id, bool consume,
                          catalog::RatingRange rating);

  // A usage report of the caller's ticket. TICKET_NOT_FOUND (unknown,
  // another user's or tenant's), TICKET_EXPIRED, USAGE_EXCEEDS_LENGTH
  // (the ticket's claims would pass the media length). public_user_id: the
  // caller's userId for the trackListened event.
  Result<Reported> report(const Caller& c, const ReportInput& in,
                          const std::optional<std::string>& public_user_id = std::nullopt);

  const TicketLimits& limits() const { return limits_; }

  // Where the caller left an article (action PLAY); nullopt when nothing is
  // recorded yet (a first play is not an error, commerce §8 "read calls"), and
  // for an article above max_rating (the caller's limit), as in the list.
  std::optional<HistoryEntry> history(const Caller& c, std::int64_t article_id, int max_rating);
  // PUT: the resume position. A validation error naming contentType (not playable, or not
  // the article's) or userCurrentPlaying; ARTICLE_NOT_FOUND.
  Result<HistoryEntry> put_position(const Caller& c, std::int64_t article_id, const std::string& content_type,
                                    double seconds);
  // POST /user/history/{type}/{id}: the action happened now. A validation error naming type
  // or contentType; ARTICLE_NOT_FOUND.
  Result<HistoryEntry> record(const Caller& c, const std::string& type, std::int64_t article_id,
                              const std::string& content_type);
  // DELETE: idempotent; false when there was nothing to forget.
  bool remove(const Caller& c, std::int64_t article_id);
  // Newest first; limit 1..100, offset ≥ 0 (a validation error naming them).
  // Played articles rated above max_rating (the caller's parental limit) are left out.
  Result<HistoryListing> list(const Caller& c, std::int64_t limit, std::int64_t offset, int max_rating = 1000);

 private:
  Result<catalog::ArticleRecord> playable_article(const Caller& c, std::int64_t article_id,
                                                  const std::string& content_type);
  PlayAnswer preview_of(const catalog::ArticleRecord& record, std::vector<purchases::PurchaseOffer> offers);
  Result<PlayAnswer> full_of(const Caller& c, const catalog::ArticleRecord& record);
  // Refused when the caller's window is full (a quick check before a credit is spent).
  std::optional<Error> over_limit(const Caller& c);
  Error too_many(const std::string& window_start, std::chrono::system_clock::time_point now) const;

  purchases::PurchasesService& purchases_;
  catalog::CatalogService& catalog_;
  StreamingRepository& repository_;
  events::EventsService* events_;
  const core::Clock& clock_;
  TicketLimits limits_;
};

}  // namespace portal::streaming
