#pragma once
// Streaming (issue 13; commerce §3 music track response, §7 /song,
// /video/streaming, /content/streaming/report, /user/history/*;
// docs/contracts.md "Streaming and play history"): the play answer, tickets
// and their usage reports, and the play history. No SQL or HTTP types.
// Durations are whole milliseconds inside the server; the wire speaks seconds.
#include <boost/describe/class.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domains/purchases/purchases_types.hpp"

namespace portal::streaming {

// What a player asks for: an audio track (/song) or a video (/video/streaming).
enum class MediaKind { audio, video };

// The answer of /song and /video/streaming.
struct PlayAnswer {
  std::string url;  // signed full media, or the public preview ("" when the article has none)
  bool preview = true;
  std::vector<purchases::PurchaseOffer> purchase;  // what would let the caller play it in full
  std::optional<std::string> ticket;               // full plays of signed-in users
  std::optional<std::int64_t> expires;             // the signed URL's end, epoch milliseconds
};

// The payload of the trackListened event: a full track's ticket counted past half of it (challenges read
// contentType and articleId). Seconds with their fraction.
struct TrackListenedEvent {
  std::int64_t articleId = 0;
  std::string contentType;
  std::string ticketId;
  double countedSeconds = 0;
  double mediaSeconds = 0;
};
BOOST_DESCRIBE_STRUCT(TrackListenedEvent, (), (articleId, contentType, ticketId, countedSeconds, mediaSeconds))

// One full play (table stream_tickets). What the player claimed and what
// counted are kept apart: royalty statements read counted_ms.
struct Ticket {
  std::string id;
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::int64_t article_id = 0;
  std::string content_type;
  std::int64_t media_ms = 0;
  std::int64_t counted_ms = 0;  // the sum of its listened reports' counted parts (≤ media_ms)
  std::string created_at;       // UTC, "YYYY-MM-DDTHH:MM:SS.mmmZ" (issue order)
  std::string expires_at;
  std::int64_t claimed_ms = 0;  // the sum of its listened reports' usageDuration (≤ media_ms)
  std::optional<std::string> closed_at;  // a newer ticket of the user closed it: its open time ends there
};

// How many tickets a user holds and gets (docs/contracts.md "Streaming and
// play history"): at most max_open unclosed at once (a new one closes the
// oldest), at most per_window issued in a rate window (a window starts with
// the first ticket after the last window ended and lasts `window`).
struct TicketLimits {
  int max_open = 3;
  int per_window = 30;
  std::chrono::seconds window{300};
};

enum class ReportType { listened, progress };

// POST /content/streaming/report as sent (the routes only checked JSON types).
struct ReportInput {
  std::string ticket_id;
  std::string type;
  std::string date;
  double usage_duration = 0;      // seconds
  double max_usage_duration = 0;  // seconds
  bool offline = false;
  bool partial = false;
};

// A validated report (table stream_reports).
struct Report {
  std::string ticket_id;
  ReportType type = ReportType::listened;
  std::string reported_at;  // UTC, "YYYY-MM-DDTHH:MM:SS.mmmZ"
  std::int64_t usage_ms = 0;  // usageDuration: what the player claims (column claimed_ms)
  std::int64_t max_usage_ms = 0;
  bool offline = false;
  bool partial = false;
};

struct Reported {
  Ticket ticket;      // after the report
  bool counted = true;  // false: a retry of a report already stored
  std::int64_t counted_ms = 0;  // what of this report's claim counted (a retry: the stored report's)
};

// One row of play_history.
struct HistoryEntry {
  std::int64_t article_id = 0;
  std::string action;  // PLAY
  std::string content_type;
  std::int64_t position_ms = 0;
  std::string updated_at;
};

struct HistoryPage {
  std::vector<HistoryEntry> entries;
  std::int64_t total = 0;
  std::int64_t offset = 0;
};

}  // namespace portal::streaming
