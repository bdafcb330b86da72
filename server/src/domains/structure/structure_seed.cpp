#include "domains/structure/structure_seed.hpp"

#include <boost/json.hpp>  // free-form: data/structures/<tenant>/*.json, structure trees stored whole
#include <stdexcept>

#include "core/json_file.hpp"
#include "domains/structure/structure_repository.hpp"
#include "domains/structure/structure_validation.hpp"

namespace portal::structure {
namespace json = boost::json;

int seed_structures(db::Database& db, const std::filesystem::path& data_dir, const std::vector<tenants::Tenant>& tenants) {
  StructureRepository structures(db);
  int n = 0;
  for (const auto& t : tenants) {
    for (const auto& file : core::json_files(data_dir / "structures" / t.name)) {
      auto tree = core::read_json_file(file);  // seed files are part of the build: a broken one stops the start-up
      if (!tree) throw std::runtime_error(tree.error().message);
      if (!tree->is_object()) throw std::runtime_error(file.string() + ": a structure must be a JSON object");
      // The console's drafts keep the same rules (structure_admin_service.cpp).
      if (auto problem = validate_tree(*tree)) throw std::runtime_error(file.string() + ": " + problem->path + " " + problem->reason);
      // Stored compact: re-seeding a file that only changed its layout is a no-op.
      structures.upsert(t.id, file.stem().string(), json::serialize(*tree));
      ++n;
    }
  }
  return n;
}

}  // namespace portal::structure
