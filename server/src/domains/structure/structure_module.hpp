#pragma once
// Page structures as the composition root assembles them (app/app.cpp): the tenants' trees, and the console's
// edits, whose publish raises the tenant's version like a settings change.
#include <filesystem>
#include <functional>
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/structure/structure_admin_service.hpp"
#include "domains/structure/structure_repository.hpp"
#include "domains/structure/structure_service.hpp"
#include "domains/structure/structure_templates.hpp"

namespace portal::structure {

struct Structure {
  struct Deps {
    db::Database& database;
    const core::Clock& clock;
    std::function<void()> changed;  // this instance reloads its tenants after a publish
    std::filesystem::path templates_dir;  // data/templates/structures
    // The read handle of the storefront's structures (db/read_database.hpp; null: `database`).
    db::Database* reads = nullptr;
  };
  explicit Structure(Deps deps);

  StructureRepository repository;
  StructureService service;
  StructureTemplates templates;
  StructureAdminService admin;
};

std::unique_ptr<Structure> make_structure(Structure::Deps deps);

}  // namespace portal::structure
