#pragma once
// Statements of the wallet (table wallet_items, migration 0011), tenant id first.
#include <string_view>

namespace portal::wallet::sql {

inline constexpr std::string_view kAdd =
    "INSERT INTO wallet_items (tenant_id, user_uuid, article_id, content_type, collection_id, source, reference, "
    "acquired_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (tenant_id, user_uuid, article_id) DO NOTHING";

// What one acquisition (source, reference) put in the wallet leaves it (a refund, or support revoked it).
inline constexpr std::string_view kRemoveAcquired =
    "DELETE FROM wallet_items WHERE tenant_id = $1 AND user_uuid = $2 AND source = $3 AND reference = $4";

// Owns the article itself, or the collection it belongs to ($4; 0 = none).
inline constexpr std::string_view kOwns =
    "SELECT article_id FROM wallet_items WHERE tenant_id = $1 AND user_uuid = $2 AND article_id IN ($3, $4) LIMIT 1";

// Every article id the user owns (collection members included).
inline constexpr std::string_view kOwnedIds =
    "SELECT article_id FROM wallet_items WHERE tenant_id = $1 AND user_uuid = $2";

#define PORTAL_WALLET_ITEM_COLUMNS "article_id, content_type, collection_id, source, reference, acquired_at"
inline constexpr std::string_view kItem =
    "SELECT " PORTAL_WALLET_ITEM_COLUMNS " FROM wallet_items "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND article_id = $3";

// Top-level items (bought alone, or collections), newest first. The typed
// variant appends "AND content_type IN (...)" with its own placeholders.
inline constexpr std::string_view kPageHead =
    "SELECT " PORTAL_WALLET_ITEM_COLUMNS " FROM wallet_items "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND collection_id IS NULL";
inline constexpr std::string_view kPageTail = " ORDER BY acquired_at DESC, article_id DESC LIMIT $3 OFFSET $4";
inline constexpr std::string_view kCountHead =
    "SELECT COUNT(*) FROM wallet_items WHERE tenant_id = $1 AND user_uuid = $2 AND collection_id IS NULL";

// The owned members of the collections on a page ("IN (...)" appended).
inline constexpr std::string_view kMembersHead =
    "SELECT collection_id, article_id FROM wallet_items WHERE tenant_id = $1 AND user_uuid = $2 AND collection_id IN ";

}  // namespace portal::wallet::sql
