// The catalog service against a migrated SQLite database and the API tests'
// catalog file: an import and what it counts, a refused import that writes
// nothing, the article records the commerce domains read (rating window,
// tenant, unknown ids), article answers in a language, and media URLs (the
// public preview, the signed full media that expires).
#include "domains/catalog/catalog_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <thread>

#include "core/described_shape.hpp"
#include "core/json_file.hpp"
#include "db/test_database.hpp"
#include "domains/catalog/catalog_answers.hpp"
#include "domains/catalog/catalog_changes.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/catalog/catalog_views.hpp"

namespace portal::catalog {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

json::value fixture(const std::string& name) {
  return core::read_json_file(fs::path(PORTAL_SOURCE_DIR) / "tests/api/catalog/fixtures" / name).value();
}

class CatalogServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-catalog");
    db_ = db::open_test_database(dir_, {});
    repository_ = std::make_unique<CatalogRepository>(*db_);
    service_ = std::make_unique<CatalogService>(*repository_, clock_);
    file_ = fixture("catalog.json");
    auto imported = service_->import(1, file_);
    ASSERT_TRUE(imported) << imported.error().message;
    imported_ = *imported;
  }
  void TearDown() override {
    service_.reset();
    repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  std::unique_ptr<CatalogRepository> repository_;
  std::unique_ptr<CatalogService> service_;
  json::value file_;
  ImportCounts imported_;
};

TEST_F(CatalogServiceTest, AnImportCountsWhatItWrote) {
  EXPECT_EQ(static_cast<std::size_t>(imported_.categories), file_.at("categories").as_array().size());
  EXPECT_EQ(static_cast<std::size_t>(imported_.articles), file_.at("articles").as_array().size());
  EXPECT_EQ(static_cast<std::size_t>(imported_.challenges), file_.at("challenges").as_array().size());
  auto again = service_->import(1, file_);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->articles, imported_.articles) << "a second import of the same file upserts";
}

TEST_F(CatalogServiceTest, ARefusedImportNamesTheProblemAndWritesNothing) {
  auto refused = service_->import(1, fixture("bad-category.json"));
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("article 9003: categoryIds names unknown category 'nope'"), std::string::npos)
      << refused.error().message;
  EXPECT_FALSE(service_->article_record(1, 9003, RatingRange{}));
}

TEST_F(CatalogServiceTest, ArticleRecordsKeepToTheTenantAndTheRatingWindow) {
  auto track = service_->article_record(1, 2101, RatingRange{});
  ASSERT_TRUE(track) << track.error().message;
  EXPECT_EQ(track->content_type, "full_track_music");
  EXPECT_EQ(track->parent_id, std::optional<std::int64_t>(2050));

  auto unknown = service_->article_record(1, 9999, RatingRange{});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(http_error(unknown.error()).status, 404);
  EXPECT_EQ(http_error(unknown.error()).code, "ARTICLE_NOT_FOUND");
  EXPECT_FALSE(service_->article_record(2, 2101, RatingRange{})) << "another tenant's catalog";

  EXPECT_TRUE(service_->article_record(1, 2103, RatingRange{}));  // rated 40: inside the default window
  auto rated = service_->article_record(1, 2103, RatingRange{0, 18});
  ASSERT_FALSE(rated);
  EXPECT_EQ(http_error(rated.error()).code, "ARTICLE_NOT_FOUND") << "outside the window it does not exist";
}

TEST_F(CatalogServiceTest, AnswersAreInTheAskedLanguage) {
  auto answer = service_->article_answer(1, 2001, "ar");
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->id, 2001);
  const auto& titles = file_.at("articles").as_array()[0].at("title");
  EXPECT_EQ(answer->title, titles.at("ar").as_string());
  EXPECT_FALSE(service_->article_answer(1, 9999, "en"));
}

