#pragma once
// SQL of the structure domain. Every statement is scoped by tenant_id ($1).
#include <string_view>

namespace portal::structure::sql {

inline constexpr std::string_view kSelectTree =
    "SELECT tree FROM page_structures WHERE tenant_id = $1 AND name = $2";

inline constexpr std::string_view kSelectNames =
    "SELECT name FROM page_structures WHERE tenant_id = $1 ORDER BY name";

// updated_at only moves when the tree really changed, so re-seeding the same
// demo data is a no-op.
inline constexpr std::string_view kUpsert =
    "INSERT INTO page_structures (tenant_id, name, tree, updated_at) VALUES ($1, $2, $3, $4)"
    " ON CONFLICT (tenant_id, name) DO UPDATE SET tree = excluded.tree, updated_at = excluded.updated_at"
    " WHERE page_structures.tree <> excluded.tree";

}  // namespace portal::structure::sql
