#pragma once
// The notification statements. Every one filters by tenant_id ($1) and, but
// for the insert, by the user ($2).
#include <string_view>

namespace portal::notifications::sql {

// A repeated source is nothing (the partial unique index notifications_source).
inline constexpr std::string_view kInsert =
    "INSERT INTO notifications (tenant_id, id, user_uuid, kind, params, target, source, created_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING";
// Newest first: the index notifications_user read backwards.
inline constexpr std::string_view kPage =
    "SELECT id, user_uuid, kind, params, target, created_at, read_at FROM notifications "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY id DESC LIMIT $3 OFFSET $4";
inline constexpr std::string_view kCount =
    "SELECT COUNT(*) FROM notifications WHERE tenant_id = $1 AND user_uuid = $2";
inline constexpr std::string_view kUnreadCount =
    "SELECT COUNT(*) FROM notifications WHERE tenant_id = $1 AND user_uuid = $2 AND read_at IS NULL";
inline constexpr std::string_view kExists =
    "SELECT 1 FROM notifications WHERE tenant_id = $1 AND user_uuid = $2 AND id = $3";
// $3 id, $4 now: only an unread one changes.
inline constexpr std::string_view kMarkRead =
    "UPDATE notifications SET read_at = $4 WHERE tenant_id = $1 AND user_uuid = $2 AND id = $3 AND read_at IS NULL";
inline constexpr std::string_view kMarkAllRead =
    "UPDATE notifications SET read_at = $3 WHERE tenant_id = $1 AND user_uuid = $2 AND read_at IS NULL";

}  // namespace portal::notifications::sql
