// Apps and consents against a migrated SQLite database: the register checks
// with their fields, the client secret kept only as a hash, owner-only reads
// and writes (another owner's app is not found), names unique per tenant,
// grant / refuse / revoke with the granted list, a paused app taking no new
// grants, and isolation between tenants.
#include "domains/apps/apps_service.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "db/test_database.hpp"
#include "domains/apps/app_names.hpp"
#include "domains/apps/apps_answers.hpp"
#include "domains/apps/apps_repository.hpp"
#include "domains/identity/credentials.hpp"

namespace portal::apps {
namespace {

namespace fs = std::filesystem;

AppInput sample(std::string name = "Step Counter") {
  return {std::move(name), "Acme Studio", "Counts your steps and shows them next to your playlists.",
          "https://acme.example/callback", {"history", "profile"}, std::nullopt};
}

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

std::string field_of(const http::Error& e) {
  return e.data.is_object() ? std::string(e.data.as_object().at("field").as_string()) : std::string();
}

class AppsServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-apps");
    db_ = db::open_test_database(dir_, {{"u-ann", 1}, {"u-bob", 1}, {"u-cy", 2}});
    repository_ = std::make_unique<AppsRepository>(*db_);
    service_ = std::make_unique<AppsService>(*repository_, clock_);
  }
  void TearDown() override {
    service_.reset();
    repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  IssuedAppDto registered(std::int64_t tenant = 1, const std::string& owner = "u-ann",
                          const std::string& name = "Step Counter") {
    auto issued = service_->register_app(tenant, owner, sample(name));
    EXPECT_TRUE(issued) << (issued ? "" : issued.error().message);
    return *issued;
  }

  fs::path dir_;
  core::ManualClock clock_;
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<AppsRepository> repository_;
  std::unique_ptr<AppsService> service_;
};

TEST(AppsValidation, NamesTheFieldThatFails) {
  const auto fails = [](AppInput in, bool with_status = false) {
    auto r = validate(std::move(in), with_status);
    EXPECT_FALSE(r);
    return r ? std::string() : field_of(wire(r));
  };
  auto in = sample();
  in.name = "  ab ";
  EXPECT_EQ(fails(in), "name");
  in = sample(std::string(61, 'x'));
  EXPECT_EQ(fails(in), "name");
  in = sample("Tab\tName");
  EXPECT_EQ(fails(in), "name");
  in = sample();
  in.publisher = "";
  EXPECT_EQ(fails(in), "publisher");
  in = sample();
  in.description = "short";
  EXPECT_EQ(fails(in), "description");
  for (const char* uri : {"http://acme.example/cb", "acme.example/cb", "https:///cb", "https://u:p@acme.example/",
                          "https://acme.example/cb#x", "javascript:alert(1)", ""}) {
    in = sample();
    in.redirect_uri = uri;
    EXPECT_EQ(fails(in), "redirectUri") << uri;
  }
  in = sample();
  in.scopes = {};
  EXPECT_EQ(fails(in), "scopes");
  in.scopes = {"profile", "wallet"};
  EXPECT_EQ(fails(in), "scopes");
  in = sample();
  EXPECT_EQ(fails(in, true), "status");
  in.status = "deleted";
  EXPECT_EQ(fails(in, true), "status");
}

TEST(AppsValidation, TrimsAndOrdersScopes) {
  auto in = sample("  Ünïcode Név  ");
  in.redirect_uri = "HTTPS://Acme.Example";
  in.scopes = {"purchases", "email", "purchases", "profile"};
  auto r = validate(in, false);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->name, "Ünïcode Név");
  EXPECT_EQ(r->redirect_uri, "https://acme.example/");
  EXPECT_EQ(r->scopes, (std::vector<std::string>{"profile", "email", "purchases"}));
  EXPECT_FALSE(r->status);
  EXPECT_TRUE(is_app_id("app_0123456789abcdef"));
  EXPECT_FALSE(is_app_id("app_0123456789ABCDEF"));
  EXPECT_FALSE(is_app_id("app_' OR 1=1 --xxxx"));
}