TEST_F(CatalogServiceTest, PreviewsArePublicAndFullMediaIsSignedAndExpires) {
  auto track = service_->article_record(1, 2101, RatingRange{});
  ASSERT_TRUE(track);
  auto preview = service_->preview_media(*track);
  ASSERT_TRUE(preview) << preview.error().message;
  EXPECT_TRUE(preview->preview);
  EXPECT_NE(preview->url.find("2101-preview"), std::string::npos) << preview->url;

  auto full = service_->full_media(1, *track);
  ASSERT_TRUE(full) << full.error().message;
  EXPECT_FALSE(full->preview);
  EXPECT_GT(full->expires, 0) << "a paid track's URL is signed for a while";
  EXPECT_NE(full->url, preview->url);

  auto artist = service_->article_record(1, 2001, RatingRange{});
  ASSERT_TRUE(artist);
  auto none = service_->preview_media(*artist);
  ASSERT_FALSE(none);
  EXPECT_EQ(http_error(none.error()).code, "MEDIA_NOT_FOUND");
}


// Search follows every write (decisions.md "Search in memory"): an import's
// articles at the next search, a deleted article gone, and a change of the
// whole catalog rebuilt beside the serving index, which answers meanwhile.
TEST_F(CatalogServiceTest, SearchIndexesKeepUnderTheirCapDroppingTheLeastRecentlySearched) {
  db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (3, 't3', 't3', 'x', 'x')");
  ASSERT_TRUE(service_->import(2, file_));
  ASSERT_TRUE(service_->import(3, file_));
  ListQuery q;
  ASSERT_EQ(service_->search(1, "skyline", q).total, 1);
  const std::size_t one = service_->search_index_bytes();
  ASSERT_GT(one, 0u);
  // Room for two tenants' indexes, not three.
  CatalogService capped(*repository_, clock_, kMediaUrlLifetime, one * 5 / 2);
  for (std::int64_t tenant : {1, 2, 3, 1, 2}) {
    EXPECT_EQ(capped.search(tenant, "skyline", q).total, 1) << "tenant " << tenant << ": built again when dropped";
    EXPECT_LE(capped.search_index_bytes(), one * 5 / 2);
    EXPECT_LE(capped.search_indexes_kept(), 2u);
  }
  // 1, 2; then 3 drops 1 (the least recently searched); 1 drops 2; 2 drops 3.
  EXPECT_EQ(capped.search_index_evictions(), 3u);
  EXPECT_EQ(capped.search(1, "skyline", q).total, 1);
  EXPECT_EQ(capped.search_index_evictions(), 3u) << "1 and 2 are kept: nothing dropped";
  // A cap below one index keeps the one in use.
  CatalogService tiny(*repository_, clock_, kMediaUrlLifetime, 1);
  EXPECT_EQ(tiny.search(1, "skyline", q).total, 1);
  EXPECT_EQ(tiny.search_indexes_kept(), 1u);
}

// A serving instance's start builds its tenants' search indexes in the background (decisions.md "A cold instance
// builds its search indexes before it is ready"): warming until each is in, then kept, and a search finds it built.
TEST_F(CatalogServiceTest, TheStartBuildsTheSearchIndexesBeforeAnySearch) {
  ASSERT_TRUE(service_->import(2, file_));
  CatalogService fresh(*repository_, clock_, kMediaUrlLifetime);
  EXPECT_EQ(fresh.search_indexes_kept(), 0u);
  fresh.warm_search({1, 2});
  for (int i = 0; i < 500 && fresh.search_indexes_warming() > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(fresh.search_indexes_warming(), 0u);
  EXPECT_FALSE(fresh.search_warming(1));
  EXPECT_EQ(fresh.search_indexes_kept(), 2u) << "both built, before any search";
  ListQuery q;
  EXPECT_EQ(fresh.search(2, "skyline", q).total, 1);
  EXPECT_EQ(fresh.search_indexes_kept(), 2u);
  // A search that comes while the warm-up still builds waits for it rather than build the index again.
  CatalogService racing(*repository_, clock_, kMediaUrlLifetime);
  racing.warm_search({1});
  EXPECT_EQ(racing.search(1, "skyline", q).total, 1);
  EXPECT_FALSE(racing.search_warming(1));
  EXPECT_EQ(racing.search_indexes_kept(), 1u);
}

TEST_F(CatalogServiceTest, SearchFollowsEveryWriteAndRebuildsBesideForAWholeCatalog) {
  ListQuery q;
  auto total = [&](std::string_view text) { return service_->search(1, text, q).total; };
  ASSERT_EQ(total("skyline"), 1);  // the first use builds the index
  EXPECT_EQ(total("copper"), 0);

  auto file = file_;
  for (auto& a : file.at("articles").as_array())
    if (a.at("id") == 2101)
      for (auto& kv : a.at("title").as_object()) kv.value() = "Copper Coast";
  ASSERT_TRUE(service_->import(1, file));
  EXPECT_EQ(total("copper"), 1) << "the next search applies the import's changes";
  EXPECT_EQ(total("skyline"), 0) << "the old title is gone";

  db_->transaction([&](db::Session& s) {
    s.execute("DELETE FROM catalog_articles WHERE tenant_id = 1 AND id = 2102");
    const std::int64_t ids[] = {2102};
    note_articles_changed(s, 1, ids);
  });
  EXPECT_EQ(total("midnight drive"), 0) << "a deleted article leaves the results at once";

  // A whole catalog: the search keeps answering from the index it has while
  // another is built beside it, then finds the new words.
  db_->transaction([&](db::Session& s) {
    s.execute("UPDATE catalog_search_documents SET body = body || ' zephyrword' WHERE tenant_id = 1 AND article_id = 2050");
    note_catalog_rewritten(s, 1);
  });
  EXPECT_EQ(total("copper"), 1);
  for (int i = 0; i < 500 && total("zephyrword") == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(total("zephyrword"), 1) << "the rebuilt index was swapped in";
  EXPECT_EQ(total("copper"), 1);
  EXPECT_EQ(total("midnight drive"), 0);

  // Small changes apply on the rebuilt index as before.
  for (auto& a : file.at("articles").as_array())
    if (a.at("id") == 2101)
      for (auto& kv : a.at("title").as_object()) kv.value() = "Amber Coast";
  ASSERT_TRUE(service_->import(1, file));
  EXPECT_EQ(total("amber"), 1);
  EXPECT_EQ(total("copper"), 0);
}

}  // namespace
}  // namespace portal::catalog

