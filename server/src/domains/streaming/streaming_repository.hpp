#pragma once
// Storage of tickets, usage reports and play history (migration 0013).
// Tenant id first; blocking (database pool). A report and the listened total
// it adds are one transaction, and the total's cap is a conditional update
// (plus a CHECK): concurrent reports cannot pass the media length.
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "domains/streaming/streaming_types.hpp"

namespace portal::streaming {

class StreamingRepository {
 public:
  explicit StreamingRepository(db::Database& db) : db_(db) {}

  void create_ticket(const Ticket& t);

  enum class Outcome { counted, duplicate, not_found, expired, exceeds };
  struct ReportResult {
    Outcome outcome = Outcome::not_found;
    Ticket ticket;  // as it is after the report (not_found: empty)
  };
  // Stores a report of the caller's ticket; `listened` adds to its total.
  // now: the UTC timestamp the ticket's expiry is compared with.
  ReportResult report(std::int64_t tenant_id, const std::string& user_uuid, const Report& r, const std::string& now);

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
  db::Database& db_;
};

}  // namespace portal::streaming
