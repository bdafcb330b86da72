// The plans of the catalog's list statements (issue 14): each filter shape and
// order is read from an index of 0015 that matches both (no temporary B-tree
// for the order, no scan of the articles), and a page's count from the counts
// kept per import. SQLite's EXPLAIN QUERY PLAN always; PostgreSQL's EXPLAIN
// ANALYZE when PORTAL_TEST_POSTGRES_URL is set (sequential scans and sorts
// discouraged, so a Sort node means that no index serves the order).
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "db/migrations.hpp"
#include "domains/catalog/catalog_repository.hpp"

namespace portal::catalog {
namespace {

namespace fs = std::filesystem;

ImportSet small_catalog() {
  ImportSet set;
  const std::vector<std::pair<std::string, std::string>> kinds{
      {"full_track_music", "music"}, {"album", "music"}, {"online_game", "games"}, {"publisher", "games"},
      {"full_length_video", "video"}};
  for (int i = 0; i < 40; ++i) {
    const auto& [type, section] = kinds[i % kinds.size()];
    ImportArticle a;
    a.record.id = 1000 + i;
    a.record.content_type = type;
    a.record.section = section;
    a.record.rating = (i % 5) * 10;
    a.record.release_date = "2024-01-" + std::to_string(10 + i % 20);
    a.record.slug = "item-" + std::to_string(i);
    a.record.doc = {{"title", {{"en", "Item " + std::to_string(i)}}}, {"categoryIds", {section + "-pop"}}};
    a.sort_title = "item " + std::to_string(i);
    a.position = i;
    a.category_ids = {section + "-pop"};
    a.texts["en"] = {"Item " + std::to_string(i), ""};
    set.articles.push_back(std::move(a));
  }
  return set;
}

struct Shape {
  ListQuery query;
  std::string index;  // the index its plan must use
};

std::vector<Shape> shapes() {
  auto q = [](std::string section, std::string type, std::string category, std::string sort) {
    ListQuery l;
    l.section = std::move(section);
    l.content_type = std::move(type);
    l.category = std::move(category);
    l.sort = std::move(sort);
    l.rating = {0, 40};
    l.lang = "fr";
    l.limit = 20;
    l.offset = 20;
    return l;
  };
  return {
      {q("music", "", "", ""), "catalog_articles_section_position"},
      {q("music", "", "", "new"), "catalog_articles_section_new"},
      {q("games", "", "", "popular"), "catalog_articles_section_popular"},
      {q("video", "", "", "title"), "catalog_articles_section_title"},
      {q("", "album", "", ""), "catalog_articles_type_position"},
      {q("", "album", "", "new"), "catalog_articles_type_new"},
      {q("", "online_game", "", "popular"), "catalog_articles_type_popular"},
      {q("", "full_track_music", "", "title"), "catalog_articles_type_title"},
      {q("", "", "", ""), "catalog_articles_by_position"},
      {q("", "", "", "new"), "catalog_articles_by_new"},
      {q("", "", "", "popular"), "catalog_articles_by_popular"},
      {q("", "", "", "title"), "catalog_articles_by_title"},
      {q("music", "", "", "rated"), "catalog_articles_section_rated"},
      {q("", "album", "", "rated"), "catalog_articles_type_rated"},
      {q("", "", "", "rated"), "catalog_articles_by_rated"},
      {q("music", "", "", "price"), "catalog_articles_section_price"},
      {q("", "full_track_music", "", "price"), "catalog_articles_type_price"},
      {q("", "", "", "price"), "catalog_articles_by_price"},
      {q("", "", "music-pop", ""), "catalog_article_categories_category"},
      {q("music", "", "music-pop", ""), "catalog_article_categories_category"},
  };
}

std::string describe(const ListQuery& q) {
  return "section=" + q.section + " type=" + q.content_type + " category=" + q.category + " sort=" + q.sort;
}

void seed(db::Database& db, std::string_view dialect) {
  db::migrate(db, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", dialect));
  db.execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 't', 'T', 'x', 'x')");
  CatalogRepository(db).write(1, small_catalog());
}

TEST(CatalogPlans, SqliteListsReadTheirShapesIndexInOrder) {
  const auto dir = fs::temp_directory_path() / ("portal-catalog-plans-" + std::to_string(std::random_device{}()));
  fs::create_directories(dir);
  {
    auto db = db::open((dir / "portal.db").string(), 1);
    seed(*db, "sqlite");
    for (const auto& shape : shapes()) {
      const auto st = list_page_statement(1, shape.query);
      std::string plan;
      for (const auto& row : db->query("EXPLAIN QUERY PLAN " + st.text, st.params)) plan += row.text(3) + "\n";
      EXPECT_NE(plan.find(shape.index), std::string::npos) << describe(shape.query) << "\n" << plan;
      EXPECT_EQ(plan.find("TEMP B-TREE"), std::string::npos) << describe(shape.query) << "\n" << plan;
      EXPECT_EQ(plan.find("SCAN a\n"), std::string::npos) << describe(shape.query) << "\n" << plan;
      // The kept count rides with the page: a few rows of the counts, never the articles.
      EXPECT_NE(plan.find("SEARCH n USING PRIMARY KEY (tenant_id=? AND category_id=?"), std::string::npos)
          << describe(shape.query) << "\n" << plan;
      // The answers are looked up by their key, one per row of the page.
      EXPECT_NE(plan.find("SEARCH v USING INDEX sqlite_autoindex_catalog_article_views_1 (tenant_id=? AND article_id=? AND lang=?)"),
                std::string::npos)
          << describe(shape.query) << "\n" << plan;

      const auto count = list_count_statement(1, shape.query);
      std::string count_plan;
      for (const auto& row : db->query("EXPLAIN QUERY PLAN " + count.text, count.params)) count_plan += row.text(3) + "\n";
      EXPECT_NE(count_plan.find("SEARCH n USING PRIMARY KEY (tenant_id=? AND category_id=?"), std::string::npos)
          << describe(shape.query) << "\n" << count_plan;
    }
  }
  fs::remove_all(dir);
}

TEST(CatalogPlans, KeptCountsAndAnswersMatchTheArticles) {
  const auto dir = fs::temp_directory_path() / ("portal-catalog-counts-" + std::to_string(std::random_device{}()));
  fs::create_directories(dir);
  {
    auto db = db::open((dir / "portal.db").string(), 1);
    seed(*db, "sqlite");
    CatalogRepository repository(*db);
    for (const auto& shape : shapes()) {
      auto q = shape.query;
      q.offset = 0;
      q.limit = 1000;
      const auto page = repository.list_views(1, q);
      // The count kept per import is the number of articles the list holds.
      EXPECT_EQ(page.total, static_cast<std::int64_t>(page.entries.size())) << describe(q);
      // A page past the end has no row to carry the count: it is asked alone.
      auto past = q;
      past.offset = 5000;
      const auto empty = repository.list_views(1, past);
      EXPECT_TRUE(empty.entries.empty()) << describe(q);
      EXPECT_EQ(empty.total, page.total) << describe(q);
      for (const auto& body : page.entries) {
        const auto article = boost::json::parse(body).as_object();
        EXPECT_LE(article.at("rating").as_int64(), 40) << describe(q);
        if (q.content_type.empty()) EXPECT_NE(article.at("contentType").as_string(), "publisher") << describe(q);
      }
    }
  }
  fs::remove_all(dir);
}

TEST(CatalogPlansPostgres, ListsReadTheirShapesIndexInOrder) {
  const char* url = std::getenv("PORTAL_TEST_POSTGRES_URL");
  if (!url || !*url) GTEST_SKIP() << "PORTAL_TEST_POSTGRES_URL is not set";
  const std::string base = url;
  const std::string schema = "portal_catalog_plans_" + std::to_string(std::random_device{}());
  auto admin = db::open(base, 1);
  admin->execute("CREATE SCHEMA " + schema);
  {
    const std::string sep = base.find('?') == std::string::npos ? "?" : "&";
    auto db = db::open(base + sep + "options=-csearch_path%3D" + schema, 1);
    seed(*db, "postgres");
    db->execute("ANALYZE");
    for (const auto& shape : shapes()) {
      const auto st = list_page_statement(1, shape.query);
      std::string plan;
      db->transaction([&](db::Session& s) {
        s.execute("SET LOCAL enable_seqscan = off");
        s.execute("SET LOCAL enable_sort = off");
        s.execute("SET LOCAL enable_bitmapscan = off");
        for (const auto& row : s.query("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) " + st.text, st.params))
          plan += row.text(0) + "\n";
      });
      EXPECT_NE(plan.find(shape.index), std::string::npos) << describe(shape.query) << "\n" << plan;
      EXPECT_EQ(plan.find("Sort"), std::string::npos) << describe(shape.query) << "\n" << plan;
      EXPECT_EQ(plan.find("Seq Scan on catalog_articles"), std::string::npos) << describe(shape.query) << "\n" << plan;
    }
  }
  admin->execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
}

}  // namespace
}  // namespace portal::catalog
