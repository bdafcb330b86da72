// The console's catalog service against a migrated SQLite database and the API
// tests' catalog file: every field error of an article at once, an edit on a
// stale version refused, unpublish hiding an article from the storefront's
// reads, an import with one bad article writing nothing, and export -> import
// changing nothing. Audits are heard in the write's transaction.
#include "domains/catalog/catalog_admin_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>

#include "core/json_file.hpp"
#include "db/test_database.hpp"
#include "domains/catalog/catalog_admin_repository.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/catalog/catalog_views.hpp"

namespace portal::catalog::admin {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

class CatalogAdminTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-catalog-admin");
    db_ = db::open_test_database(dir_, {});
    repository_ = std::make_unique<CatalogRepository>(*db_);
    catalog_ = std::make_unique<CatalogService>(*repository_, clock_);
    file_ = core::read_json_file(fs::path(PORTAL_SOURCE_DIR) / "tests/api/catalog/fixtures/catalog.json").value();
    ASSERT_TRUE(catalog_->import(1, file_));
    admin_repository_ = std::make_unique<AdminRepository>(*db_);
    service_ = std::make_unique<AdminService>(*repository_, *admin_repository_, clock_);
  }
  void TearDown() override {
    service_.reset();
    admin_repository_.reset();
    catalog_.reset();
    repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }
  Audit recorder() {
    return [this](db::Session&, const Change& c) { heard_.push_back(c.action + " " + c.object_id); };
  }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  std::unique_ptr<CatalogRepository> repository_;
  std::unique_ptr<CatalogService> catalog_;
  std::unique_ptr<AdminRepository> admin_repository_;
  std::unique_ptr<AdminService> service_;
  json::value file_;
  std::vector<std::string> heard_;
};

TEST_F(CatalogAdminTest, ListsEveryArticleWithTitlesInTheLanguage) {
  Filter f;
  f.lang = "de";
  f.limit = 100;
  auto page = service_->list(1, f);
  EXPECT_EQ(page.total, static_cast<std::int64_t>(file_.at("articles").as_array().size()));
  f.q = "2101";
  page = service_->list(1, f);
  ASSERT_FALSE(page.rows.empty());
  EXPECT_EQ(page.rows[0].id, 2101);
  EXPECT_EQ(page.rows[0].title, "Neon-Skyline über der Straße");
  EXPECT_EQ(service_->list(2, Filter{}).total, 0) << "another tenant's catalog is not listed";
}

TEST_F(CatalogAdminTest, EveryFieldErrorAtOnceAndNothingWritten) {
  auto a = service_->read(1, 2103, "en");
  ASSERT_TRUE(a);
  json::object bad = a->doc;
  bad["contentType"] = "gramophone";
  bad["rating"] = "old";
  bad["prices"] = "free";
  auto r = service_->update(1, 2103, a->row.version, bad, "en", recorder());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::invalid_field);
  std::vector<std::string> fields;
  for (const auto& e : r.error().fields) fields.push_back(e.field);
  EXPECT_EQ(fields, (std::vector<std::string>{"contentType", "rating", "prices"}));
  EXPECT_TRUE(heard_.empty());
  EXPECT_EQ(service_->read(1, 2103, "en")->row.version, a->row.version);
}

TEST_F(CatalogAdminTest, AStaleVersionIsRefused) {
  auto a = service_->read(1, 2102, "en");
  ASSERT_TRUE(a);
  json::object doc = a->doc;
  doc["title"].as_object()["en"] = "Changed";
  auto first = service_->update(1, 2102, a->row.version, doc, "en", recorder());
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_EQ(first->row.version, a->row.version + 1);
  EXPECT_EQ(first->row.title, "Changed");
  auto second = service_->update(1, 2102, a->row.version, doc, "en", recorder());
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, ErrorCode::version_conflict);
  EXPECT_EQ(second.error().current_version, first->row.version);
  EXPECT_EQ(heard_, (std::vector<std::string>{"catalog.update 2102"}));
}

TEST_F(CatalogAdminTest, UnpublishHidesFromTheStorefront) {
  auto a = service_->read(1, 2103, "en");
  ASSERT_TRUE(a);
  ASSERT_TRUE(catalog_->details(1, 2103, "en", RatingRange{}));
  auto off = service_->set_published(1, 2103, a->row.version, false, "en", recorder());
  ASSERT_TRUE(off) << off.error().message;
  EXPECT_EQ(off->row.state, State::unpublished);
  EXPECT_FALSE(catalog_->details(1, 2103, "en", RatingRange{}));
  auto found = catalog_->details(1, 2050, "en", RatingRange{});
  ASSERT_TRUE(found);
  auto album = std::optional(json::parse(details_text(*found)).as_object());
  ASSERT_TRUE(album);
  for (const auto& t : album->at("tracks").as_array()) EXPECT_NE(t.at("id").as_int64(), 2103);
  auto on = service_->set_published(1, 2103, off->row.version, true, "en", recorder());
  ASSERT_TRUE(on);
  EXPECT_TRUE(catalog_->details(1, 2103, "en", RatingRange{}));
}

