#pragma once
// Storage of tickets, usage reports and play history (migrations 0013,
// 0025). Tenant id first; blocking (database pool). A report and the totals
// it adds are one transaction, written by a conditional update on the totals
// it read (plus a CHECK): concurrent reports can pass neither the media
// length nor the ticket's countable time. A user's ticket issues queue on one
// gate row, so the open-ticket and rate limits hold under concurrency.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "db/database.hpp"
#include "domains/streaming/streaming_types.hpp"

namespace portal::streaming {

class StreamingRepository {
 public:
  explicit StreamingRepository(db::Database& db) : db_(db) {}

  // Stores a ticket as it is (tests, fixtures); issue() is the way plays get one.
  void create_ticket(const Ticket& t);
  // In the caller's transaction, as the flows leave them at past times (the synthetic activity,
  // docs/operations.md): a ticket with its counted and claimed time and closing; a report with the
  // id it was given and what it counted; the history's entry of an article.
  void insert_past(db::Session& s, const Ticket& t);
  void insert_past_report(db::Session& s, std::int64_t tenant_id, const std::string& id, const Report& r,
                          std::int64_t counted_ms, const std::string& created_at,
                          const std::string& ticket_created_at);
  void insert_past_entry(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid, const HistoryEntry& e);

  struct IssueResult {
    bool issued = false;
    std::string window_start;         // the user's rate window
    std::int64_t in_window = 0;       // tickets issued in it before this one
    std::vector<std::string> closed;  // the user's tickets this issue closed
  };
  // Issues t unless the user got limits.per_window tickets in their current
  // rate window (a window that started at or before window_over has ended; a
  // new one starts at t.created_at); closes the user's oldest unclosed
  // tickets so that at most limits.max_open stay unclosed with t. One
  // transaction behind the user's gate row.
  IssueResult issue(const Ticket& t, const TicketLimits& limits, const std::string& window_over);
  // The user's current rate window: its start and the tickets issued in it
  // (nullopt when none or it ended). No lock: a quick check before spending.
  std::optional<std::pair<std::string, std::int64_t>> window_of(std::int64_t tenant_id, const std::string& user_uuid,
                                                                const std::string& window_over);

  enum class Outcome { counted, duplicate, not_found, expired, exceeds };
  struct ReportResult {
    Outcome outcome = Outcome::not_found;
    Ticket ticket;                   // as it is after the report (not_found: empty)
    std::int64_t counted_ms = 0;     // what this report counted (duplicate: the stored copy's)
    std::int64_t counted_before = 0;  // the ticket's counted total before it
  };
  // Stores a report of the caller's ticket. A listened report adds its claim
  // to claimed_ms (refused past the media length: exceeds) and
  // counted_part(counted_ms, claim, countable(ticket)) to counted_ms;
  // `countable` is asked with the ticket as read in the transaction. now: the
  // UTC timestamp the ticket's expiry is compared with.
  ReportResult report(std::int64_t tenant_id, const std::string& user_uuid, const Report& r, const std::string& now,
                      const std::function<std::int64_t(const Ticket&)>& countable);

  std::optional<HistoryEntry> history(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id,
                                      const std::string& action);
  HistoryEntry put_position(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id,
                            const std::string& action, const std::string& content_type, std::int64_t position_ms,
                            const std::string& at);
  HistoryEntry record(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id,
                      const std::string& action, const std::string& content_type, const std::string& at);
  bool remove(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id, const std::string& action);
  HistoryPage page(std::int64_t tenant_id, const std::string& user_uuid, const std::string& action, std::int64_t limit,
                   std::int64_t offset);

 private:
  // A report already stored: the ticket and what that copy counted, as they are now.
  ReportResult duplicate_of(std::int64_t tenant_id, const std::string& user_uuid, const Report& r);

  db::Database& db_;
};

}  // namespace portal::streaming