TEST_F(AppsServiceTest, RegisterKeepsOnlyTheSecretsHash) {
  const auto issued = registered();
  EXPECT_TRUE(is_app_id(issued.app.id));
  EXPECT_EQ(issued.app.status, "active");
  EXPECT_EQ(issued.app.scopes, (std::vector<std::string>{"profile", "history"}));
  EXPECT_EQ(issued.clientSecret.size(), 64u);
  auto stored = db_->query("SELECT secret_hash FROM apps WHERE id = $1", {issued.app.id});
  ASSERT_EQ(stored.size(), 1u);
  EXPECT_NE(stored[0].text(0), issued.clientSecret);
  EXPECT_EQ(stored[0].text(0), identity::sha256_hex(issued.clientSecret));
  EXPECT_TRUE(service_->secret_matches(1, issued.app.id, issued.clientSecret));
  EXPECT_FALSE(service_->secret_matches(1, issued.app.id, "wrong"));
  EXPECT_FALSE(service_->secret_matches(2, issued.app.id, issued.clientSecret));

  auto rotated = service_->rotate_secret(1, "u-ann", issued.app.id);
  ASSERT_TRUE(rotated);
  EXPECT_NE(rotated->clientSecret, issued.clientSecret);
  EXPECT_FALSE(service_->secret_matches(1, issued.app.id, issued.clientSecret));
  EXPECT_TRUE(service_->secret_matches(1, issued.app.id, rotated->clientSecret));
}

TEST_F(AppsServiceTest, NamesAreUniquePerTenantWhateverTheCase) {
  registered();
  auto again = service_->register_app(1, "u-bob", sample("STEP counter"));
  ASSERT_FALSE(again);
  EXPECT_EQ(wire(again).status, 409);
  EXPECT_EQ(wire(again).code, "APP_NAME_TAKEN");
  EXPECT_EQ(field_of(wire(again)), "name");
  EXPECT_TRUE(service_->register_app(2, "u-cy", sample("Step Counter")));  // another tenant
}

TEST_F(AppsServiceTest, LookAlikeNamesAreRefused) {
  const auto ann = registered().app.id;
  for (const char* name : {"Stеp Counter", "Step Соunter", "ＳＴＥＰ ＣＯＵＮＴＥＲ"}) {  // Cyrillic е, С о; full width
    auto again = service_->register_app(1, "u-bob", sample(name));
    ASSERT_FALSE(again) << name;
    EXPECT_EQ(wire(again).status, 409);
    EXPECT_EQ(wire(again).code, "APP_NAME_CONFUSABLE");
    EXPECT_EQ(field_of(wire(again)), "name");
  }
  for (const char* name : {"Step\u200BCounter", "Step Counter\u200B", "Step \u202ECounter"}) {
    auto invisible = service_->register_app(1, "u-bob", sample(name));
    ASSERT_FALSE(invisible) << name;
    EXPECT_EQ(wire(invisible).status, 400);
    EXPECT_EQ(wire(invisible).code, "APP_NAME_INVISIBLE_CHARACTERS");
    EXPECT_EQ(field_of(wire(invisible)), "name");
  }
  EXPECT_TRUE(service_->register_app(2, "u-cy", sample("Stеp Counter")));  // another tenant

  // Renaming: into a look-alike of another app is refused, a look-alike of its own name is not.
  const auto bob = registered(1, "u-bob", "Bob's Radio").app.id;
  auto in = sample("Stеp Counter");
  in.status = "active";
  EXPECT_EQ(wire(service_->update(1, "u-bob", bob, in)).code, "APP_NAME_CONFUSABLE");
  in.name = "Bоb's Radio";
  EXPECT_TRUE(service_->update(1, "u-bob", bob, in));
  in.name = "STEP COUNTER";
  EXPECT_TRUE(service_->update(1, "u-ann", ann, in));
}

TEST_F(AppsServiceTest, TheDatabaseRefusesALookAlikeTheCheckMissed) {
  registered();
  // As if a concurrent registration passed the check first: the unique skeleton decides.
  AppRecord twin{"app_00000000000000ff", "u-bob", "Stеp Counter", "Acme", "A look-alike", "https://a.example/",
                 {"profile"}, "active", "t", "t", 0};
  EXPECT_EQ(repository_->insert(1, twin, {"stеp counter", name_skeleton(twin.name)}, "h", 20),
            WriteOutcome::name_confusable);
  EXPECT_EQ(repository_->insert(1, twin, {"step counter", name_skeleton(twin.name)}, "h", 20), WriteOutcome::name_taken);
}

