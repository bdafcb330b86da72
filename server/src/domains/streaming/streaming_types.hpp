#pragma once
// Streaming (issue 13; commerce §3 music track response, §7 /song,
// /video/streaming, /content/streaming/report, /user/history/*;
// docs/contracts.md "Streaming and play history"): the play answer, tickets
// and their usage reports, and the play history. No SQL or HTTP types.
// Durations are whole milliseconds inside the server; the wire speaks seconds.
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

// One full play (table stream_tickets).
struct Ticket {
  std::string id;
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::int64_t article_id = 0;
  std::string content_type;
  std::int64_t media_ms = 0;
  std::int64_t listened_ms = 0;
  std::string created_at;
  std::string expires_at;
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
  std::int64_t usage_ms = 0;
  std::int64_t max_usage_ms = 0;
  bool offline = false;
  bool partial = false;
};

struct Reported {
  Ticket ticket;      // after the report
  bool counted = true;  // false: a retry of a report already stored
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
