#pragma once
// Page structure trees (JSON text) by tenant and name, and their versions
// (structure_admin_types.hpp). Blocking: call from the database pool. The
// Session forms write inside a caller's transaction (with its audit entry).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"
#include "domains/structure/structure_admin_types.hpp"

namespace portal::structure {

class StructureRepository {
 public:
  explicit StructureRepository(db::Database& db) : db_(db) {}

  db::Database& database() { return db_; }

  // The live (published) tree.
  std::optional<std::string> get(std::int64_t tenant_id, std::string_view name);
  std::vector<std::string> names(std::int64_t tenant_id);
  // The seed's write: a structure file's tree becomes a new published version
  // when the structure is new or its live version came from a file too (a tree
  // published from the console is left alone). Returns true when it wrote.
  bool upsert(std::int64_t tenant_id, std::string_view name, std::string_view tree_json);

  std::vector<StructureSummary> summaries(std::int64_t tenant_id);
  static std::optional<StructureSummary> summary(db::Session& s, std::int64_t tenant_id, std::string_view name);
  std::vector<VersionInfo> versions(std::int64_t tenant_id, std::string_view name);
  static std::optional<StructureVersion> version(db::Session& s, std::int64_t tenant_id, std::string_view name,
                                                 std::int64_t version);
  std::optional<StructureVersion> version(std::int64_t tenant_id, std::string_view name, std::int64_t version);

  // A new version (the next number); returns it.
  static VersionInfo add_version(db::Session& s, std::int64_t tenant_id, std::string_view name, std::string_view tree_json,
                                 std::string_view note, std::string_view author, std::string_view at);
  // A new structure whose version 1 (this tree) is live; raises the tenant's config_version. False (nothing
  // written) when the name is taken.
  static bool create(db::Session& s, std::int64_t tenant_id, std::string_view name, std::string_view tree_json,
                     std::string_view note, std::string_view author, std::string_view at);
  // Moves a structure and its versions to another name in one transaction, running `also` in it (the audit
  // entry) and raising the tenant's config_version. The database's unique key decides a name taken meanwhile.
  enum class Renamed { renamed, not_found, taken };
  Renamed rename(std::int64_t tenant_id, std::string_view from, std::string_view to, std::string_view at,
                 const std::function<void(db::Session&)>& also);
  // Deletes a structure with its versions; false when there was none.
  static bool remove(db::Session& s, std::int64_t tenant_id, std::string_view name);

  // Publish at a set time: sets (or replaces) the structure's one schedule; removes it (false: there was none).
  static void set_schedule(db::Session& s, std::int64_t tenant_id, std::string_view name, const ScheduledPublish& p,
                           std::string_view now);
  static bool remove_schedule(db::Session& s, std::int64_t tenant_id, std::string_view name);
  // Due schedules of every tenant: (tenant, structure, schedule), oldest first.
  struct Due {
    std::int64_t tenant_id = 0;
    std::string name;
    ScheduledPublish scheduled;
  };
  std::vector<Due> due_schedules(std::string_view now, std::int64_t limit);
  // Takes a due schedule away while it is still what was read: true for the one caller that wins.
  static bool claim_schedule(db::Session& s, const Due& due);

  // Makes a version's tree the live one and raises the tenant's config_version,
  // so every instance's structure cache follows.
  static void publish(db::Session& s, std::int64_t tenant_id, std::string_view name, const StructureVersion& version,
                      std::string_view by, std::string_view at);

 private:
  db::Database& db_;
};

}  // namespace portal::structure