TEST_F(CatalogAdminTest, AWindowNotYetOpenHidesTheArticle) {
  auto a = service_->read(1, 2101, "en");
  json::object doc = a->doc;
  doc["availableFrom"] = "2999-01-01T00:00:00Z";
  auto r = service_->update(1, 2101, a->row.version, doc, "en", recorder());
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->row.state, State::scheduled);
  EXPECT_FALSE(catalog_->details(1, 2101, "en", RatingRange{}));
}

TEST_F(CatalogAdminTest, AnImportWithOneBadArticleWritesNothing) {
  json::value file = service_->export_file(1);
  auto& articles = file.as_object()["articles"].as_array();
  articles[0].as_object()["title"].as_object()["en"] = "Should Not Land";
  articles[3].as_object()["parentId"] = 987654;
  auto r = service_->import(1, file, "", recorder());
  ASSERT_FALSE(r);
  ASSERT_EQ(r.error().fields.size(), 1u);
  EXPECT_EQ(r.error().fields[0].field, "articles[3].parentId");
  const auto first_id = articles[0].as_object().at("id").as_int64();
  EXPECT_NE(service_->read(1, first_id, "en")->row.title, "Should Not Land");
  EXPECT_TRUE(heard_.empty());
}

TEST_F(CatalogAdminTest, ExportThenImportChangesNothing) {
  const json::object before = service_->export_file(1);
  Filter all;
  all.limit = 100;
  const auto rows = service_->list(1, all).rows;
  auto r = service_->import(1, before, "EUR", recorder());
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(service_->export_file(1), before);
  const auto again = service_->list(1, all).rows;
  ASSERT_EQ(again.size(), rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(again[i].version, rows[i].version) << rows[i].id;
  EXPECT_EQ(heard_, (std::vector<std::string>{"catalog.import import"}));
}

TEST_F(CatalogAdminTest, CreateAndDuplicate) {
  auto made = service_->create(1, json::object{{"contentType", "full_track_music"}, {"title", {{"en", "Fresh"}}}}, "en",
                               recorder());
  ASSERT_TRUE(made) << made.error().message;
  EXPECT_GT(made->row.id, 2101);
  auto taken = service_->create(1, json::object{{"id", 2101}, {"contentType", "album"}, {"title", {{"en", "x"}}}}, "en",
                                recorder());
  ASSERT_FALSE(taken);
  EXPECT_EQ(taken.error().code, ErrorCode::article_exists);
  auto copy = service_->duplicate(1, made->row.id, "en", recorder());
  ASSERT_TRUE(copy);
  EXPECT_EQ(copy->row.state, State::unpublished);
  EXPECT_EQ(copy->row.title, "Fresh");
  EXPECT_FALSE(catalog_->details(1, copy->row.id, "en", RatingRange{}));
}

TEST_F(CatalogAdminTest, MediaPathsAreSharedMediaTheArticlesOwnUploadOrWhatTheServerHolds) {
  auto a = service_->read(1, 2101, "en");
  ASSERT_TRUE(a);
  const auto version = a->row.version;
  // Another tenant's upload: refused, naming the field; nothing written, nothing audited.
  json::object doc = a->doc;
  doc["media"].as_object()["path"] = "audio/2/60049/0123456789ab/track.mp3";
  doc["media"].as_object()["previewPath"] = "staging/jobs/0123456789ab/track-preview.mp3";
  auto refused = service_->update(1, 2101, version, doc, "en", recorder());
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::invalid_field);
  ASSERT_EQ(refused.error().fields.size(), 2u);
  EXPECT_EQ(refused.error().fields[0].field, "media.path");
  EXPECT_EQ(refused.error().fields[1].field, "media.previewPath");
  EXPECT_EQ(service_->read(1, 2101, "en")->row.version, version);
  EXPECT_TRUE(heard_.empty());
  // The article's own upload, and then the path the server holds (a save of the unchanged form) pass.
  doc = a->doc;
  doc["media"].as_object()["path"] = "audio/1/2101/0123456789ab/track.mp3";
  auto own = service_->update(1, 2101, version, doc, "en", recorder());
  ASSERT_TRUE(own) << own.error().message;
  auto again = service_->update(1, 2101, own->row.version, own->doc, "en", recorder());
  ASSERT_TRUE(again) << again.error().message;
  // A duplicate keeps its source's upload; the same path typed into another article is refused.
  auto copy = service_->duplicate(1, 2101, "en", recorder());
  ASSERT_TRUE(copy) << copy.error().message;
  auto other = service_->read(1, 2103, "en");
  json::object other_doc = other->doc;
  other_doc["media"].as_object()["path"] = "audio/1/2101/0123456789ab/track.mp3";
  EXPECT_FALSE(service_->update(1, 2103, other->row.version, other_doc, "en", recorder()));
  // An import names the article and the field, and writes nothing.
  json::value file = service_->export_file(1);
  for (auto& x : file.as_object()["articles"].as_array())
    if (x.as_object().at("id").as_int64() == 2103) x.as_object()["media"].as_object()["path"] = "audio/2/2103/0123456789ab/track.mp3";
  auto imported = service_->import(1, file, "", recorder());
  ASSERT_FALSE(imported);
  ASSERT_EQ(imported.error().fields.size(), 1u);
  EXPECT_EQ(imported.error().fields[0].article_id, 2103);
  EXPECT_NE(imported.error().fields[0].field.find(".media.path"), std::string::npos);
}

}  // namespace
}  // namespace portal::catalog::admin
