#include "domains/structure/structure_repository.hpp"

#include "db/timestamp.hpp"
#include "domains/structure/structure_sql.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::structure {

namespace {

VersionInfo version_info(const db::Row& row, std::size_t first) {
  return VersionInfo{row.integer(first), row.text(first + 1), row.text(first + 2), row.text(first + 3)};
}

StructureSummary summary_of(const db::Row& row) {
  StructureSummary out;
  out.name = row.text(0);
  if (!row.is_null(1)) out.published_version = row.integer(1);
  out.published_by = row.optional_text(2).value_or("");
  out.published_at = row.optional_text(3).value_or("");
  if (!row.is_null(4)) out.latest = version_info(row, 4);
  return out;
}

}  // namespace

std::optional<std::string> StructureRepository::get(std::int64_t tenant_id, std::string_view name) {
  auto rows = db_.query(sql::kSelectTree, {tenant_id, std::string(name)});
  if (rows.empty()) return std::nullopt;
  return rows[0].text(0);
}

std::vector<std::string> StructureRepository::names(std::int64_t tenant_id) {
  std::vector<std::string> out;
  for (const db::Row& row : db_.query(sql::kSelectNames, {tenant_id})) out.push_back(row.text(0));
  return out;
}

bool StructureRepository::upsert(std::int64_t tenant_id, std::string_view name, std::string_view tree_json) {
  bool written = false;
  db_.transaction([&](db::Session& s) {
    const std::string at = db::utc_timestamp();
    auto live = s.query(sql::kSelectLive, {tenant_id, std::string(name)});
    if (live.empty()) {
      auto v = add_version(s, tenant_id, name, tree_json, "", kSeedAuthor, at);
      s.execute(sql::kInsertStructure, {tenant_id, std::string(name), std::string(tree_json), at, v.version,
                                        std::string(kSeedAuthor)});
      written = true;
    } else {
      const auto by = live[0].optional_text(1);
      if (live[0].text(0) == tree_json || (by && *by != kSeedAuthor)) return;  // unchanged, or the console's
      auto info = add_version(s, tenant_id, name, tree_json, "", kSeedAuthor, at);
      s.execute(sql::kPublish, {tenant_id, std::string(name), std::string(tree_json), at, info.version,
                                std::string(kSeedAuthor)});
      written = true;
    }
    tenants::raise_config_version(s, tenant_id);  // every instance's structure cache follows
  });
  return written;
}

std::vector<StructureSummary> StructureRepository::summaries(std::int64_t tenant_id) {
  std::vector<StructureSummary> out;
  for (const db::Row& row : db_.query(sql::kSelectSummaries, {tenant_id})) out.push_back(summary_of(row));
  return out;
}

std::optional<StructureSummary> StructureRepository::summary(db::Session& s, std::int64_t tenant_id, std::string_view name) {
  auto rows = s.query(sql::kSelectSummary, {tenant_id, std::string(name)});
  if (rows.empty()) return std::nullopt;
  return summary_of(rows[0]);
}

std::vector<VersionInfo> StructureRepository::versions(std::int64_t tenant_id, std::string_view name) {
  std::vector<VersionInfo> out;
  for (const db::Row& row : db_.query(sql::kSelectVersions, {tenant_id, std::string(name)})) out.push_back(version_info(row, 0));
  return out;
}

std::optional<StructureVersion> StructureRepository::version(db::Session& s, std::int64_t tenant_id, std::string_view name,
                                                             std::int64_t version) {
  auto rows = s.query(sql::kSelectVersion, {tenant_id, std::string(name), version});
  if (rows.empty()) return std::nullopt;
  return StructureVersion{version_info(rows[0], 0), rows[0].text(4)};
}

std::optional<StructureVersion> StructureRepository::version(std::int64_t tenant_id, std::string_view name,
                                                             std::int64_t version) {
  std::optional<StructureVersion> out;
  db_.transaction([&](db::Session& s) { out = StructureRepository::version(s, tenant_id, name, version); });
  return out;
}

VersionInfo StructureRepository::add_version(db::Session& s, std::int64_t tenant_id, std::string_view name,
                                             std::string_view tree_json, std::string_view note, std::string_view author,
                                             std::string_view at) {
  const std::int64_t next = s.query(sql::kNextVersion, {tenant_id, std::string(name)})[0].integer(0);
  s.execute(sql::kInsertVersion, {tenant_id, std::string(name), next, std::string(tree_json), std::string(note),
                                  std::string(author), std::string(at)});
  return VersionInfo{next, std::string(note), std::string(author), std::string(at)};
}

void StructureRepository::publish(db::Session& s, std::int64_t tenant_id, std::string_view name,
                                  const StructureVersion& version, std::string_view by, std::string_view at) {
  s.execute(sql::kPublish, {tenant_id, std::string(name), version.tree, std::string(at), version.info.version,
                            std::string(by)});
  tenants::raise_config_version(s, tenant_id);  // every instance's structure cache follows
}

}  // namespace portal::structure
