// Parental control against a migrated SQLite database: set-up and changes
// (the current password first), the lock-out after five wrong passwords
// (also for the right one while locked, lifted with time), the reset code
// (mailed, hashed, single use, expiring, retired by a newer one), tenant
// isolation, and the one rating-limit rule every domain uses.
#include "domains/parental_control/parental_control_service.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "db/test_database.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/parental_control/parental_control_answers.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::parental_control {
namespace {

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

namespace fs = std::filesystem;

class Outbox : public identity::Mailer {
 public:
  void send(std::int64_t, const identity::Mail& mail) override { mails.push_back(mail); }
  std::string last_code() const {
    std::smatch m;
    if (mails.empty() || !std::regex_search(mails.back().body, m, std::regex("\\b(\\d{8})\\b"))) return {};
    return m[1];
  }
  std::vector<identity::Mail> mails;
};

class ParentalControlServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // New hashes at argon2id's least cost (credentials_test holds the interactive cost).
    identity::set_password_hash_cost(identity::PasswordHashCost::least);
    dir_ = db::test_directory("portal-parental");
    db_ = db::open_test_database(dir_, {{"u-ann", 1}, {"u-bob", 1}, {"u-cat", 2}});
    repository_ = std::make_unique<ParentalControlRepository>(*db_);
    service_ = std::make_unique<ParentalControlService>(
        *repository_, outbox_,
        [](std::int64_t, const std::string& uuid) -> std::optional<std::string> {
          if (uuid == "u-bob") return std::nullopt;
          return uuid.substr(2) + "@example.com";
        },
        clock_);
  }
  void TearDown() override {
    identity::set_password_hash_cost(identity::PasswordHashCost::interactive);
    service_.reset();
    repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }
  Settings setup(std::string password, int age) {
    Settings s;
    s.password = std::move(password);
    s.max_age_group = age;
    s.is_active = true;
    return s;
  }

  fs::path dir_;
  core::ManualClock clock_;
  Outbox outbox_;
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<ParentalControlRepository> repository_;
  std::unique_ptr<ParentalControlService> service_;
};

TEST_F(ParentalControlServiceTest, SetUpStoresAnArgon2HashAndTheLimitRidesWhileActive) {
  EXPECT_FALSE(service_->active_limit(1, "u-ann"));
  auto a = service_->update(1, "u-ann", setup("2468", 20));
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_TRUE(a->password_hash.starts_with("$argon2id$"));
  EXPECT_EQ(service_->active_limit(1, "u-ann"), 20);
  EXPECT_FALSE(service_->active_limit(2, "u-ann")) << "tenant isolation";
  // Bad input names the field.
  Settings bad = setup("2468", 25);
  EXPECT_EQ(wire(service_->update(1, "u-bob", bad)).data.at("field"), "maxAgeGroup");
  EXPECT_EQ(wire(service_->update(1, "u-bob", setup("12", 20))).data.at("field"), "password");
  // Turning it off needs the current password.
  Settings off;
  off.is_active = false;
  EXPECT_EQ(wire(service_->update(1, "u-ann", off)).data.at("field"), "currentPassword");
  off.current_password = "0000";
  EXPECT_EQ(wire(service_->update(1, "u-ann", off)).code, "PARENTAL_PASSWORD_WRONG");
  off.current_password = "2468";
  ASSERT_TRUE(service_->update(1, "u-ann", off));
  EXPECT_FALSE(service_->active_limit(1, "u-ann"));
}

TEST_F(ParentalControlServiceTest, FiveWrongPasswordsLockTheCheckUntilTheLockEnds) {
  ASSERT_TRUE(service_->update(1, "u-ann", setup("2468", 20)));
  for (int i = 0; i < 5; ++i) {
    auto r = service_->verify(1, "u-ann", "nope");
    ASSERT_FALSE(r);
    EXPECT_EQ(wire(r).status, 403);
    EXPECT_EQ(wire(r).data.at("attemptsLeft").as_int64(), i < 4 ? 4 - i : 0);
  }
  auto locked = service_->verify(1, "u-ann", "2468");
  ASSERT_FALSE(locked);
  EXPECT_EQ(wire(locked).status, 429);
  EXPECT_GT(wire(locked).data.at("retryAfter").as_int64(), 14 * 60);
  clock_.advance(std::chrono::minutes(16));
  EXPECT_TRUE(service_->verify(1, "u-ann", "2468"));
  EXPECT_EQ(repository_->account(1, "u-ann")->failed_attempts, 0);
  EXPECT_EQ(wire(service_->verify(2, "u-cat", "2468")).code, "PARENTAL_CONTROL_NOT_FOUND");
}

