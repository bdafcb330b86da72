#pragma once
// Versions of page structures (migration 0034): every save from the console is a
// version; the live tree (page_structures.tree) is the published one.
#include <cstdint>
#include <optional>
#include <string>

namespace portal::structure {

inline constexpr std::string_view kSeedAuthor = "seed";  // a version written from a structure file
// A version written from data/templates/structures (a new tenant's pages): the tenant's until an editor publishes.
inline constexpr std::string_view kTemplateAuthor = "template";

struct VersionInfo {
  std::int64_t version = 0;
  std::string note;
  std::string author;      // staff e-mail, or kSeedAuthor
  std::string created_at;  // ISO-8601 UTC
};

struct StructureVersion {
  VersionInfo info;
  std::string tree;  // JSON text
};

// A version waiting to be published at a set time (page_structure_schedules, migration 0057).
struct ScheduledPublish {
  std::int64_t version = 0;
  std::string at;  // UTC, "2026-12-01T08:00:00Z"
  std::string by;  // the member's e-mail who set it
};

// A structure as the console lists it: its live version and its newest one.
struct StructureSummary {
  std::string name;
  std::optional<std::int64_t> published_version;
  std::string published_by;
  std::string published_at;
  std::optional<VersionInfo> latest;  // the newest saved version
  std::optional<ScheduledPublish> scheduled;  // a version to publish at a set time
  // A draft waits when the newest version is not the published one.
  bool has_draft() const { return latest && (!published_version || latest->version != *published_version); }
};

}  // namespace portal::structure
