// Page structures from the console: versions, the seed's rules on drafts, publish
// and roll back, and a preview that is the structure call's own evaluation.
#include "domains/structure/structure_admin_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <random>

#include "db/migrations.hpp"
#include "domains/structure/structure_repository.hpp"
#include "domains/structure/structure_service.hpp"
#include "domains/structure/structure_templates.hpp"
#include "domains/structure/structure_validation.hpp"

namespace portal::structure {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

const char* kHome = R"({"id": "home", "name": "home", "data": {"title": {"en": "Home", "ar": "الرئيسية"},
  "customProperties": {"type": "page"}},
  "substructure": [
    {"id": "r1", "name": "rail-one", "data": {"title": "One", "customProperties": {"type": "rail"}}, "substructure": []},
    {"id": "r2", "name": "rail-two", "data": {"title": "Two", "customProperties": {"type": "rail"}}, "substructure": []}
  ]})";

std::vector<std::string> rail_names(const json::value& node) {
  std::vector<std::string> out;
  for (const auto& child : node.at("substructure").as_array()) out.emplace_back(child.at("name").as_string());
  return out;
}

class StructureAdmin : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-structure-admin-" + std::to_string(std::random_device{}()));
    db_ = db::open((dir_ / "portal.db").string(), 2);
    db::migrate(*db_, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    db_->execute("INSERT INTO tenants (id, name, display_name, default_locale, default_theme, colors, custom_style,"
                 " features, settings, backend, created_at, updated_at) VALUES (5, 'aurora', 'Aurora', 'en', 'light', '', '',"
                 " '{}', '{}', '{}', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')");
    repository_ = std::make_unique<StructureRepository>(*db_);
    ASSERT_TRUE(repository_->upsert(5, "home", json::serialize(json::parse(kHome))));
    structures_ = std::make_unique<StructureService>(*repository_, clock_);
    templates_ = std::make_unique<StructureTemplates>(fs::path(PORTAL_SOURCE_DIR) / ".." / "data" / "templates" / "structures");
    service_ = std::make_unique<StructureAdminService>(*repository_, *structures_, *templates_, clock_, [this] { ++changed_; });
    tenant_.id = 5;
    tenant_.name = "aurora";
    tenant_.default_locale = "en";
  }
  void TearDown() override {
    service_.reset();
    structures_.reset();
    repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  json::value swapped() {
    json::value tree = json::parse(kHome);
    auto& list = tree.at("substructure").as_array();
    std::swap(list[0], list[1]);
    return tree;
  }
  std::vector<std::string> live() { return rail_names(json::parse(*repository_->get(5, "home"))); }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<StructureTemplates> templates_;
  core::ManualClock clock_;
  std::unique_ptr<StructureRepository> repository_;
  std::unique_ptr<StructureService> structures_;
  std::unique_ptr<StructureAdminService> service_;
  tenants::Tenant tenant_;
  int changed_ = 0;
};

TEST_F(StructureAdmin, SeededStructureIsVersionOnePublished) {
  auto list = service_->list(5);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].name, "home");
  EXPECT_EQ(list[0].published_version, 1);
  EXPECT_EQ(list[0].published_by, "seed");
  EXPECT_FALSE(list[0].has_draft());
}

TEST_F(StructureAdmin, DraftLeavesTheLiveTreeThenPublishAndRollBack) {
  int recorded = 0;
  auto saved = service_->save_draft(5, "home", swapped(), "swap", "ed@example.com",
                                    [&](db::Session&, const StructureChange&) { ++recorded; });
  ASSERT_TRUE(saved) << saved.error().message;
  EXPECT_EQ(saved->version.version, 2);
  EXPECT_EQ(saved->version.author, "ed@example.com");
  EXPECT_EQ(saved->version.note, "swap");
  EXPECT_TRUE(saved->after.has_draft());
  EXPECT_EQ(live(), (std::vector<std::string>{"rail-one", "rail-two"})) << "a draft is not live";
  EXPECT_EQ(changed_, 0);

  auto published = service_->publish(5, "home", 2, "ed@example.com", [&](db::Session&, const StructureChange&) { ++recorded; });
  ASSERT_TRUE(published);
  EXPECT_EQ(published->after.published_version, 2);
  EXPECT_FALSE(published->after.has_draft());
  EXPECT_EQ(live(), (std::vector<std::string>{"rail-two", "rail-one"}));
  EXPECT_EQ(changed_, 1);

  auto back = service_->publish(5, "home", 1, "ed@example.com");
  ASSERT_TRUE(back);
  EXPECT_EQ(live(), (std::vector<std::string>{"rail-one", "rail-two"}));
  EXPECT_TRUE(back->after.has_draft()) << "version 2 is newer than the live version 1";
  EXPECT_EQ(recorded, 2);

  auto versions = service_->versions(5, "home");
  ASSERT_TRUE(versions);
  ASSERT_EQ(versions->size(), 2u);
  EXPECT_EQ((*versions)[0].version, 2);
  EXPECT_EQ((*versions)[1].author, "seed");

  auto read = service_->read(5, "home", 1);
  ASSERT_TRUE(read);
  EXPECT_EQ(rail_names(json::parse(read->second.tree)), (std::vector<std::string>{"rail-one", "rail-two"}));
}

