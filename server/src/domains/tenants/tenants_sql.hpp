#pragma once
// SQL of the tenants domain. Portable between SQLite and PostgreSQL.
#include <string_view>

namespace portal::tenants::sql {

inline constexpr std::string_view kSelectAll =
    "SELECT id, name, display_name, default_locale, default_theme, colors, custom_style,"
    " features, settings, backend FROM tenants ORDER BY id";

inline constexpr std::string_view kSelectAllHosts = "SELECT host, tenant_id FROM tenant_hosts ORDER BY host";

// $10 = now. created_at is kept on update.
inline constexpr std::string_view kUpsert =
    "INSERT INTO tenants (name, display_name, default_locale, default_theme, colors, custom_style,"
    " features, settings, backend, created_at, updated_at)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)"
    " ON CONFLICT (name) DO UPDATE SET display_name = excluded.display_name,"
    " default_locale = excluded.default_locale, default_theme = excluded.default_theme,"
    " colors = excluded.colors, custom_style = excluded.custom_style, features = excluded.features,"
    " settings = excluded.settings, backend = excluded.backend, updated_at = excluded.updated_at"
    " RETURNING id";

inline constexpr std::string_view kDeleteHosts = "DELETE FROM tenant_hosts WHERE tenant_id = $1";

// A host moves to the tenant that claims it last: hosts are unique by key.
inline constexpr std::string_view kUpsertHost =
    "INSERT INTO tenant_hosts (host, tenant_id) VALUES ($1, $2)"
    " ON CONFLICT (host) DO UPDATE SET tenant_id = excluded.tenant_id";

}  // namespace portal::tenants::sql
