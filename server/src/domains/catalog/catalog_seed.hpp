#pragma once
// Loading catalog files: `portal import-catalog FILE --tenant NAME` and the
// demo seed (data/catalog/demo-catalog.json into every tenant). Blocking.
#include <filesystem>
#include <string>

#include "core/error.hpp"
#include "db/database.hpp"
#include "domains/catalog/catalog_types.hpp"

namespace portal::catalog {

class CatalogService;

// Reads, parses, validates and upserts one file for one tenant (by name);
// prune deletes the tenant's articles and challenges absent from the file.
// Errors name the file, and the article and field at fault.
core::Result<ImportCounts> import_catalog_file(db::Database& db, CatalogService& service,
                                              const std::filesystem::path& file, const std::string& tenant,
                                              bool prune = false);

// A catalog file into every tenant, when it exists (the demo seed:
// data/catalog/demo-catalog.json). Throws std::runtime_error naming the
// fault. Returns how many tenants got it.
int seed_catalog(db::Database& db, CatalogService& service, const std::filesystem::path& file);

}  // namespace portal::catalog
