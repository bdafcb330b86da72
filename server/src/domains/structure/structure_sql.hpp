#pragma once
// SQL of the structure domain. Every statement is scoped by tenant_id ($1).
#include <string_view>

namespace portal::structure::sql {

inline constexpr std::string_view kSelectTree =
    "SELECT tree FROM page_structures WHERE tenant_id = $1 AND name = $2";

inline constexpr std::string_view kSelectNames =
    "SELECT name FROM page_structures WHERE tenant_id = $1 ORDER BY name";

// The seed's view of a structure: its live tree and who published it.
inline constexpr std::string_view kSelectLive =
    "SELECT tree, published_by FROM page_structures WHERE tenant_id = $1 AND name = $2";

inline constexpr std::string_view kInsertStructure =
    "INSERT INTO page_structures (tenant_id, name, tree, updated_at, published_version, published_by, published_at)"
    " VALUES ($1, $2, $3, $4, $5, $6, $4)";

// The live tree becomes a version's: the storefront reads it (structure_repository get).
inline constexpr std::string_view kPublish =
    "UPDATE page_structures SET tree = $3, updated_at = $4, published_version = $5, published_by = $6, published_at = $4"
    " WHERE tenant_id = $1 AND name = $2";

// A StructureSummary (structure_repository.cpp): the structure's name and live version, then the
// newest version's version, note, author, created_at (latest_*: null when it has none), then the version waiting
// to be published at a set time: its version, time and who set it (scheduled_*: null when none waits).
#define PORTAL_SELECT_SUMMARIES                                                                                  \
  "SELECT s.name, s.published_version, s.published_by, s.published_at, v.version AS latest_version,"             \
  " v.note AS latest_note, v.author AS latest_author, v.created_at AS latest_created_at,"                        \
  " sc.version AS scheduled_version, sc.publish_at AS scheduled_at, sc.scheduled_by"                             \
  " FROM page_structures s LEFT JOIN page_structure_versions v ON v.tenant_id = s.tenant_id AND v.name = s.name" \
  " AND v.version = (SELECT MAX(m.version) FROM page_structure_versions m WHERE m.tenant_id = s.tenant_id AND "  \
  "m.name = s.name)"                                                                                             \
  " LEFT JOIN page_structure_schedules sc ON sc.tenant_id = s.tenant_id AND sc.name = s.name"
inline constexpr std::string_view kSelectSummaries = PORTAL_SELECT_SUMMARIES " WHERE s.tenant_id = $1 ORDER BY s.name";
inline constexpr std::string_view kSelectSummary = PORTAL_SELECT_SUMMARIES " WHERE s.tenant_id = $1 AND s.name = $2";

inline constexpr std::string_view kSelectVersions =
    "SELECT version, note, author, created_at FROM page_structure_versions WHERE tenant_id = $1 AND name = $2"
    " ORDER BY version DESC";

inline constexpr std::string_view kSelectVersion =
    "SELECT version, note, author, created_at, tree FROM page_structure_versions"
    " WHERE tenant_id = $1 AND name = $2 AND version = $3";

inline constexpr std::string_view kNextVersion =
    "SELECT COALESCE(MAX(version), 0) + 1 FROM page_structure_versions WHERE tenant_id = $1 AND name = $2";

inline constexpr std::string_view kInsertVersion =
    "INSERT INTO page_structure_versions (tenant_id, name, version, tree, note, author, created_at)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7)";

// A structure made from a template or in the console: its first version is the live one. Nothing when the
// name is taken (a concurrent create, or one that exists).
inline constexpr std::string_view kCreateStructure =
    "INSERT INTO page_structures (tenant_id, name, tree, updated_at, published_version, published_by, published_at)"
    " VALUES ($1, $2, $3, $4, 1, $5, $4) ON CONFLICT (tenant_id, name) DO NOTHING";

// A rename moves the structure and its versions; the unique key refuses a name that is taken.
inline constexpr std::string_view kRenameStructure =
    "UPDATE page_structures SET name = $3, updated_at = $4 WHERE tenant_id = $1 AND name = $2";
inline constexpr std::string_view kRenameVersions =
    "UPDATE page_structure_versions SET name = $3 WHERE tenant_id = $1 AND name = $2";

// The trees of a renamed structure, whose root carries its name: the live one, then each version's.
inline constexpr std::string_view kSetLiveTree = "UPDATE page_structures SET tree = $3 WHERE tenant_id = $1 AND name = $2";
inline constexpr std::string_view kVersionTrees =
    "SELECT version, tree FROM page_structure_versions WHERE tenant_id = $1 AND name = $2";
inline constexpr std::string_view kSetVersionTree =
    "UPDATE page_structure_versions SET tree = $4 WHERE tenant_id = $1 AND name = $2 AND version = $3";

// Publish at a set time (migration 0057): one schedule per structure, a new one replaces it.
inline constexpr std::string_view kUpsertSchedule =
    "INSERT INTO page_structure_schedules (tenant_id, name, version, publish_at, scheduled_by, created_at)"
    " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant_id, name) DO UPDATE SET version = excluded.version,"
    " publish_at = excluded.publish_at, scheduled_by = excluded.scheduled_by, created_at = excluded.created_at";
inline constexpr std::string_view kDeleteSchedule =
    "DELETE FROM page_structure_schedules WHERE tenant_id = $1 AND name = $2";
inline constexpr std::string_view kRenameSchedule =
    "UPDATE page_structure_schedules SET name = $3 WHERE tenant_id = $1 AND name = $2";
// The schedules whose time has come (every tenant), oldest first. $1 now, $2 limit.
inline constexpr std::string_view kDueSchedules =
    "SELECT tenant_id, name, version AS scheduled_version, publish_at AS scheduled_at, scheduled_by"
    " FROM page_structure_schedules WHERE publish_at <= $1"
    " ORDER BY publish_at LIMIT $2";
// The claim of a due schedule: it goes while it still is what was read (one instance wins).
inline constexpr std::string_view kClaimSchedule =
    "DELETE FROM page_structure_schedules WHERE tenant_id = $1 AND name = $2 AND version = $3 AND publish_at = $4";

inline constexpr std::string_view kDeleteStructure = "DELETE FROM page_structures WHERE tenant_id = $1 AND name = $2";
inline constexpr std::string_view kDeleteVersions = "DELETE FROM page_structure_versions WHERE tenant_id = $1 AND name = $2";

}  // namespace portal::structure::sql