// The kept answers carry the shape of ArticleDto (issue 77 item 1): pieces kept by a build whose DTO differed are
// never served, and start-up writes the current shape's in their place, without a migration.
namespace portal::catalog {
namespace {

TEST_F(CatalogServiceTest, KeptAnswersOfAnotherShapeAreNotServedAndAreWrittenAgain) {
  const std::string key = view_key("en");
  EXPECT_EQ(key, "en." + core::shape_of<ArticleDto>());
  const auto current = repository_->view(1, 2101, "en");
  ASSERT_TRUE(current);
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM catalog_article_views WHERE tenant_id = 1 AND lang = $1", {key})[0].integer(0),
            imported_.articles - db_->query("SELECT COUNT(*) FROM catalog_articles WHERE tenant_id = 1 AND published = 0")[0].integer(0));
  // An earlier build's pieces: another shape's key and body.
  db_->execute("UPDATE catalog_article_views SET lang = substr(lang, 1, 2) || '.00000000', body = '{\"old\":1}'");
  EXPECT_FALSE(repository_->view(1, 2101, "en")) << "a piece of another shape is not found";
  auto details = service_->details(1, 2101, "en", RatingRange{});
  ASSERT_TRUE(details) << details.error().message;
  EXPECT_EQ(details->article.find("\"old\""), std::string::npos) << "made afresh, not the old piece";
  repository_->fill_views_if_missing();
  EXPECT_EQ(repository_->view(1, 2101, "en"), current);
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM catalog_article_views WHERE lang LIKE '%.00000000'")[0].integer(0), 0)
      << "the old pieces went with the new ones";
}

struct ShapeA {
  std::int64_t id = 0;
  std::optional<std::string> title;
};
BOOST_DESCRIBE_STRUCT(ShapeA, (), (id, title))
struct ShapeB {
  std::int64_t id = 0;
  std::optional<std::string> title;
  std::optional<bool> explicit_;
};
BOOST_DESCRIBE_STRUCT(ShapeB, (), (id, title, explicit_))

TEST(ShapeVersion, OneMoreMemberIsAnotherShape) {
  EXPECT_EQ(core::shape_of<ShapeA>().size(), 8u);
  EXPECT_NE(core::shape_of<ShapeA>(), core::shape_of<ShapeB>());
  EXPECT_NE(core::shape_text<ShapeB>().find("explicit:?"), std::string::npos) << core::shape_text<ShapeB>();
}

}  // namespace
}  // namespace portal::catalog