TEST_F(AppsServiceTest, StartUpFillsTheSkeletonsOfOlderApps) {
  const auto first = registered().app.id;
  clock_.advance(std::chrono::seconds(1));  // the older app keeps the key
  const auto second = registered(1, "u-bob", "Bob's Radio").app.id;
  // Rows as migration 0026 found them, one of them a look-alike of another.
  db_->execute("UPDATE apps SET name_skeleton = NULL");
  db_->execute("UPDATE apps SET name = 'Stеp Counter', name_key = 'stеp counter' WHERE id = $1", {second});
  EXPECT_EQ(service_->fill_name_skeletons(), 1u);
  auto rows = db_->query("SELECT id, name_skeleton FROM apps WHERE name_skeleton IS NOT NULL");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].text(0), first);
  EXPECT_EQ(rows[0].text(1), name_skeleton("Step Counter"));
  EXPECT_EQ(service_->fill_name_skeletons(), 0u);
  EXPECT_EQ(wire(service_->register_app(1, "u-cy", sample("Step Cоunter"))).code, "APP_NAME_CONFUSABLE");
}

TEST_F(AppsServiceTest, OnlyTheOwnerReadsAndWritesTheApp) {
  const auto id = registered().app.id;
  registered(1, "u-bob", "Bob's Radio");
  ASSERT_EQ(service_->owned(1, "u-ann").size(), 1u);
  EXPECT_EQ(service_->owned(1, "u-ann")[0].id, id);
  EXPECT_TRUE(service_->owned_app(1, "u-ann", id));

  auto in = sample("Renamed");
  in.status = "paused";
  for (auto r : {service_->owned_app(1, "u-bob", id), service_->update(1, "u-bob", id, in),
                 service_->owned_app(2, "u-cy", id)}) {
    ASSERT_FALSE(r);
    EXPECT_EQ(wire(r).status, 404);
    EXPECT_EQ(wire(r).code, "APP_NOT_FOUND");
  }
  EXPECT_FALSE(service_->rotate_secret(1, "u-bob", id));
  EXPECT_FALSE(service_->remove(1, "u-bob", id));
  EXPECT_EQ(service_->owned_app(1, "u-ann", id)->name, "Step Counter");

  auto updated = service_->update(1, "u-ann", id, in);
  ASSERT_TRUE(updated) << updated.error().message;
  EXPECT_EQ(updated->name, "Renamed");
  EXPECT_EQ(updated->status, "paused");
  auto taken = sample("bob's radio");
  taken.status = "active";
  EXPECT_EQ(wire(service_->update(1, "u-ann", id, taken)).code, "APP_NAME_TAKEN");
  ASSERT_TRUE(service_->remove(1, "u-ann", id));
  EXPECT_FALSE(service_->owned_app(1, "u-ann", id));
}

TEST_F(AppsServiceTest, GrantRefuseRevoke) {
  const auto id = registered().app.id;
  auto none = service_->consent(1, "u-bob", id);
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->decision);
  EXPECT_EQ(none->app.redirectHost, "acme.example");

  EXPECT_EQ(wire(service_->decide(1, "u-bob", id, "maybe")).code, "VALIDATION_ERROR");
  auto refused = service_->decide(1, "u-bob", id, "refused");
  ASSERT_TRUE(refused);
  EXPECT_EQ(*refused->decision, "refused");
  EXPECT_TRUE(refused->scopes.empty());
  EXPECT_TRUE(service_->granted(1, "u-bob").empty());
  EXPECT_EQ(wire(service_->revoke(1, "u-bob", id)).code, "CONSENT_NOT_FOUND");

  auto granted = service_->decide(1, "u-bob", id, "granted");
  ASSERT_TRUE(granted);
  EXPECT_EQ(*granted->decision, "granted");
  EXPECT_EQ(granted->scopes, (std::vector<std::string>{"profile", "history"}));
  EXPECT_TRUE(granted->current);
  ASSERT_EQ(service_->granted(1, "u-bob").size(), 1u);
  EXPECT_EQ(service_->owned_app(1, "u-ann", id)->grantedCount, 1);
  EXPECT_TRUE(service_->granted(1, "u-ann").empty());

  // The owner asks for more: the grant no longer covers it.
  auto more = sample();
  more.scopes = {"profile", "history", "email"};
  more.status = "active";
  ASSERT_TRUE(service_->update(1, "u-ann", id, more));
  EXPECT_FALSE(service_->consent(1, "u-bob", id)->current);

  auto revoked = service_->revoke(1, "u-bob", id);
  ASSERT_TRUE(revoked);
  EXPECT_EQ(*revoked->decision, "revoked");
  EXPECT_TRUE(service_->granted(1, "u-bob").empty());
  EXPECT_EQ(service_->owned_app(1, "u-ann", id)->grantedCount, 0);
  EXPECT_EQ(wire(service_->revoke(1, "u-bob", id)).code, "CONSENT_NOT_FOUND");
}

