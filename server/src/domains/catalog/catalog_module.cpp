#include "domains/catalog/catalog_module.hpp"

#include "core/log.hpp"
#include "domains/catalog/catalog_seed.hpp"

namespace portal::catalog {

Catalog::Catalog(Deps deps)
    : repository(deps.reads ? *deps.reads : deps.database),  // its search reads through it too
      admin_repository(deps.database),
      service(repository, deps.clock, deps.media_url_ttl, deps.search_index_cap),
      admin(repository, admin_repository, deps.clock),
      files(repository, admin_repository, deps.clock) {}

void Catalog::seed_demo(db::Database& database, const std::filesystem::path& file,
                        const std::vector<tenants::Tenant>& tenants, core::SeedGuard* guard) {
  if (int n = seed_catalog(database, service, file, tenants, guard))
    core::log_json(spdlog::level::info, "demo catalog loaded", {{"tenants", n}});
}

std::unique_ptr<Catalog> make_catalog(Catalog::Deps deps) { return std::make_unique<Catalog>(deps); }

}  // namespace portal::catalog
