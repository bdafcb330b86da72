#pragma once
// SQL of the tenants domain. Portable between SQLite and PostgreSQL.
#include <string_view>

namespace portal::tenants::sql {

// A Tenant's columns, then its stored texts (tenants_repository.cpp).
inline constexpr std::string_view kSelectAll =
    "SELECT id, name, display_name, default_locale, default_theme, colors, custom_style, config_version AS version,"
    " features, settings, backend, languages FROM tenants ORDER BY id";

// What an instance polls to notice a change made through any instance (cheap: one row per tenant).
inline constexpr std::string_view kSelectVersions = "SELECT id AS tenant_id, config_version AS version FROM tenants ORDER BY id";

// $2 = now. In the transaction of the change it announces.
inline constexpr std::string_view kRaiseVersion =
    "UPDATE tenants SET config_version = config_version + 1, updated_at = $2 WHERE id = $1";

inline constexpr std::string_view kSelectAllHosts = "SELECT host, tenant_id FROM tenant_hosts ORDER BY host";

// $10 = now, $11 = languages ("en,ar"). created_at is kept on update.
inline constexpr std::string_view kUpsert =
    "INSERT INTO tenants (name, display_name, default_locale, default_theme, colors, custom_style,"
    " features, settings, backend, created_at, updated_at, languages)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11)"
    " ON CONFLICT (name) DO UPDATE SET display_name = excluded.display_name,"
    " default_locale = excluded.default_locale, languages = excluded.languages,"
    " default_theme = excluded.default_theme,"
    " colors = excluded.colors, custom_style = excluded.custom_style, features = excluded.features,"
    " settings = excluded.settings, backend = excluded.backend, updated_at = excluded.updated_at,"
    " config_version = tenants.config_version + 1"
    " RETURNING id";

// An operator's edit, only over the version it was based on ($2): the database refuses a
// lost update. $11 = now, $12 = languages ("en,ar").
inline constexpr std::string_view kUpdateSettings =
    "UPDATE tenants SET display_name = $3, default_locale = $4, languages = $12, default_theme = $5, colors = $6,"
    " custom_style = $7, features = $8, settings = $9, backend = $10, updated_at = $11,"
    " config_version = config_version + 1 WHERE id = $1 AND config_version = $2 RETURNING config_version";

inline constexpr std::string_view kSelectVersion = "SELECT config_version FROM tenants WHERE id = $1";

// A host another tenant holds is a key violation: an edit never takes a host away.
inline constexpr std::string_view kInsertHost = "INSERT INTO tenant_hosts (host, tenant_id) VALUES ($1, $2)";

inline constexpr std::string_view kDeleteHosts = "DELETE FROM tenant_hosts WHERE tenant_id = $1";

// A host moves to the tenant that claims it last: hosts are unique by key.
inline constexpr std::string_view kUpsertHost =
    "INSERT INTO tenant_hosts (host, tenant_id) VALUES ($1, $2)"
    " ON CONFLICT (host) DO UPDATE SET tenant_id = excluded.tenant_id";

}  // namespace portal::tenants::sql
