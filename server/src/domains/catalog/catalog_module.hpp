#pragma once
// The catalog as the composition root assembles it (app/app.cpp): the articles and their lists, signed media URLs
// that live so long, and the console's catalog.
#include <chrono>
#include <filesystem>
#include <memory>

#include "core/seed_guard.hpp"
#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "domains/catalog/catalog_admin_repository.hpp"
#include "domains/catalog/catalog_admin_service.hpp"
#include "domains/catalog/catalog_file_service.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/catalog/catalog_service.hpp"

namespace portal::catalog {

struct Catalog {
  struct Deps {
    db::Database& database;
    const core::Clock& clock;
    std::chrono::seconds media_url_ttl;
    std::size_t search_index_cap = kSearchIndexCap;  // bytes, every tenant's search index together
    // The read handle of the storefront's catalog and search (db/read_database.hpp; null: `database`).
    db::Database* reads = nullptr;
  };
  explicit Catalog(Deps deps);

  // The demo catalog from its file; logs how many tenants got one. Throws on a broken file.
  void seed_demo(db::Database& database, const std::filesystem::path& file, const std::vector<tenants::Tenant>& tenants,
                 core::SeedGuard* guard = nullptr);

  CatalogRepository repository;
  admin::AdminRepository admin_repository;
  CatalogService service;
  admin::AdminService admin;
  file::FileService files;  // the catalog as a file (issue 78 item 2)
};

std::unique_ptr<Catalog> make_catalog(Catalog::Deps deps);

}  // namespace portal::catalog
