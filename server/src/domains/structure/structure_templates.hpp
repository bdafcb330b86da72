#pragma once
// The structures a tenant starts with, and the tree of a structure made in the console (issue 50 item 1;
// docs/tenants.md "A new tenant's structures"). The templates are files, data/templates/structures/<name>.json:
// the home page (a rail of the newest catalog items), the header (Home, Plans), the footer (legal notice,
// terms, privacy, plans) and the three legal pages, each in six languages; page.json is the blank page a
// section, an info page or a marketing page starts from. Every template keeps the seed's rules
// (structure_validation.hpp). Blocking (files, SQL): call at start-up or on the database pool.
#include <boost/json/value.hpp>  // free-form: a structure tree (ConfigNode, recursive), stored whole
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "domains/structure/structure_admin_service.hpp"

namespace portal::structure {

class StructureRepository;

// What a structure is to the storefront, by its name: home, header and footer by name; a section's page at
// /<name> (and /main/<name>); an info page "info-<slug>" at /info/<slug>; a marketing page "marketing-<slug>"
// at /marketing/<slug>.
enum class StructureKind { home, header, footer, section, info, marketing };

std::optional<StructureKind> structure_kind(std::string_view word);  // "home", "section", ...
StructureKind kind_of_name(std::string_view name);
// home, header and footer: the storefront needs them, so they are never renamed or deleted.
bool is_required(std::string_view name);
// The name of a structure of `kind` (the slug is for sections, info and marketing pages: lower-case letters,
// digits and dashes, at most 48). invalid_field "slug".
AdminResult<std::string> structure_name(StructureKind kind, const std::string& slug);

class StructureTemplates {
 public:
  explicit StructureTemplates(std::filesystem::path dir) : dir_(std::move(dir)) {}

  // The tree a new structure starts with: its own template when there is one (home, header, footer, the legal
  // pages), else the blank page; `title` (a text or texts by language) replaces the template's title.
  boost::json::value tree_for(std::string_view name, const std::optional<boost::json::value>& title) const;
  // Writes the template structures a tenant lacks, each published as version 1: every template for a new
  // tenant (`everything`), else only home, header and footer (a tenant made before templates, or one whose
  // files left them out). Never touches a structure that exists. Returns how many it wrote.
  int seed_missing(StructureRepository& repository, std::int64_t tenant_id, bool everything) const;

 private:
  std::filesystem::path dir_;
};

}  // namespace portal::structure
