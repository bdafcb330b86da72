#include "domains/structure/structure_repository.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>  // free-form: a structure tree, whose root names it

#include "db/row_reads.hpp"
#include "db/timestamp.hpp"
#include "domains/structure/structure_sql.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::structure {

BOOST_DESCRIBE_STRUCT(VersionInfo, (), (version, note, author, created_at))
BOOST_DESCRIBE_STRUCT(StructureVersion, (), (info, tree))
BOOST_DESCRIBE_STRUCT(ScheduledPublish, (), (version, at, by))
BOOST_DESCRIBE_STRUCT(StructureSummary, (), (name, published_version, published_by, published_at, latest, scheduled))

namespace {
// A due schedule of sql::kDueSchedules.
struct DueRow {
  std::int64_t tenant_id = 0;
  std::string name;
  ScheduledPublish scheduled;
};
BOOST_DESCRIBE_STRUCT(DueRow, (), (tenant_id, name, scheduled))
}  // namespace

namespace {

// The columns of sql::kSelectLive.
struct LiveRow {
  std::string tree;
  std::optional<std::string> published_by;
};
BOOST_DESCRIBE_STRUCT(LiveRow, (), (tree, published_by))

// The columns of sql::kVersionTrees.
struct VersionTreeRow {
  std::int64_t version = 0;
  std::string tree;
};
BOOST_DESCRIBE_STRUCT(VersionTreeRow, (), (version, tree))

// A tree whose root names structure `from` (and, a blank page's, takes it as its id too), named `to`.
std::string renamed_tree(const std::string& tree, std::string_view from, std::string_view to) {
  boost::system::error_code ec;
  auto doc = boost::json::parse(tree, ec);
  if (ec || !doc.is_object()) return tree;
  auto& root = doc.as_object();
  root["name"] = boost::json::string(to);
  if (const auto* id = root.if_contains("id"); id && id->is_string() && id->as_string() == from) root["id"] = boost::json::string(to);
  return boost::json::serialize(doc);
}

}  // namespace

std::optional<std::string> StructureRepository::get(std::int64_t tenant_id, std::string_view name) {
  return db::read_value<std::string>(db_.query(sql::kSelectTree, {tenant_id, std::string(name)}));
}

std::vector<std::string> StructureRepository::names(std::int64_t tenant_id) {
  return db::read_values<std::string>(db_.query(sql::kSelectNames, {tenant_id}));
}

