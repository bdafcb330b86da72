#include "domains/structure/structure_module.hpp"

namespace portal::structure {

Structure::Structure(Deps deps)
    : repository(deps.reads ? *deps.reads : deps.database),
      service(repository, deps.clock),
      templates(std::move(deps.templates_dir)),
      admin(repository, service, templates, deps.clock, std::move(deps.changed)) {}

std::unique_ptr<Structure> make_structure(Structure::Deps deps) { return std::make_unique<Structure>(std::move(deps)); }

}  // namespace portal::structure
