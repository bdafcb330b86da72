#pragma once
// Loading catalog files: `portal import-catalog FILE --tenant NAME` and the
// demo seed (data/catalog/demo-catalog.json into every tenant). Blocking.
#include <boost/system/result.hpp>
#include <filesystem>
#include <string>

#include "core/seed_guard.hpp"
#include "db/database.hpp"
#include "domains/catalog/catalog_types.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::catalog {

class CatalogService;

// Reads, parses, validates and upserts one file for one tenant (by name);
// prune deletes the tenant's articles and challenges absent from the file.
// The error is the message the command prints: it names the file, and the
// article and field at fault, or the tenant that does not exist.
boost::system::result<ImportCounts, std::string> import_catalog_file(db::Database& db, CatalogService& service,
                                                                     const std::filesystem::path& file,
                                                                     const std::string& tenant, bool prune = false);

// A catalog file into each of `tenants` (the demo's own: issue 74 item 3), when it exists (the demo seed:
// data/catalog/demo-catalog.json); with a guard (core/seed_guard.hpp) only into the tenants whose "catalog" it
// allows. Throws std::runtime_error naming the fault. Returns how many tenants got it.
int seed_catalog(db::Database& db, CatalogService& service, const std::filesystem::path& file,
                 const std::vector<tenants::Tenant>& tenants, core::SeedGuard* guard = nullptr);

}  // namespace portal::catalog
