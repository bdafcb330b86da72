// The demo structures seed after the tenants, twice without change.
#include "domains/structure/structure_seed.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "db/migrations.hpp"
#include "domains/structure/structure_repository.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "domains/tenants/tenants_seed.hpp"

namespace portal::structure {
namespace {

namespace fs = std::filesystem;

fs::path seed_data_dir() { return fs::path(PORTAL_SOURCE_DIR).parent_path() / "data"; }

// Seeds twice into a migrated database and checks that the second run changes no row.
void seeds_twice_without_change(db::Database& db) {
  tenants::seed_tenants(db, seed_data_dir());
  const auto all = tenants::TenantsRepository(db).load_all();
  const int seeded = seed_structures(db, seed_data_dir(), all);
  auto before = db.query("SELECT tenant_id, name, updated_at FROM page_structures ORDER BY 1, 2");
  seed_structures(db, seed_data_dir(), all);
  auto after = db.query("SELECT tenant_id, name, updated_at FROM page_structures ORDER BY 1, 2");
  ASSERT_EQ(before.size(), after.size());
  EXPECT_EQ(static_cast<int>(before.size()), seeded);
  std::size_t files = 0;  // one structure per JSON file of every tenant folder
  for (const auto& tenant_dir : fs::directory_iterator(seed_data_dir() / "structures"))
    for (const auto& file : fs::directory_iterator(tenant_dir.path())) files += file.path().extension() == ".json";
  EXPECT_EQ(before.size(), files);
  for (std::size_t i = 0; i < after.size(); ++i)
    EXPECT_EQ(before[i].text(2), after[i].text(2)) << "unchanged tree, unchanged row";
  StructureRepository structures(db);
  for (const auto& t : all)
    for (const char* name : {"home", "header", "footer"}) EXPECT_TRUE(structures.get(t.id, name)) << t.name << "/" << name;
}

TEST(StructureSeed, SeedsEveryTenantsStructuresOnceOnSqlite) {
  const fs::path dir = fs::temp_directory_path() / ("portal-structure-seed-" + std::to_string(std::random_device{}()));
  {
    auto db = db::open((dir / "portal.db").string(), 2);
    db::migrate(*db, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    seeds_twice_without_change(*db);
  }
  fs::remove_all(dir);
}

TEST(StructureSeedPostgres, SeedsEveryTenantsStructuresOnce) {
  const char* url = std::getenv("PORTAL_TEST_POSTGRES_URL");
  if (!url || !*url) GTEST_SKIP() << "PORTAL_TEST_POSTGRES_URL is not set";
  std::string schema = "portal_structure_seed_" + std::to_string(std::random_device{}());
  auto admin = db::open(url, 1);
  admin->execute("CREATE SCHEMA " + schema);
  {
    std::string base(url);
    auto db = db::open(base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema, 2);
    db::migrate(*db, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "postgres"));
    seeds_twice_without_change(*db);
  }
  admin->execute("DROP SCHEMA " + schema + " CASCADE");
}

}  // namespace
}  // namespace portal::structure
