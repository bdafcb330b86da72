#pragma once
// Statements of streaming (tables stream_tickets, stream_reports and
// play_history, migration 0013), tenant id first.
#include <string_view>

namespace portal::streaming::sql {

inline constexpr std::string_view kInsertTicket =
    "INSERT INTO stream_tickets (id, tenant_id, user_uuid, article_id, content_type, media_ms, listened_ms, created_at, "
    "expires_at) VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8)";

// A ticket of the caller (another user's or tenant's is no ticket at all).
inline constexpr std::string_view kTicket =
    "SELECT id, tenant_id, user_uuid, article_id, content_type, media_ms, listened_ms, created_at, expires_at "
    "FROM stream_tickets WHERE tenant_id = $1 AND id = $2 AND user_uuid = $3";

// One report; a retry of the same (ticket, type, date, duration) inserts nothing.
inline constexpr std::string_view kInsertReport =
    "INSERT INTO stream_reports (id, ticket_id, tenant_id, type, reported_at, usage_ms, max_usage_ms, offline, partial, "
    "created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) "
    "ON CONFLICT (ticket_id, type, reported_at, usage_ms) DO NOTHING";

// The cap: 0 rows when the report would pass the media length or the ticket
// expired meanwhile. Concurrent reports queue on the row and re-check.
inline constexpr std::string_view kAddListened =
    "UPDATE stream_tickets SET listened_ms = listened_ms + $3 "
    "WHERE tenant_id = $1 AND id = $2 AND listened_ms + $3 <= media_ms AND expires_at > $4";

inline constexpr std::string_view kHistory =
    "SELECT article_id, action, content_type, position_ms, updated_at FROM play_history "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND article_id = $3 AND action = $4";

// PUT: the resume position.
inline constexpr std::string_view kPutPosition =
    "INSERT INTO play_history (tenant_id, user_uuid, article_id, action, content_type, position_ms, updated_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tenant_id, user_uuid, article_id, action) DO UPDATE SET "
    "content_type = excluded.content_type, position_ms = excluded.position_ms, updated_at = excluded.updated_at "
    "RETURNING article_id, action, content_type, position_ms, updated_at";

// POST: the action happened now; a known position is kept.
inline constexpr std::string_view kRecord =
    "INSERT INTO play_history (tenant_id, user_uuid, article_id, action, content_type, position_ms, updated_at) "
    "VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (tenant_id, user_uuid, article_id, action) DO UPDATE SET "
    "content_type = excluded.content_type, updated_at = excluded.updated_at "
    "RETURNING article_id, action, content_type, position_ms, updated_at";

inline constexpr std::string_view kDeleteHistory =
    "DELETE FROM play_history WHERE tenant_id = $1 AND user_uuid = $2 AND article_id = $3 AND action = $4";

// The history page, newest first (index play_history_newest).
inline constexpr std::string_view kHistoryPage =
    "SELECT article_id, action, content_type, position_ms, updated_at FROM play_history "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND action = $3 ORDER BY updated_at DESC, article_id DESC LIMIT $4 OFFSET $5";
inline constexpr std::string_view kHistoryCount =
    "SELECT COUNT(*) FROM play_history WHERE tenant_id = $1 AND user_uuid = $2 AND action = $3";

}  // namespace portal::streaming::sql
