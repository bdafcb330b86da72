#include "domains/structure/structure_module.hpp"

namespace portal::structure {

Structure::Structure(Deps deps)
    : repository(deps.database),
      service(repository, deps.clock),
      admin(repository, service, deps.clock, std::move(deps.changed)) {}

std::unique_ptr<Structure> make_structure(Structure::Deps deps) { return std::make_unique<Structure>(std::move(deps)); }

}  // namespace portal::structure