TEST_F(StructureAdmin, ThePublishedTreeIsWhatTheStructureCallServes) {
  ASSERT_TRUE(service_->save_draft(5, "home", swapped(), "", "ed@example.com"));
  ASSERT_TRUE(service_->publish(5, "home", 2, "ed@example.com"));
  StructureQuery q;
  q.lang = "en";
  auto answer = structures_->get(tenant_, "home", "", q);
  ASSERT_TRUE(answer);
  EXPECT_EQ(rail_names(answer->entry->node), (std::vector<std::string>{"rail-two", "rail-one"}));
}

TEST_F(StructureAdmin, UnknownStructureAndVersion) {
  EXPECT_EQ(service_->save_draft(5, "nope", swapped(), "", "e").error().code, AdminErrorCode::structure_not_found);
  EXPECT_EQ(service_->publish(5, "nope", 1, "e").error().code, AdminErrorCode::structure_not_found);
  EXPECT_EQ(service_->publish(5, "home", 9, "e").error().code, AdminErrorCode::version_not_found);
  EXPECT_EQ(service_->read(5, "home", 9).error().code, AdminErrorCode::version_not_found);
  EXPECT_EQ(service_->versions(6, "home").error().code, AdminErrorCode::structure_not_found);
}

TEST_F(StructureAdmin, DraftBreakingARuleNamesItsPath) {
  json::value tree = swapped();
  tree.at("substructure").as_array()[1].at("data").at("customProperties").as_object()["schedule"] =
      json::object{{"from", "tomorrow"}};
  auto saved = service_->save_draft(5, "home", tree, "", "e");
  ASSERT_FALSE(saved);
  EXPECT_EQ(saved.error().code, AdminErrorCode::invalid_field);
  EXPECT_EQ(saved.error().field, "tree.substructure[1].data.customProperties.schedule.from");
  EXPECT_EQ(service_->versions(5, "home")->size(), 1u) << "nothing written";
}

TEST(StructureValidation, Rules) {
  auto problem = [](const char* text) { return validate_tree(json::parse(text)); };
  EXPECT_FALSE(problem(kHome));
  EXPECT_EQ(problem(R"({"name": ""})")->path, "name");
  EXPECT_EQ(problem(R"({"name": "x", "data": {"customProperties": {"type": "carousel"}}})")->path,
            "data.customProperties.type");
  EXPECT_EQ(problem(R"({"name": "x", "data": {"customProperties": {"type": "banner"}},
      "substructure": [{"name": "s", "data": {"customProperties": {"type": "card"}}}]})")->path,
            "substructure[0].data.customProperties.type");
  EXPECT_EQ(problem(R"({"name": "x", "substructure": [{"id": "a", "name": "a"}, {"id": "a", "name": "b"}]})")->path,
            "substructure[1].id");
  EXPECT_EQ(problem(R"({"name": "x", "data": {"title": {"ar": "x"}}})")->path, "data.title.en");
  EXPECT_EQ(problem(R"({"name": "x", "data": {"title": {"en": "x", "xx": "y"}}})")->path, "data.title.xx");
  EXPECT_EQ(problem(R"({"name": "x", "data": {"customProperties": {"rating": 1001}}})")->path, "data.customProperties.rating");
  EXPECT_EQ(problem(R"({"name": "x", "data": {"customProperties": {"platforms": ["tv"]}}})")->path,
            "data.customProperties.platforms[0]");
  EXPECT_EQ(problem(R"({"name": "x", "data": {"customProperties": {"os": ["Android OS"]}}})")->path,
            "data.customProperties.os[0]");
  EXPECT_EQ(problem(R"({"name": "x", "data": {"customProperties": {"schedule":
      {"from": "2026-02-01T00:00:00Z", "until": "2026-01-01T00:00:00Z"}}}})")->path,
            "data.customProperties.schedule.until");
  EXPECT_EQ(problem(R"({"name": "x", "data": {"customProperties": {"schedule": {"start": "2026-02-01T00:00:00Z"}}}})")->path,
            "data.customProperties.schedule.start");
  EXPECT_TRUE(is_utc_time("2026-12-01T08:00:00Z"));
  EXPECT_FALSE(is_utc_time("2026-13-01T08:00:00Z"));
  EXPECT_FALSE(is_utc_time("2026-12-01 08:00:00"));
}