bool StructureRepository::upsert(std::int64_t tenant_id, std::string_view name, std::string_view tree_json) {
  bool written = false;
  db_.transaction([&](db::Session& s) {
    const std::string at = db::utc_timestamp();
    const auto live = db::read_first<LiveRow>(s.query(sql::kSelectLive, {tenant_id, std::string(name)}));
    if (!live) {
      auto v = add_version(s, tenant_id, name, tree_json, "", kSeedAuthor, at);
      s.execute(sql::kInsertStructure, {tenant_id, std::string(name), std::string(tree_json), at, v.version,
                                        std::string(kSeedAuthor)});
      written = true;
    } else {
      const auto& by = live->published_by;
      // Unchanged, or the console's (a template's page is the seed's to replace, as its own).
      if (live->tree == tree_json || (by && *by != kSeedAuthor && *by != kTemplateAuthor)) return;
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
  return db::read_rows<StructureSummary>(db_.query(sql::kSelectSummaries, {tenant_id}));
}

std::optional<StructureSummary> StructureRepository::summary(db::Session& s, std::int64_t tenant_id, std::string_view name) {
  return db::read_first<StructureSummary>(s.query(sql::kSelectSummary, {tenant_id, std::string(name)}));
}

std::vector<VersionInfo> StructureRepository::versions(std::int64_t tenant_id, std::string_view name) {
  return db::read_rows<VersionInfo>(db_.query(sql::kSelectVersions, {tenant_id, std::string(name)}));
}

std::optional<StructureVersion> StructureRepository::version(db::Session& s, std::int64_t tenant_id, std::string_view name,
                                                             std::int64_t version) {
  return db::read_first<StructureVersion>(s.query(sql::kSelectVersion, {tenant_id, std::string(name), version}));
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
  const std::int64_t next =
      db::read_value<std::int64_t>(s.query(sql::kNextVersion, {tenant_id, std::string(name)})).value_or(1);
  s.execute(sql::kInsertVersion, {tenant_id, std::string(name), next, std::string(tree_json), std::string(note),
                                  std::string(author), std::string(at)});
  return VersionInfo{next, std::string(note), std::string(author), std::string(at)};
}

bool StructureRepository::create(db::Session& s, std::int64_t tenant_id, std::string_view name, std::string_view tree_json,
                                 std::string_view note, std::string_view author, std::string_view at) {
  if (s.execute(sql::kCreateStructure, {tenant_id, std::string(name), std::string(tree_json), std::string(at),
                                        std::string(author)}) == 0) {
    return false;
  }
  add_version(s, tenant_id, name, tree_json, note, author, at);  // version 1: a deleted name left no versions
  tenants::raise_config_version(s, tenant_id);
  return true;
}

StructureRepository::Renamed StructureRepository::rename(std::int64_t tenant_id, std::string_view from, std::string_view to,
                                                         std::string_view at, const std::function<void(db::Session&)>& also) {
  Renamed out = Renamed::renamed;
  try {
    db_.transaction([&](db::Session& s) {
      if (!db::read_first<LiveRow>(s.query(sql::kSelectLive, {tenant_id, std::string(from)}))) {
        out = Renamed::not_found;
        return;
      }
      if (db::read_first<LiveRow>(s.query(sql::kSelectLive, {tenant_id, std::string(to)}))) {
        out = Renamed::taken;
        return;
      }
      s.execute(sql::kRenameStructure, {tenant_id, std::string(from), std::string(to), std::string(at)});
      s.execute(sql::kRenameVersions, {tenant_id, std::string(from), std::string(to)});
      s.execute(sql::kRenameSchedule, {tenant_id, std::string(from), std::string(to)});
      // The root of each tree names the structure: the live tree and every version follow (a rollback to an
      // older version brings back the new name, not the old one).
      if (auto live = db::read_first<LiveRow>(s.query(sql::kSelectLive, {tenant_id, std::string(to)})))
        s.execute(sql::kSetLiveTree, {tenant_id, std::string(to), renamed_tree(live->tree, from, to)});
      for (const auto& r : db::read_rows<VersionTreeRow>(s.query(sql::kVersionTrees, {tenant_id, std::string(to)})))
        s.execute(sql::kSetVersionTree, {tenant_id, std::string(to), r.version, renamed_tree(r.tree, from, to)});
      if (also) also(s);
      tenants::raise_config_version(s, tenant_id);
    });
  } catch (const db::ConstraintError&) {  // another call took the name between the look and the update
    return Renamed::taken;
  }
  return out;
}

void StructureRepository::set_schedule(db::Session& s, std::int64_t tenant_id, std::string_view name,
                                       const ScheduledPublish& p, std::string_view now) {
  s.execute(sql::kUpsertSchedule, {tenant_id, std::string(name), p.version, p.at, p.by, std::string(now)});
}

bool StructureRepository::remove_schedule(db::Session& s, std::int64_t tenant_id, std::string_view name) {
  return s.execute(sql::kDeleteSchedule, {tenant_id, std::string(name)}) > 0;
}

std::vector<StructureRepository::Due> StructureRepository::due_schedules(std::string_view now, std::int64_t limit) {
  std::vector<Due> out;
  for (auto& row : db::read_rows<DueRow>(db_.query(sql::kDueSchedules, {std::string(now), limit})))
    out.push_back(Due{row.tenant_id, std::move(row.name), std::move(row.scheduled)});
  return out;
}

bool StructureRepository::claim_schedule(db::Session& s, const Due& due) {
  return s.execute(sql::kClaimSchedule, {due.tenant_id, due.name, due.scheduled.version, due.scheduled.at}) == 1;
}

bool StructureRepository::remove(db::Session& s, std::int64_t tenant_id, std::string_view name) {
  if (s.execute(sql::kDeleteStructure, {tenant_id, std::string(name)}) == 0) return false;
  s.execute(sql::kDeleteVersions, {tenant_id, std::string(name)});
  s.execute(sql::kDeleteSchedule, {tenant_id, std::string(name)});
  tenants::raise_config_version(s, tenant_id);
  return true;
}

void StructureRepository::publish(db::Session& s, std::int64_t tenant_id, std::string_view name,
                                  const StructureVersion& version, std::string_view by, std::string_view at) {
  s.execute(sql::kPublish, {tenant_id, std::string(name), version.tree, std::string(at), version.info.version,
                            std::string(by)});
  tenants::raise_config_version(s, tenant_id);  // every instance's structure cache follows
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(LiveRow, sql::kSelectLive);
PORTAL_ROW_READS(VersionTreeRow, sql::kVersionTrees);
PORTAL_ROW_READS(StructureSummary, sql::kSelectSummaries);
PORTAL_ROW_READS(StructureSummary, sql::kSelectSummary);
PORTAL_ROW_READS(VersionInfo, sql::kSelectVersions);
PORTAL_ROW_READS(StructureVersion, sql::kSelectVersion);
PORTAL_ROW_READS(DueRow, sql::kDueSchedules);
}  // namespace portal::structure
