#pragma once
// The apps marketplace statements (tables apps and app_consents, migration
// 0020). Every one filters by tenant_id ($1); an owner's statements by
// owner_uuid too, so another user's app is never read or written through them.
#include <string_view>

namespace portal::apps::sql {

// One statement: the owner's count is checked where the row is written ($12 the limit).
// The unique (tenant_id, name_key) and (tenant_id, name_skeleton) refuse a taken or look-alike name.
inline constexpr std::string_view kInsertApp =
    "INSERT INTO apps (tenant_id, id, owner_uuid, name, name_key, publisher, description, redirect_uri, scopes, "
    "status, secret_hash, created_at, updated_at, name_skeleton) "
    "SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, 'active', $10, $11, $11, $13 "
    "WHERE (SELECT COUNT(*) FROM apps WHERE tenant_id = $1 AND owner_uuid = $3) < $12";

// The columns of an AppRecord (apps_repository.cpp).
#define PORTAL_APP_COLUMNS                                                                        \
  "a.id, a.owner_uuid, a.name, a.publisher, a.description, a.redirect_uri, a.scopes, a.status, " \
  "a.created_at, a.updated_at"
// The columns of a ConsentRecord.
#define PORTAL_CONSENT_COLUMNS "c.app_id, c.decision, c.scopes, c.decided_at"

inline constexpr std::string_view kApp =
    "SELECT " PORTAL_APP_COLUMNS " FROM apps a WHERE a.tenant_id = $1 AND a.id = $2";

// Another app holding the name's key ($2) or its look-alike key ($3), in one snapshot:
// 1 for the same name, 0 for a look-alike (indexes on both keys).
inline constexpr std::string_view kNameClash =
    "SELECT CASE WHEN name_key = $2 THEN 1 ELSE 0 END FROM apps "
    "WHERE tenant_id = $1 AND (name_key = $2 OR name_skeleton = $3) AND id <> $4";

// The owner's apps, newest first, each with how many users granted it now.
inline constexpr std::string_view kOwnerApps =
    "SELECT " PORTAL_APP_COLUMNS ", "
    "(SELECT COUNT(*) FROM app_consents c WHERE c.tenant_id = a.tenant_id AND c.app_id = a.id "
    "AND c.decision = 'granted') AS granted_count "
    "FROM apps a WHERE a.tenant_id = $1 AND a.owner_uuid = $2 ORDER BY a.created_at DESC, a.id DESC";

inline constexpr std::string_view kGrantedCount =
    "SELECT COUNT(*) FROM app_consents WHERE tenant_id = $1 AND app_id = $2 AND decision = 'granted'";

inline constexpr std::string_view kUpdateApp =
    "UPDATE apps SET name = $4, name_key = $5, publisher = $6, description = $7, redirect_uri = $8, scopes = $9, "
    "status = $10, updated_at = $11, name_skeleton = $12 WHERE tenant_id = $1 AND id = $2 AND owner_uuid = $3";

// Start-up upkeep across tenants (migration 0026): the rows written before names had a skeleton.
inline constexpr std::string_view kAppsWithoutSkeleton =
    "SELECT tenant_id, id, name FROM apps WHERE name_skeleton IS NULL ORDER BY tenant_id, created_at, id";
inline constexpr std::string_view kSetSkeleton =
    "UPDATE apps SET name_skeleton = $3 WHERE tenant_id = $1 AND id = $2 AND name_skeleton IS NULL";

inline constexpr std::string_view kSetSecret =
    "UPDATE apps SET secret_hash = $4, updated_at = $5 WHERE tenant_id = $1 AND id = $2 AND owner_uuid = $3";

inline constexpr std::string_view kSecretHash = "SELECT secret_hash FROM apps WHERE tenant_id = $1 AND id = $2";

inline constexpr std::string_view kDeleteApp = "DELETE FROM apps WHERE tenant_id = $1 AND id = $2 AND owner_uuid = $3";

// Consents ($2 app, $3 user).
inline constexpr std::string_view kConsent =
    "SELECT " PORTAL_CONSENT_COLUMNS " FROM app_consents c WHERE c.tenant_id = $1 AND c.app_id = $2 "
    "AND c.user_uuid = $3";
// A decision replaces the one before (the primary key decides, not the service).
inline constexpr std::string_view kUpsertConsent =
    "INSERT INTO app_consents (tenant_id, app_id, user_uuid, decision, scopes, decided_at) "
    "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant_id, app_id, user_uuid) DO UPDATE SET "
    "decision = excluded.decision, scopes = excluded.scopes, decided_at = excluded.decided_at";
// Only a granted consent is revoked; 0 rows otherwise.
inline constexpr std::string_view kRevokeConsent =
    "UPDATE app_consents SET decision = 'revoked', scopes = '', decided_at = $4 "
    "WHERE tenant_id = $1 AND app_id = $2 AND user_uuid = $3 AND decision = 'granted'";
// The user's granted apps, most recent grant first (index app_consents_user).
inline constexpr std::string_view kGrantedApps =
    "SELECT " PORTAL_CONSENT_COLUMNS ", " PORTAL_APP_COLUMNS " FROM app_consents c "
    "JOIN apps a ON a.tenant_id = c.tenant_id AND a.id = c.app_id "
    "WHERE c.tenant_id = $1 AND c.user_uuid = $2 AND c.decision = 'granted' ORDER BY c.decided_at DESC, c.app_id";

}  // namespace portal::apps::sql