TEST_F(StructureAdmin, PreviewEvaluatesLikeTheStructureCall) {
  json::value tree = json::parse(kHome);
  auto& rails = tree.at("substructure").as_array();
  rails[0].at("data").at("customProperties").as_object()["rating"] = 16;
  rails[1].at("data").at("customProperties").as_object()["platforms"] = json::array{"mobile"};
  PreviewRequest guest;
  auto as_guest = service_->preview(tenant_, "home", tree, guest);
  ASSERT_TRUE(as_guest);
  EXPECT_EQ(rail_names(*as_guest), (std::vector<std::string>{"rail-one", "rail-two"}));

  PreviewRequest subscriber;
  subscriber.subscriber = true;
  subscriber.max_rating = 12;  // a parental limit
  EXPECT_EQ(rail_names(*service_->preview(tenant_, "home", tree, subscriber)), (std::vector<std::string>{"rail-two"}));
  guest.max_rating = 12;  // a guest has no parental limit
  EXPECT_EQ(rail_names(*service_->preview(tenant_, "home", tree, guest)), (std::vector<std::string>{"rail-one", "rail-two"}));

  PreviewRequest desktop;
  desktop.is_desktop = true;
  EXPECT_EQ(rail_names(*service_->preview(tenant_, "home", tree, desktop)), (std::vector<std::string>{"rail-one"}));

  // Schedules: from inclusive, until exclusive, read at `at`.
  rails[1].at("data").at("customProperties").as_object().erase("platforms");
  rails[1].at("data").at("customProperties").as_object()["schedule"] =
      json::object{{"from", "2026-12-01T00:00:00Z"}, {"until", "2026-12-24T00:00:00Z"}};
  PreviewRequest at;
  at.at = "2026-11-30T23:59:59Z";
  EXPECT_EQ(rail_names(*service_->preview(tenant_, "home", tree, at)), (std::vector<std::string>{"rail-one"}));
  at.at = "2026-12-01T00:00:00Z";
  EXPECT_EQ(rail_names(*service_->preview(tenant_, "home", tree, at)), (std::vector<std::string>{"rail-one", "rail-two"}));
  at.at = "2026-12-24T00:00:00Z";
  EXPECT_EQ(rail_names(*service_->preview(tenant_, "home", tree, at)), (std::vector<std::string>{"rail-one"}));

  // No tree: the newest version.
  EXPECT_EQ(rail_names(*service_->preview(tenant_, "home", std::nullopt, PreviewRequest{})),
            (std::vector<std::string>{"rail-one", "rail-two"}));
}

TEST_F(StructureAdmin, SeedLeavesAConsolePublishAlone) {
  ASSERT_TRUE(service_->save_draft(5, "home", swapped(), "", "ed@example.com"));
  ASSERT_TRUE(service_->publish(5, "home", 2, "ed@example.com"));
  json::value changed_file = json::parse(kHome);
  changed_file.at("data").as_object()["subTitle"] = "new";
  EXPECT_FALSE(repository_->upsert(5, "home", json::serialize(changed_file)));
  EXPECT_EQ(live(), (std::vector<std::string>{"rail-two", "rail-one"}));
}

}  // namespace
}  // namespace portal::structure

