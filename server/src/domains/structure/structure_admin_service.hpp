#pragma once
// Page structures from the console (issue 33 item 6, docs/structure.md "Versions"):
// list them, read a version, save a draft (a new version, checked by the seed's
// rules, structure_validation.hpp), publish a version (a roll back publishes an
// earlier one) and preview a draft as the structure call answers it for a guest
// or a subscriber (StructureService::evaluate). Every write runs `record` in its
// transaction (the staff audit entry). The instance that publishes reloads its
// tenants at once (`changed`); every other follows within its poll
// (tenants.config_version). Domain types and errors only. Blocking: call on the pool.
#include <boost/json/value.hpp>  // free-form: the structure tree (ConfigNode, recursive, props per component), edited whole
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/domain_error.hpp"
#include "db/database.hpp"
#include "domains/structure/structure_admin_types.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::structure {

class StructureRepository;
class StructureService;
class StructureTemplates;
enum class StructureKind;

enum class AdminErrorCode {
  invalid_field,
  structure_not_found,
  version_not_found,
  structure_exists,    // create or rename: the name is taken
  structure_required,  // home, header and footer are never renamed or deleted
};
using AdminError = core::DomainError<AdminErrorCode, AdminErrorCode::invalid_field>;
template <class T>
using AdminResult = boost::system::result<T, AdminError>;

// A write's before and after (for the audit entry and the answer).
struct StructureChange {
  std::optional<StructureSummary> before;
  StructureSummary after;
  VersionInfo version;  // the version saved or published
};

// Whom and what device a preview evaluates the structure for.
struct PreviewRequest {
  bool subscriber = false;            // false: a guest
  std::optional<int> max_rating;      // a subscriber's parental limit (never above the tenant's)
  std::optional<bool> is_desktop;     // nullopt: any device
  std::string os;                     // "" = any
  std::string lang;                   // "" = the tenant's default
  std::string at;                     // UTC time the schedules are read at; "" = now
};

// A structure to make in the console: its kind, the slug of a section, info or marketing page, its title.
struct NewStructure {
  StructureKind kind;
  std::string slug;                        // "" for home, header and footer
  std::optional<boost::json::value> title;  // a text or texts by language (default: the template's)
};

class StructureAdminService {
 public:
  using Record = std::function<void(db::Session&, const StructureChange&)>;
  using RecordRemoval = std::function<void(db::Session&, const StructureSummary&)>;

  StructureAdminService(StructureRepository& repository, const StructureService& structures,
                        const StructureTemplates& templates, const core::Clock& clock, std::function<void()> changed)
      : repository_(repository), structures_(structures), templates_(templates), clock_(clock), changed_(std::move(changed)) {}

  std::vector<StructureSummary> list(std::int64_t tenant_id);
  // A version (nullopt: the newest, the draft when one waits). structure_not_found, version_not_found.
  AdminResult<std::pair<StructureSummary, StructureVersion>> read(std::int64_t tenant_id, const std::string& name,
                                                                   std::optional<std::int64_t> version);
  AdminResult<std::vector<VersionInfo>> versions(std::int64_t tenant_id, const std::string& name);
  // A new version from a tree (not live until published). invalid_field (field "tree.<path>", "note"), structure_not_found.
  AdminResult<StructureChange> save_draft(std::int64_t tenant_id, const std::string& name, const boost::json::value& tree,
                                          const std::string& note, const std::string& author, const Record& record = {});
  // Makes a version the live one. structure_not_found, version_not_found.
  AdminResult<StructureChange> publish(std::int64_t tenant_id, const std::string& name, std::int64_t version,
                                       const std::string& author, const Record& record = {});
  // A new structure from its template (structure_templates.hpp), live at once as version 1: a section's,
  // info or marketing page shows only its title until an editor adds to it, and nothing links to it until the
  // header, the footer or a banner does. invalid_field ("kind", "slug", "title"), structure_exists.
  AdminResult<StructureChange> create(std::int64_t tenant_id, const NewStructure& input, const std::string& author,
                                      const Record& record = {});
  // Another slug for a section, info or marketing page (its kind stays); versions follow it. invalid_field
  // ("slug"), structure_not_found, structure_exists, structure_required (also for one of `in_use`: the header's or
  // the footer's structure the tenant's settings name, structure_pages.hpp page_chrome).
  AdminResult<StructureChange> rename(std::int64_t tenant_id, const std::string& name, const std::string& slug,
                                      const Record& record = {}, const std::vector<std::string>& in_use = {});
  // Deletes a structure with its versions: its page is "not found" from then on. structure_not_found,
  // structure_required (as rename).
  AdminResult<StructureSummary> remove(std::int64_t tenant_id, const std::string& name, const RecordRemoval& record = {},
                                       const std::vector<std::string>& in_use = {});
  // Publishes a version at a set time (UTC, "2026-12-01T08:00:00Z", after now): the structure's one schedule,
  // replacing one that waits. invalid_field ("at", "version"), structure_not_found, version_not_found.
  AdminResult<StructureChange> schedule(std::int64_t tenant_id, const std::string& name, std::int64_t version,
                                        const std::string& at, const std::string& author, const Record& record = {});
  // Cancels the schedule that waits. structure_not_found (also when none waits).
  AdminResult<StructureChange> unschedule(std::int64_t tenant_id, const std::string& name, const Record& record = {});
  // Publishes every due schedule of every tenant (any instance, each second: one claims each), each in its own
  // transaction with `record` (the audit entry, by the member who set it). Returns how many it published.
  // A schedule whose version is gone is dropped.
  using RecordScheduled = std::function<void(db::Session&, std::int64_t tenant_id, const StructureChange&, const ScheduledPublish&)>;
  int publish_due(const RecordScheduled& record = {});

  // The structure call's answer (a ConfigNode) for a tree: `tree` when given (checked
  // like a draft), else the newest version. invalid_field, structure_not_found.
  AdminResult<boost::json::value> preview(const tenants::Tenant& tenant, const std::string& name,
                                          const std::optional<boost::json::value>& tree, const PreviewRequest& request);

 private:
  StructureRepository& repository_;
  const StructureService& structures_;
  const StructureTemplates& templates_;
  const core::Clock& clock_;
  std::function<void()> changed_;
};

}  // namespace portal::structure
