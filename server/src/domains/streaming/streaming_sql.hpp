#pragma once
// Statements of streaming (tables stream_tickets, stream_reports and
// play_history, migration 0013; claimed vs counted, closing and the issue
// gate, migration 0025), tenant id first.
#include <string_view>

namespace portal::streaming::sql {

inline constexpr std::string_view kInsertTicket =
    "INSERT INTO stream_tickets (id, tenant_id, user_uuid, article_id, content_type, media_ms, counted_ms, claimed_ms, "
    "created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, 0, 0, $7, $8)";
// A ticket as its reports and a newer ticket left it (StreamingRepository::insert_past).
inline constexpr std::string_view kInsertPastTicket =
    "INSERT INTO stream_tickets (id, tenant_id, user_uuid, article_id, content_type, media_ms, counted_ms, claimed_ms, "
    "created_at, expires_at, closed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)";

// A ticket of the caller (another user's or tenant's is no ticket at all).
#define PORTAL_TICKET_COLUMNS \
  "id, tenant_id, user_uuid, article_id, content_type, media_ms, counted_ms, created_at, expires_at, claimed_ms, closed_at"
inline constexpr std::string_view kTicket =
    "SELECT " PORTAL_TICKET_COLUMNS " FROM stream_tickets WHERE tenant_id = $1 AND id = $2 AND user_uuid = $3";
// The same, issued in [$4, $5): a report's ticket is at most a week old while it takes reports, so on PostgreSQL
// (tickets partitioned by month, migration 0063) the lookup reads one or two months rather than every month kept;
// StreamingRepository::report falls back to kTicket for an older one (to answer it expired).
inline constexpr std::string_view kRecentTicket =
    "SELECT " PORTAL_TICKET_COLUMNS " FROM stream_tickets WHERE tenant_id = $1 AND id = $2 AND user_uuid = $3 "
    "AND created_at >= $4 AND created_at < $5";
// The same, known to have been issued at $4 (a read again).
inline constexpr std::string_view kTicketAt =
    "SELECT " PORTAL_TICKET_COLUMNS " FROM stream_tickets WHERE tenant_id = $1 AND id = $2 AND user_uuid = $3 "
    "AND created_at = $4";

// The user's gate row, its rate window started anew when the last one ended
// ($4 = now - window): every issue of a user writes it first, so issues of
// one user queue on it (PostgreSQL row lock; SQLite has one writer) and each
// sees what the one before committed.
inline constexpr std::string_view kOpenGate =
    "INSERT INTO stream_ticket_gates (tenant_id, user_uuid, window_start, issued) VALUES ($1, $2, $3, 0) "
    "ON CONFLICT (tenant_id, user_uuid) DO UPDATE SET "
    "issued = CASE WHEN stream_ticket_gates.window_start <= $4 THEN 0 ELSE stream_ticket_gates.issued END, "
    "window_start = CASE WHEN stream_ticket_gates.window_start <= $4 THEN excluded.window_start "
    "ELSE stream_ticket_gates.window_start END "
    "RETURNING window_start, issued";
inline constexpr std::string_view kCountIssue =
    "UPDATE stream_ticket_gates SET issued = issued + 1 WHERE tenant_id = $1 AND user_uuid = $2";
// The user's window as it is (no lock: a quick check before a credit is spent).
inline constexpr std::string_view kGate =
    "SELECT window_start, issued FROM stream_ticket_gates WHERE tenant_id = $1 AND user_uuid = $2";

// The user's unclosed tickets, newest first (partial index stream_tickets_unclosed).
inline constexpr std::string_view kUnclosedTickets =
    "SELECT id FROM stream_tickets WHERE tenant_id = $1 AND user_uuid = $2 AND closed_at IS NULL "
    "ORDER BY created_at DESC, id DESC";

inline constexpr std::string_view kCloseTicket =
    "UPDATE stream_tickets SET closed_at = $3 WHERE tenant_id = $1 AND id = $2 AND closed_at IS NULL";

// A stored report of the same (ticket, type, date, claim): a retry. $5 is the ticket's created_at, which
// the reports carry (ticket_created_at, migration 0063): on PostgreSQL the one month of them to read.
inline constexpr std::string_view kStoredReport =
    "SELECT counted_ms FROM stream_reports WHERE ticket_id = $1 AND type = $2 AND reported_at = $3 AND claimed_ms = $4 "
    "AND ticket_created_at = $5";

// One report; a retry of the same (ticket, type, date, claim) inserts nothing ($12, the ticket's created_at,
// is one value per ticket: in the unique index because PostgreSQL partitions the reports by it).
inline constexpr std::string_view kInsertReport =
    "INSERT INTO stream_reports (id, ticket_id, tenant_id, type, reported_at, claimed_ms, counted_ms, max_usage_ms, "
    "offline, partial, created_at, ticket_created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) "
    "ON CONFLICT (ticket_id, type, reported_at, claimed_ms, ticket_created_at) DO NOTHING";

// A listened report's claim and counted part, added to the totals read as
// $5/$6: 0 rows when a concurrent report changed them meanwhile (read again
// and recompute), when the claims would pass the media length, or when the
// ticket expired. The CHECK keeps counted_ms ≤ media_ms whatever runs. $8, the ticket's created_at: on
// PostgreSQL the one month of tickets to touch (migration 0063).
inline constexpr std::string_view kAddUsage =
    "UPDATE stream_tickets SET claimed_ms = claimed_ms + $3, counted_ms = counted_ms + $4 "
    "WHERE tenant_id = $1 AND id = $2 AND claimed_ms = $5 AND counted_ms = $6 AND claimed_ms + $3 <= media_ms "
    "AND expires_at > $7 AND created_at = $8";

// A play_history row as streaming reads it (HistoryEntry).
#define PORTAL_HISTORY_COLUMNS "article_id, action, content_type, position_ms, updated_at"
inline constexpr std::string_view kHistory =
    "SELECT " PORTAL_HISTORY_COLUMNS " FROM play_history "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND article_id = $3 AND action = $4";

// PUT: the resume position.
inline constexpr std::string_view kPutPosition =
    "INSERT INTO play_history (tenant_id, user_uuid, article_id, action, content_type, position_ms, updated_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tenant_id, user_uuid, article_id, action) DO UPDATE SET "
    "content_type = excluded.content_type, position_ms = excluded.position_ms, updated_at = excluded.updated_at "
    "RETURNING " PORTAL_HISTORY_COLUMNS;

// POST: the action happened now; a known position is kept.
inline constexpr std::string_view kRecord =
    "INSERT INTO play_history (tenant_id, user_uuid, article_id, action, content_type, position_ms, updated_at) "
    "VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (tenant_id, user_uuid, article_id, action) DO UPDATE SET "
    "content_type = excluded.content_type, updated_at = excluded.updated_at "
    "RETURNING " PORTAL_HISTORY_COLUMNS;
// A history entry as the last kRecord of it left it (StreamingRepository::insert_past_entry).
inline constexpr std::string_view kInsertPastEntry =
    "INSERT INTO play_history (tenant_id, user_uuid, article_id, action, content_type, position_ms, updated_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7)";

inline constexpr std::string_view kDeleteHistory =
    "DELETE FROM play_history WHERE tenant_id = $1 AND user_uuid = $2 AND article_id = $3 AND action = $4";

// The history page, newest first (index play_history_newest).
inline constexpr std::string_view kHistoryPage =
    "SELECT " PORTAL_HISTORY_COLUMNS " FROM play_history "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND action = $3 ORDER BY updated_at DESC, article_id DESC LIMIT $4 OFFSET $5";
inline constexpr std::string_view kHistoryCount =
    "SELECT COUNT(*) FROM play_history WHERE tenant_id = $1 AND user_uuid = $2 AND action = $3";

}  // namespace portal::streaming::sql
