// The demo tenants seed cleanly into a migrated SQLite database, twice.
#include "domains/tenants/tenants_seed.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cstdlib>
#include <random>

#include "db/migrations.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "domains/tenants/tenants_service.hpp"

namespace portal::tenants {
namespace {

namespace fs = std::filesystem;

class SeedTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-seed-" + std::to_string(std::random_device{}()));
    db_ = db::open((dir_ / "portal.db").string(), 2);
    db::migrate(*db_, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
  }
  void TearDown() override {
    db_.reset();
    fs::remove_all(dir_);
  }
  fs::path data_dir() const { return fs::path(PORTAL_SOURCE_DIR).parent_path() / "data"; }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
};

TEST_F(SeedTest, SeedsDemoTenantsIdempotently) {
  EXPECT_GE(seed_tenants(*db_, data_dir()), 3);
  TenantsRepository repo(*db_);
  auto first = repo.load_all();
  seed_tenants(*db_, data_dir());
  auto second = repo.load_all();
  ASSERT_EQ(first.size(), second.size());
  EXPECT_GE(first.size(), 3u);
  for (std::size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i].id, second[i].id);
    EXPECT_EQ(first[i].hosts, second[i].hosts);
  }

  TenantRegistry registry(repo);
  auto noor = registry.by_host("127.0.0.1");
  ASSERT_TRUE(noor);
  EXPECT_EQ(noor->name, "noor");
  EXPECT_EQ(noor->default_locale, "ar");
  EXPECT_EQ(noor->default_theme, "dark");
  EXPECT_EQ(noor->features.at("autoLogin").at("providerCookieName"), "noor_msisdn");
  EXPECT_EQ(registry.default_tenant()->name, "aurora");
  EXPECT_NE(registry.by_name("aurora")->colors.find(":root[data-theme=dark]{--color-primary:"), std::string::npos);
  EXPECT_EQ(registry.by_name("vela")->custom_style, "/media/styles/vela.css");
}

TEST_F(SeedTest, UpsertReplacesHostsAndMovesAClaimedHost) {
  TenantsRepository repo(*db_);
  Tenant a;
  a.name = "a";
  a.display_name = "A";
  a.default_locale = "en";
  a.default_theme = "light";
  a.hosts = {"one.test", "two.test"};
  a.features = {{"V2Modals", true}};
  auto id = repo.upsert(a);
  a.hosts = {"two.test"};
  a.display_name = "A2";
  EXPECT_EQ(repo.upsert(a), id);
  Tenant b = a;
  b.name = "b";
  b.hosts = {"two.test", "three.test"};
  repo.upsert(b);
  auto all = repo.load_all();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].display_name, "A2");
  EXPECT_TRUE(all[0].hosts.empty());
  EXPECT_EQ(all[1].hosts, (std::vector<std::string>{"three.test", "two.test"}));
  EXPECT_EQ(all[0].features.at("V2Modals"), true);
}

TEST_F(SeedTest, LanguagesAreStoredReadBackAndCheckedInTheFile) {
  TenantsRepository repo(*db_);
  Tenant a;
  a.name = "a";
  a.display_name = "A";
  a.default_locale = "ar";
  a.default_theme = "light";
  a.languages = {"ar", "en"};
  repo.upsert(a);
  EXPECT_EQ(repo.load_all().at(0).languages, (std::vector<std::string>{"ar", "en"}));
  a.languages = {"en", "ar", "fr", "de", "es", "ro"};
  repo.upsert(a);
  EXPECT_EQ(repo.load_all().at(0).languages.size(), 6u);

  boost::json::object theme;
  for (auto name : kColorNames) theme[name] = "#123456";
  boost::json::object file{{"name", "b"},           {"displayName", "B"},  {"defaultLocale", "fr"},
                           {"defaultTheme", "dark"}, {"hosts", {"b.test"}}, {"colors", {{"light", theme}, {"dark", theme}}}};
  EXPECT_EQ(tenant_from_json(file).languages.size(), 6u);  // absent: all six
  file["languages"] = boost::json::array{"fr", "de"};
  EXPECT_EQ(tenant_from_json(file).languages, (std::vector<std::string>{"fr", "de"}));
  file["languages"] = boost::json::array{"de"};
  EXPECT_THROW(tenant_from_json(file), std::runtime_error);  // without the default
  file["languages"] = boost::json::array{"fr", "it"};
  EXPECT_THROW(tenant_from_json(file), std::runtime_error);
}

// The same seed on PostgreSQL (ON CONFLICT ... WHERE, RETURNING), when a server is given.
TEST(SeedPostgres, SeedsTwiceWithoutChange) {
  const char* url = std::getenv("PORTAL_TEST_POSTGRES_URL");
  if (!url || !*url) GTEST_SKIP() << "PORTAL_TEST_POSTGRES_URL is not set";
  std::string schema = "portal_seed_" + std::to_string(std::random_device{}());
  auto admin = db::open(url, 1);
  admin->execute("CREATE SCHEMA " + schema);
  {
    std::string base(url);
    auto db = db::open(base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema, 2);
    db::migrate(*db, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "postgres"));
    fs::path data = fs::path(PORTAL_SOURCE_DIR).parent_path() / "data";
    seed_tenants(*db, data);
    TenantsRepository repo(*db);
    const auto before = repo.load_all();
    seed_tenants(*db, data);
    const auto after = repo.load_all();
    ASSERT_EQ(before.size(), after.size());
    for (std::size_t i = 0; i < after.size(); ++i) EXPECT_EQ(before[i].id, after[i].id);
    TenantRegistry registry(repo);
    EXPECT_EQ(registry.by_host("VELA.localhost")->default_locale, "de");
  }
  admin->execute("DROP SCHEMA " + schema + " CASCADE");
}

TEST(ColorsCss, BuildsBothThemesAndRejectsInjection) {
  boost::json::object theme;
  for (auto name : kColorNames) theme[name] = "#123456";
  boost::json::object colors{{"light", theme}, {"dark", theme}};
  std::string css = colors_css(colors);
  EXPECT_EQ(css.find(":root{--color-primary:#123456;"), 0u);
  EXPECT_NE(css.find(":root[data-theme=dark]{"), std::string::npos);
  colors["dark"].as_object()["accent"] = "red}</style><script>";
  EXPECT_THROW(colors_css(colors), std::runtime_error);
  colors["dark"].as_object().erase("accent");
  EXPECT_THROW(colors_css(colors), std::runtime_error);
}

}  // namespace
}  // namespace portal::tenants
