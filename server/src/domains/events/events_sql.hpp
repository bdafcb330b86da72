#pragma once
#include <string_view>

namespace portal::events::sql {

inline constexpr std::string_view kInsert =
    "INSERT INTO events (id, tenant_id, name, payload, user_id, created_at, origin, client) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";

inline constexpr std::string_view kCountByName =
    "SELECT COUNT(*) FROM events WHERE tenant_id = $1 AND name = $2";

}  // namespace portal::events::sql