TEST_F(ParentalControlServiceTest, AResetCodeIsMailedHashedAndWorksOnceBeforeItExpires) {
  EXPECT_EQ(wire(service_->send_reset_code(1, "u-ann")).code, "PARENTAL_CONTROL_NOT_FOUND");
  ASSERT_TRUE(service_->update(1, "u-ann", setup("2468", 20)));
  ASSERT_TRUE(service_->update(1, "u-bob", setup("2468", 20)));
  EXPECT_EQ(wire(service_->send_reset_code(1, "u-bob")).code, "NO_EMAIL");
  auto sent = service_->send_reset_code(1, "u-ann");
  ASSERT_TRUE(sent);
  EXPECT_EQ(sent->recipient, "a***@example.com");
  ASSERT_EQ(outbox_.last_code().size(), 8u);
  EXPECT_EQ(outbox_.mails.back().recipient, "ann@example.com");
  // The texts in the user's language, the code in place of {{code}}.
  ASSERT_TRUE(service_->send_reset_code(1, "u-ann", {"Code", "Dein Code: {{code}}"}));
  EXPECT_EQ(outbox_.mails.back().subject, "Code");
  EXPECT_TRUE(outbox_.mails.back().body.starts_with("Dein Code: ")) << outbox_.mails.back().body;
  const std::string code = outbox_.last_code();
  // Only the hash is stored.
  auto stored = db_->query("SELECT code_hash FROM parental_reset_codes WHERE user_uuid = 'u-ann' AND used_at IS NULL");
  ASSERT_EQ(stored.size(), 1u);
  EXPECT_NE(stored[0].text(0), code);
  EXPECT_EQ(stored[0].text(0).size(), 64u);

  EXPECT_EQ(wire(service_->reset(1, "u-ann", "12345678", "1357")).code, "RESET_CODE_INVALID");
  EXPECT_EQ(wire(service_->reset(2, "u-cat", code, "1357")).code, "PARENTAL_CONTROL_NOT_FOUND");
  ASSERT_TRUE(service_->reset(1, "u-ann", code, "1357"));
  EXPECT_TRUE(service_->verify(1, "u-ann", "1357"));
  EXPECT_EQ(wire(service_->reset(1, "u-ann", code, "9999")).code, "RESET_CODE_INVALID") << "single use";

  // A newer code retires the older one; a code expires after 15 minutes.
  clock_.advance(std::chrono::minutes(61));  // the two mails above are an hour old
  ASSERT_TRUE(service_->send_reset_code(1, "u-ann"));
  const std::string older = outbox_.last_code();
  ASSERT_TRUE(service_->send_reset_code(1, "u-ann"));
  const std::string newer = outbox_.last_code();
  if (older != newer) EXPECT_FALSE(service_->reset(1, "u-ann", older, "2222"));
  ASSERT_TRUE(service_->send_reset_code(1, "u-ann"));  // the third of this hour
  const std::string latest = outbox_.last_code();
  EXPECT_EQ(wire(service_->send_reset_code(1, "u-ann")).status, 429) << "three mails an hour";
  clock_.advance(std::chrono::minutes(16));
  EXPECT_EQ(wire(service_->reset(1, "u-ann", latest, "2222")).code, "RESET_CODE_INVALID") << "expired";
  EXPECT_TRUE(service_->verify(1, "u-ann", "1357"));
}

TEST(ParentalControlRules, TheLimitIsTheAccountsWhileActiveElseTheTenantsElse60) {
  tenants::Tenant t;
  EXPECT_EQ(max_rating_for(t, std::nullopt), 60);
  EXPECT_EQ(max_rating_for(t, 20), 20);
  t.features["maxRating"] = 30;
  EXPECT_EQ(max_rating_for(t, std::nullopt), 30);
  EXPECT_EQ(max_rating_for(t, 10), 10);
  EXPECT_EQ(max_rating_for(t, 40), 30) << "a parent narrows the tenant's limit, never widens it";
  EXPECT_TRUE(rating_allowed(20, 20));
  EXPECT_FALSE(rating_allowed(40, 20));
  EXPECT_TRUE(rating_allowed(std::nullopt, 0)) << "unrated: all ages";
  for (int level : {0, 10, 20, 30, 40}) EXPECT_TRUE(valid_age_group(level));
  EXPECT_FALSE(valid_age_group(60));
  EXPECT_FALSE(valid_age_group(-10));
}

TEST_F(ParentalControlServiceTest, ErrorsAreDomainCodesWithoutStatus) {
  EXPECT_EQ(service_->verify(1, "u-ann", "2468").error().code, ErrorCode::not_configured);
  ASSERT_TRUE(service_->update(1, "u-ann", setup("2468", 20)));
  auto wrong = service_->verify(1, "u-ann", "nope");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, ErrorCode::password_wrong);
  EXPECT_EQ(wrong.error().field, "password");
  EXPECT_EQ(wrong.error().attempts_left, 4);
  EXPECT_EQ(wire(wrong).data,
            (boost::json::value{{"field", "password"}, {"reason", "is wrong"}, {"attemptsLeft", 4}}));
  auto bad_code = service_->reset(1, "u-ann", "12345678", "1357");
  ASSERT_FALSE(bad_code);
  EXPECT_EQ(bad_code.error().code, ErrorCode::reset_code_invalid);
  EXPECT_EQ(wire(bad_code).status, 400);
  EXPECT_EQ(wire(bad_code).data.at("field"), "randomCode");
  auto missing = service_->update(1, "u-bob", setup("12", 20));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ErrorCode::invalid_field);
  EXPECT_EQ(missing.error().field, "password");
  EXPECT_EQ(wire(missing).data, (boost::json::value{{"field", "password"}, {"reason", "must be 4 to 64 characters"}}));
  EXPECT_EQ(service_->send_reset_code(1, "u-bob").error().code, ErrorCode::not_configured);
}

}  // namespace
}  // namespace portal::parental_control