TEST_F(AppsServiceTest, PausedAppsTakeNoGrantsAndDeletedAppsLeaveNoConsents) {
  const auto id = registered().app.id;
  ASSERT_TRUE(service_->decide(1, "u-bob", id, "granted"));
  auto paused = sample();
  paused.status = "paused";
  ASSERT_TRUE(service_->update(1, "u-ann", id, paused));
  EXPECT_EQ(wire(service_->decide(1, "u-ann", id, "granted")).code, "APP_PAUSED");
  EXPECT_TRUE(service_->decide(1, "u-ann", id, "refused"));
  EXPECT_EQ(service_->granted(1, "u-bob").size(), 1u);  // an earlier grant stays until revoked
  ASSERT_TRUE(service_->remove(1, "u-ann", id));
  EXPECT_TRUE(service_->granted(1, "u-bob").empty());
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM app_consents")[0].integer(0), 0);
}

TEST_F(AppsServiceTest, AppsOfAnotherTenantAreNotFound) {
  const auto id = registered().app.id;
  EXPECT_EQ(wire(service_->consent(2, "u-cy", id)).code, "APP_NOT_FOUND");
  EXPECT_EQ(wire(service_->decide(2, "u-cy", id, "granted")).code, "APP_NOT_FOUND");
  EXPECT_TRUE(service_->owned(2, "u-cy").empty());
}

TEST_F(AppsServiceTest, AnOwnerHoldsAtMostTheLimit) {
  for (std::int64_t i = 0; i < kMaxAppsPerOwner; ++i) registered(1, "u-ann", "App number " + std::to_string(i));
  auto over = service_->register_app(1, "u-ann", sample("One too many"));
  ASSERT_FALSE(over);
  EXPECT_EQ(wire(over).code, "APP_LIMIT_REACHED");
  EXPECT_TRUE(service_->register_app(1, "u-bob", sample("One too many")));
}

TEST_F(AppsServiceTest, ErrorsAreDomainCodesWithoutStatus) {
  const auto id = registered().app.id;
  auto taken = service_->register_app(1, "u-bob", sample("step COUNTER"));
  ASSERT_FALSE(taken);
  EXPECT_EQ(taken.error().code, ErrorCode::name_taken);
  EXPECT_EQ(taken.error().field, "name");
  EXPECT_EQ(service_->register_app(1, "u-bob", sample("Stеp Counter")).error().code, ErrorCode::name_confusable);
  EXPECT_EQ(service_->register_app(1, "u-bob", sample("Step\u200BCounter")).error().code,
            ErrorCode::name_invisible_characters);
  EXPECT_EQ(service_->owned_app(1, "u-bob", id).error().code, ErrorCode::app_not_found);
  auto decision = service_->decide(1, "u-bob", id, "maybe");
  ASSERT_FALSE(decision);
  EXPECT_EQ(decision.error().code, ErrorCode::invalid_field);
  EXPECT_EQ(decision.error().field, "decision");
  EXPECT_EQ(service_->revoke(1, "u-bob", id).error().code, ErrorCode::consent_not_found);
  auto paused = sample();
  paused.status = "paused";
  ASSERT_TRUE(service_->update(1, "u-ann", id, paused));
  EXPECT_EQ(service_->decide(1, "u-bob", id, "granted").error().code, ErrorCode::app_paused);
}

TEST(AppsAnswers, EachCodeHasItsStatusAndWireCode) {
  const std::pair<ErrorCode, std::pair<int, const char*>> expected[] = {
      {ErrorCode::invalid_field, {400, "VALIDATION_ERROR"}},
      {ErrorCode::name_invisible_characters, {400, "APP_NAME_INVISIBLE_CHARACTERS"}},
      {ErrorCode::name_taken, {409, "APP_NAME_TAKEN"}},
      {ErrorCode::name_confusable, {409, "APP_NAME_CONFUSABLE"}},
      {ErrorCode::app_limit_reached, {409, "APP_LIMIT_REACHED"}},
      {ErrorCode::app_not_found, {404, "APP_NOT_FOUND"}},
      {ErrorCode::app_paused, {409, "APP_PAUSED"}},
      {ErrorCode::consent_not_found, {404, "CONSENT_NOT_FOUND"}},
  };
  for (const auto& [code, wire_code] : expected) {
    const auto e = http_error(Error::of(code, "m"));
    EXPECT_EQ(e.status, wire_code.first) << wire_code.second;
    EXPECT_EQ(e.code, wire_code.second);
    if (code != ErrorCode::invalid_field) EXPECT_EQ(e.message, "m");
  }
  EXPECT_EQ(http_error(Error::invalid("name", "is required")).message, "name: is required");
}

}  // namespace
}  // namespace portal::apps
