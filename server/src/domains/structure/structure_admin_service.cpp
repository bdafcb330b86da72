#include "domains/structure/structure_admin_service.hpp"

#include <boost/json.hpp>  // free-form: the structure tree (ConfigNode, recursive, props per component), edited whole
#include <algorithm>

#include "db/timestamp.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/structure/structure_repository.hpp"
#include "domains/structure/structure_rules.hpp"
#include "domains/structure/structure_service.hpp"
#include "domains/structure/structure_templates.hpp"
#include "domains/structure/structure_validation.hpp"

namespace portal::structure {

namespace json = boost::json;

namespace {

constexpr std::size_t kMaxNote = 500;

AdminError not_found(const std::string& name) {
  return AdminError::of(AdminErrorCode::structure_not_found, "Structure '" + name + "' not found");
}

AdminError version_missing(const std::string& name, std::int64_t version) {
  return AdminError::of(AdminErrorCode::version_not_found,
                        "Structure '" + name + "' has no version " + std::to_string(version));
}

// The tree checked by the seed's rules; its compact text.
AdminResult<std::string> checked_tree(const json::value& tree) {
  if (auto problem = validate_tree(tree)) {
    return AdminError::invalid(problem->path == "tree" ? "tree" : "tree." + problem->path, problem->reason);
  }
  std::string text = json::serialize(tree);
  if (text.size() > kMaxTreeBytes) {
    return AdminError::invalid("tree", "must be at most " + std::to_string(kMaxTreeBytes / 1024) + " KiB");
  }
  return text;
}

}  // namespace

std::vector<StructureSummary> StructureAdminService::list(std::int64_t tenant_id) { return repository_.summaries(tenant_id); }

AdminResult<std::pair<StructureSummary, StructureVersion>> StructureAdminService::read(
    std::int64_t tenant_id, const std::string& name, std::optional<std::int64_t> version) {
  std::optional<StructureSummary> summary;
  std::optional<StructureVersion> found;
  repository_.database().transaction([&](db::Session& s) {
    summary = StructureRepository::summary(s, tenant_id, name);
    if (!summary || !summary->latest) return;
    found = StructureRepository::version(s, tenant_id, name, version.value_or(summary->latest->version));
  });
  if (!summary || !summary->latest) return not_found(name);
  if (!found) return version_missing(name, version.value_or(0));
  return std::pair{std::move(*summary), std::move(*found)};
}

AdminResult<std::vector<VersionInfo>> StructureAdminService::versions(std::int64_t tenant_id, const std::string& name) {
  auto list = repository_.versions(tenant_id, name);
  if (list.empty()) return not_found(name);
  return list;
}

AdminResult<StructureChange> StructureAdminService::save_draft(std::int64_t tenant_id, const std::string& name,
                                                               const json::value& tree, const std::string& note,
                                                               const std::string& author, const Record& record) {
  if (note.size() > kMaxNote) return AdminError::invalid("note", "must be at most " + std::to_string(kMaxNote) + " characters");
  // A structure that does not exist is not found, whatever tree came with the call; then the rules.
  std::optional<StructureChange> change;
  std::optional<AdminError> refused;
  repository_.database().transaction([&](db::Session& s) {
    auto before = StructureRepository::summary(s, tenant_id, name);
    if (!before) return;
    auto text = checked_tree(tree);
    if (!text) {
      refused = text.error();
      return;
    }
    auto info = StructureRepository::add_version(s, tenant_id, name, *text, note, author, db::utc_timestamp(clock_.now()));
    auto after = StructureRepository::summary(s, tenant_id, name);
    change = StructureChange{std::move(before), std::move(*after), std::move(info)};
    if (record) record(s, *change);
  });
  if (refused) return std::move(*refused);
  if (!change) return not_found(name);
  return std::move(*change);
}

AdminResult<StructureChange> StructureAdminService::publish(std::int64_t tenant_id, const std::string& name,
                                                            std::int64_t version, const std::string& author,
                                                            const Record& record) {
  std::optional<StructureChange> change;
  bool structure_exists = false;
  repository_.database().transaction([&](db::Session& s) {
    auto before = StructureRepository::summary(s, tenant_id, name);
    if (!before) return;
    structure_exists = true;
    auto found = StructureRepository::version(s, tenant_id, name, version);
    if (!found) return;
    StructureRepository::publish(s, tenant_id, name, *found, author, db::utc_timestamp(clock_.now()));
    auto after = StructureRepository::summary(s, tenant_id, name);
    change = StructureChange{std::move(before), std::move(*after), found->info};
    if (record) record(s, *change);
  });
  if (!structure_exists) return not_found(name);
  if (!change) return version_missing(name, version);
  if (changed_) changed_();  // this instance serves it at once; the others follow their poll
  return std::move(*change);
}

AdminResult<StructureChange> StructureAdminService::create(std::int64_t tenant_id, const NewStructure& input,
                                                           const std::string& author, const Record& record) {
  auto name = structure_name(input.kind, input.slug);
  if (!name) return name.error();
  auto tree = templates_.tree_for(*name, input.title);
  auto text = checked_tree(tree);
  if (!text) {  // only the title can break a rule: the templates keep them
    const auto& e = text.error();
    return AdminError::invalid(e.field.starts_with("tree.data.title") ? "title" : e.field, e.reason);
  }
  std::optional<StructureChange> change;
  repository_.database().transaction([&](db::Session& s) {
    if (!StructureRepository::create(s, tenant_id, *name, *text, "created", author, db::utc_timestamp(clock_.now()))) return;
    auto after = StructureRepository::summary(s, tenant_id, *name);
    change = StructureChange{std::nullopt, *after, *after->latest};
    if (record) record(s, *change);
  });
  if (!change) return AdminError::of(AdminErrorCode::structure_exists, "Structure '" + *name + "' exists already");
  if (changed_) changed_();
  return std::move(*change);
}

namespace {

std::optional<AdminError> needed(const std::string& name, const std::vector<std::string>& in_use) {
  if (is_required(name))
    return AdminError::of(AdminErrorCode::structure_required, "Structure '" + name + "' is needed by the storefront");
  if (std::find(in_use.begin(), in_use.end(), name) != in_use.end())
    return AdminError::of(AdminErrorCode::structure_required,
                          "Structure '" + name + "' is the header or footer the settings name (settings.header.structure, "
                          "settings.footer.structure); choose another there first");
  return std::nullopt;
}

}  // namespace

AdminResult<StructureChange> StructureAdminService::rename(std::int64_t tenant_id, const std::string& name,
                                                           const std::string& slug, const Record& record,
                                                           const std::vector<std::string>& in_use) {
  if (auto refused = needed(name, in_use)) return std::move(*refused);
  auto to = structure_name(kind_of_name(name), slug);
  if (!to) return to.error();
  std::optional<StructureChange> change;
  const auto outcome = repository_.rename(tenant_id, name, *to, db::utc_timestamp(clock_.now()), [&](db::Session& s) {
    auto after = StructureRepository::summary(s, tenant_id, *to);
    StructureSummary before = *after;
    before.name = name;
    change = StructureChange{std::move(before), *after, after->latest.value_or(VersionInfo{})};
    if (record) record(s, *change);
  });
  switch (outcome) {
    case StructureRepository::Renamed::not_found: return not_found(name);
    case StructureRepository::Renamed::taken:
      return AdminError::of(AdminErrorCode::structure_exists, "Structure '" + *to + "' exists already");
    case StructureRepository::Renamed::renamed: break;
  }
  if (changed_) changed_();
  return std::move(*change);
}

AdminResult<StructureSummary> StructureAdminService::remove(std::int64_t tenant_id, const std::string& name,
                                                            const RecordRemoval& record, const std::vector<std::string>& in_use) {
  if (auto refused = needed(name, in_use)) return std::move(*refused);
  std::optional<StructureSummary> removed;
  repository_.database().transaction([&](db::Session& s) {
    auto before = StructureRepository::summary(s, tenant_id, name);
    if (!before || !StructureRepository::remove(s, tenant_id, name)) return;
    removed = std::move(before);
    if (record) record(s, *removed);
  });
  if (!removed) return not_found(name);
  if (changed_) changed_();
  return std::move(*removed);
}

AdminResult<StructureChange> StructureAdminService::schedule(std::int64_t tenant_id, const std::string& name,
                                                             std::int64_t version, const std::string& at,
                                                             const std::string& author, const Record& record) {
  if (!is_utc_time(at)) return AdminError::invalid("at", "must be a UTC time such as 2026-12-01T08:00:00Z");
  const std::string now = db::utc_timestamp(clock_.now());
  if (!(at > now)) return AdminError::invalid("at", "must be in the future (now it is " + now + ")");
  if (version < 1) return AdminError::invalid("version", "must be a version number");
  std::optional<StructureChange> change;
  bool structure_exists = false;
  repository_.database().transaction([&](db::Session& s) {
    auto before = StructureRepository::summary(s, tenant_id, name);
    if (!before) return;
    structure_exists = true;
    auto found = StructureRepository::version(s, tenant_id, name, version);
    if (!found) return;
    StructureRepository::set_schedule(s, tenant_id, name, ScheduledPublish{version, at, author}, now);
    auto after = StructureRepository::summary(s, tenant_id, name);
    change = StructureChange{std::move(before), std::move(*after), found->info};
    if (record) record(s, *change);
  });
  if (!structure_exists) return not_found(name);
  if (!change) return version_missing(name, version);
  return std::move(*change);
}

AdminResult<StructureChange> StructureAdminService::unschedule(std::int64_t tenant_id, const std::string& name,
                                                               const Record& record) {
  std::optional<StructureChange> change;
  repository_.database().transaction([&](db::Session& s) {
    auto before = StructureRepository::summary(s, tenant_id, name);
    if (!before || !before->scheduled) return;
    const std::int64_t version = before->scheduled->version;
    StructureRepository::remove_schedule(s, tenant_id, name);
    auto after = StructureRepository::summary(s, tenant_id, name);
    auto info = StructureRepository::version(s, tenant_id, name, version);
    change = StructureChange{std::move(before), std::move(*after), info ? info->info : VersionInfo{version, "", "", ""}};
    if (record) record(s, *change);
  });
  if (!change) return AdminError::of(AdminErrorCode::structure_not_found, "Structure '" + name + "' has no scheduled publish");
  return std::move(*change);
}

int StructureAdminService::publish_due(const RecordScheduled& record) {
  const std::string now = db::utc_timestamp(clock_.now());
  int published = 0;
  for (const auto& due : repository_.due_schedules(now, 20)) {
    bool done = false;
    repository_.database().transaction([&](db::Session& s) {
      done = false;  // a retried transaction decides again
      if (!StructureRepository::claim_schedule(s, due)) return;  // another instance has it
      auto before = StructureRepository::summary(s, due.tenant_id, due.name);
      auto found = StructureRepository::version(s, due.tenant_id, due.name, due.scheduled.version);
      if (!before || !found) return;  // the version is gone: the schedule goes with the claim
      StructureRepository::publish(s, due.tenant_id, due.name, *found, due.scheduled.by, now);
      auto after = StructureRepository::summary(s, due.tenant_id, due.name);
      StructureChange change{std::move(before), std::move(*after), found->info};
      if (record) record(s, due.tenant_id, change, due.scheduled);
      done = true;
    });
    if (done) ++published;
  }
  if (published > 0 && changed_) changed_();
  return published;
}

AdminResult<json::value> StructureAdminService::preview(const tenants::Tenant& tenant, const std::string& name,
                                                        const std::optional<json::value>& tree,
                                                        const PreviewRequest& request) {
  json::value root;
  if (tree) {
    auto text = checked_tree(*tree);
    if (!text) return text.error();
    root = *tree;
  } else {
    auto newest = read(tenant.id, name, std::nullopt);
    if (!newest) return newest.error();
    root = json::parse(newest->second.tree);
  }
  if (request.at.size() && !is_utc_time(request.at)) return AdminError::invalid("at", "must be a UTC time such as 2026-12-01T08:00:00Z");
  if (request.max_rating && (*request.max_rating < 0 || *request.max_rating > 1000)) {
    return AdminError::invalid("maxRating", "must be a whole number from 0 to 1000");
  }
  StructureQuery q;  // the structure call's defaults (parse_structure_query)
  q.lang = request.lang.empty() ? tenant_language(tenant) : request.lang;
  // A guest's rating window is the tenant's; a subscriber's follows an active parental limit.
  q.max_rating = parental_control::max_rating_for(tenant, request.subscriber ? request.max_rating : std::nullopt);
  q.is_desktop = request.is_desktop;
  q.os = request.os;
  q.now = request.at.empty() ? db::utc_timestamp(clock_.now()) : request.at;
  auto node = structures_.evaluate(tenant, std::move(root), name, "", q);
  if (!node) return AdminError::of(AdminErrorCode::structure_not_found, node.error().message);
  return std::move(*node);
}

}  // namespace portal::structure
