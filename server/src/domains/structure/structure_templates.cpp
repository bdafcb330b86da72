#include "domains/structure/structure_templates.hpp"

#include <algorithm>
#include <boost/json.hpp>  // free-form: structure trees, stored whole
#include <stdexcept>

#include "core/json_file.hpp"
#include "db/timestamp.hpp"
#include "domains/structure/structure_repository.hpp"
#include "domains/structure/structure_validation.hpp"

namespace portal::structure {
namespace json = boost::json;

namespace {

constexpr std::string_view kInfoPrefix = "info-";
constexpr std::string_view kMarketingPrefix = "marketing-";
constexpr std::size_t kMaxSlug = 48;
constexpr std::string_view kBlankPage = "page";

bool slug_ok(std::string_view slug) {
  if (slug.empty() || slug.size() > kMaxSlug || slug.front() == '-' || slug.back() == '-') return false;
  for (char c : slug) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  }
  return true;
}

// A template file's tree; a broken one is the build's fault: it stops the caller with the file's name.
json::value read_template(const std::filesystem::path& file) {
  auto tree = core::read_json_file(file);
  if (!tree) throw std::runtime_error(tree.error().message);
  if (auto problem = validate_tree(*tree)) throw std::runtime_error(file.string() + ": " + problem->path + " " + problem->reason);
  return std::move(*tree);
}

}  // namespace

std::optional<StructureKind> structure_kind(std::string_view word) {
  if (word == "home") return StructureKind::home;
  if (word == "header") return StructureKind::header;
  if (word == "footer") return StructureKind::footer;
  if (word == "section") return StructureKind::section;
  if (word == "info") return StructureKind::info;
  if (word == "marketing") return StructureKind::marketing;
  return std::nullopt;
}

StructureKind kind_of_name(std::string_view name) {
  if (name == "home") return StructureKind::home;
  if (name == "header") return StructureKind::header;
  if (name == "footer") return StructureKind::footer;
  if (name.starts_with(kInfoPrefix)) return StructureKind::info;
  if (name.starts_with(kMarketingPrefix)) return StructureKind::marketing;
  return StructureKind::section;
}

bool is_required(std::string_view name) { return name == "home" || name == "header" || name == "footer"; }

AdminResult<std::string> structure_name(StructureKind kind, const std::string& slug) {
  // The three required structures are their kind's one name; the others are named by their slug.
  if (kind == StructureKind::home) return std::string("home");
  if (kind == StructureKind::header) return std::string("header");
  if (kind == StructureKind::footer) return std::string("footer");
  if (!slug_ok(slug)) {
    return AdminError::invalid("slug", "must be 1 to 48 lower-case letters, digits and dashes, not starting or ending with a dash");
  }
  if (kind == StructureKind::info) return std::string(kInfoPrefix) + slug;
  if (kind == StructureKind::marketing) return std::string(kMarketingPrefix) + slug;
  // A section's name is its path: it must not read as another kind's.
  if (is_required(slug) || slug.starts_with(kInfoPrefix) || slug.starts_with(kMarketingPrefix) || slug == kBlankPage) {
    return AdminError::invalid("slug", "is the name of another kind of structure");
  }
  return slug;
}

json::value StructureTemplates::tree_for(std::string_view name, const std::optional<json::value>& title) const {
  const auto own = dir_ / (std::string(name) + ".json");
  const bool blank = name == kBlankPage || !std::filesystem::exists(own);
  json::value tree = read_template(blank ? dir_ / (std::string(kBlankPage) + ".json") : own);
  auto& root = tree.as_object();
  root["name"] = json::string(name);
  if (blank) root["id"] = json::string(name);
  if (title) root["data"].as_object()["title"] = *title;
  return tree;
}

int StructureTemplates::seed_missing(StructureRepository& repository, std::int64_t tenant_id, bool everything) const {
  // Every start asks this of every tenant: one query for the names it has; a template file is read, and a
  // transaction opened, only when something is missing (a tenant that has its pages costs no file and no write).
  const auto have = repository.names(tenant_id);
  std::vector<std::pair<std::string, std::string>> missing;  // name, tree
  for (const auto& file : core::json_files(dir_)) {
    const std::string name = file.stem().string();
    if (name == kBlankPage || !(everything || is_required(name))) continue;
    if (std::find(have.begin(), have.end(), name) != have.end()) continue;
    missing.emplace_back(name, json::serialize(tree_for(name, std::nullopt)));
  }
  if (missing.empty()) return 0;
  int written = 0;
  repository.database().transaction([&](db::Session& s) {
    const std::string at = db::utc_timestamp();
    for (const auto& [name, tree] : missing)
      if (StructureRepository::create(s, tenant_id, name, tree, "", kTemplateAuthor, at)) ++written;  // raced: kept
  });
  return written;
}

}  // namespace portal::structure
