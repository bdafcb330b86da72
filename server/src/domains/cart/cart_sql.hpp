#pragma once
// The cart statements. Every one filters by tenant_id ($1) and user ($2).
#include <string_view>

namespace portal::cart::sql {

inline constexpr std::string_view kItems =
    "SELECT product_id, quantity FROM cart_items WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY added_at, product_id";
// Sets the quantity (adding the row when new).
inline constexpr std::string_view kPut =
    "INSERT INTO cart_items (tenant_id, user_uuid, product_id, quantity, added_at, updated_at) "
    "VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (tenant_id, user_uuid, product_id) "
    "DO UPDATE SET quantity = excluded.quantity, updated_at = excluded.updated_at";
inline constexpr std::string_view kRemove =
    "DELETE FROM cart_items WHERE tenant_id = $1 AND user_uuid = $2 AND product_id = $3";

}  // namespace portal::cart::sql