namespace portal::structure {
namespace {

// From nothing (issue 50): a tenant gets home, header and footer from the templates, every template keeps the
// seed's rules, and an editor makes, renames and deletes pages; the storefront's three stay.
TEST_F(StructureAdmin, TemplatesGiveATenantItsPagesAndNeverOverwrite) {
  const auto before = *repository_->get(5, "home");
  EXPECT_EQ(templates_->seed_missing(*repository_, 5, false), 2);  // header and footer; home exists
  EXPECT_EQ(*repository_->get(5, "home"), before);
  EXPECT_EQ(templates_->seed_missing(*repository_, 5, true), 3);  // the legal pages
  EXPECT_EQ(templates_->seed_missing(*repository_, 5, true), 0);
  for (const auto& name : repository_->names(5)) {
    EXPECT_FALSE(validate_tree(json::parse(*repository_->get(5, name)))) << name;
  }
  const auto footer = json::parse(*repository_->get(5, "footer"));
  EXPECT_EQ(footer.at("substructure").as_array().size(), 4u);
  EXPECT_EQ(footer.at("data").at("title").at("ar").as_string(), "حول");
}

TEST_F(StructureAdmin, CreatesRenamesAndDeletesPages) {
  int audited = 0;
  auto record = [&](db::Session&, const StructureChange&) { ++audited; };
  json::value title = {{"en", "Summer sale"}, {"ar", "تخفيضات الصيف"}};
  auto made = service_->create(5, {StructureKind::marketing, "summer", title}, "ed@aurora.example", record);
  ASSERT_TRUE(made) << made.error().message;
  EXPECT_EQ(made->after.name, "marketing-summer");
  EXPECT_EQ(made->after.published_version, 1);
  const auto tree = json::parse(*repository_->get(5, "marketing-summer"));
  EXPECT_EQ(tree.at("data").at("title").at("ar").as_string(), "تخفيضات الصيف");
  EXPECT_EQ(tree.at("id").as_string(), "marketing-summer");

  auto again = service_->create(5, {StructureKind::marketing, "summer", std::nullopt}, "ed@aurora.example");
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, AdminErrorCode::structure_exists);
  auto bad_slug = service_->create(5, {StructureKind::section, "Sale!", std::nullopt}, "ed@aurora.example");
  ASSERT_FALSE(bad_slug);
  EXPECT_EQ(bad_slug.error().field, "slug");
  auto bad_title = service_->create(5, {StructureKind::info, "help", json::value{{"ar", "مساعدة"}}}, "ed@aurora.example");
  ASSERT_FALSE(bad_title);
  EXPECT_EQ(bad_title.error().field, "title");
  auto section_as_info = service_->create(5, {StructureKind::section, "info-help", std::nullopt}, "ed@aurora.example");
  ASSERT_FALSE(section_as_info);

  auto renamed = service_->rename(5, "marketing-summer", "summer-sale", record);
  ASSERT_TRUE(renamed) << renamed.error().message;
  EXPECT_EQ(renamed->before->name, "marketing-summer");
  EXPECT_EQ(renamed->after.name, "marketing-summer-sale");
  EXPECT_FALSE(repository_->get(5, "marketing-summer"));
  EXPECT_EQ(repository_->versions(5, "marketing-summer-sale").size(), 1u);
  // The tree's root names the structure: the live tree and its versions follow the new name.
  const auto live = json::parse(repository_->get(5, "marketing-summer-sale").value_or("{}"));
  EXPECT_EQ(live.at("name"), "marketing-summer-sale");
  EXPECT_EQ(json::parse(repository_->version(5, "marketing-summer-sale", 1).value().tree).at("name"), "marketing-summer-sale");
  ASSERT_TRUE(service_->create(5, {StructureKind::marketing, "other", std::nullopt}, "ed@aurora.example"));
  auto taken = service_->rename(5, "marketing-other", "summer-sale");
  ASSERT_FALSE(taken);
  EXPECT_EQ(taken.error().code, AdminErrorCode::structure_exists);

  EXPECT_EQ(service_->rename(5, "home", "start").error().code, AdminErrorCode::structure_required);
  EXPECT_EQ(service_->remove(5, "home").error().code, AdminErrorCode::structure_required);
  // The footer the settings name stays while they name it (issue 72 item 6).
  const std::vector<std::string> in_use{"header", "marketing-summer-sale"};
  EXPECT_EQ(service_->remove(5, "marketing-summer-sale", {}, in_use).error().code, AdminErrorCode::structure_required);
  EXPECT_EQ(service_->rename(5, "marketing-summer-sale", "x", {}, in_use).error().code, AdminErrorCode::structure_required);
  EXPECT_TRUE(repository_->get(5, "marketing-summer-sale"));
  auto removed = service_->remove(5, "marketing-summer-sale", [&](db::Session&, const StructureSummary&) { ++audited; });
  ASSERT_TRUE(removed);
  EXPECT_FALSE(repository_->get(5, "marketing-summer-sale"));
  EXPECT_TRUE(repository_->versions(5, "marketing-summer-sale").empty());
  EXPECT_EQ(service_->remove(5, "marketing-summer-sale").error().code, AdminErrorCode::structure_not_found);
  EXPECT_EQ(audited, 3);
}

}  // namespace
}  // namespace portal::structure
