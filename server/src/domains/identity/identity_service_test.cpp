// The rules of identity against a migrated SQLite database and a ManualClock:
// code expiry and single use, refresh rotation and reuse detection, access
// expiry, throttling windows, validation, password reset.
#include "domains/identity/identity_service.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "db/migrations.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/identity/devices_repository.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/throttle_repository.hpp"
#include "domains/identity/tokens_repository.hpp"
#include "domains/identity/users_repository.hpp"

namespace portal::identity {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

class CapturingMailer : public Mailer {
 public:
  void send(std::int64_t tenant_id, const Mail& mail) override { sent.push_back({tenant_id, mail}); }
  std::vector<std::pair<std::int64_t, Mail>> sent;
};

class IdentityServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-identity-" + std::to_string(std::random_device{}()));
    db_ = db::open((dir_ / "portal.db").string(), 2);
    db::migrate(*db_, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    for (int id : {1, 2})
      db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES ($1, $2, $2, 'x', 'x')",
                   {std::int64_t{id}, "t" + std::to_string(id)});
    users_ = std::make_unique<UsersRepository>(*db_);
    tokens_ = std::make_unique<TokensRepository>(*db_);
    throttle_ = std::make_unique<ThrottleRepository>(*db_);
    devices_ = std::make_unique<DevicesRepository>(*db_);
    service_ = std::make_unique<IdentityService>(IdentityService::Repositories{*users_, *tokens_, *throttle_, *devices_},
                                                 mailer_, clock_);
  }
  void TearDown() override {
    service_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  User registered(std::int64_t tenant, const std::string& email, const std::string& password = "secret-password") {
    auto user = service_->register_user(tenant, {"Ada", "L", email, password}, "10.0.0.1");
    EXPECT_TRUE(user) << (user ? "" : user.error().message);
    return *user;
  }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  CapturingMailer mailer_;
  std::unique_ptr<UsersRepository> users_;
  std::unique_ptr<TokensRepository> tokens_;
  std::unique_ptr<ThrottleRepository> throttle_;
  std::unique_ptr<DevicesRepository> devices_;
  std::unique_ptr<IdentityService> service_;
};

TEST_F(IdentityServiceTest, CodeIsSingleUseAndBoundToTenantAndRedirect) {
  const User user = registered(1, "ada@example.com");
  const std::string code = service_->issue_code(1, user, "http://localhost/music");
  EXPECT_FALSE(service_->exchange_code(2, code, "http://localhost/music"));  // another tenant
  auto tokens = service_->exchange_code(1, code, "http://localhost/music");
  ASSERT_TRUE(tokens);
  auto again = service_->exchange_code(1, code, "http://localhost/music");
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, "INVALID_CODE");

  const std::string other = service_->issue_code(1, user, "http://localhost/music");
  auto wrong = service_->exchange_code(1, other, "http://localhost/video");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, "INVALID_CODE");
  EXPECT_FALSE(service_->exchange_code(1, other, "http://localhost/music")) << "the wrong attempt spent it";
}

TEST_F(IdentityServiceTest, CodeExpiresAfterSixtySeconds) {
  const User user = registered(1, "ada@example.com");
  const std::string fresh = service_->issue_code(1, user, "http://localhost/");
  const std::string stale = service_->issue_code(1, user, "http://localhost/");
  clock_.advance(59s);
  EXPECT_TRUE(service_->exchange_code(1, fresh, "http://localhost/"));
  clock_.advance(2s);
  auto late = service_->exchange_code(1, stale, "http://localhost/");
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().code, "INVALID_CODE");
  EXPECT_EQ(late.error().message, "The code has expired");
}

TEST_F(IdentityServiceTest, CodeRedirectIsComparedInCanonicalForm) {
  const User user = registered(1, "ada@example.com");
  const std::string code = service_->issue_code(1, user, "http://localhost/x?articleId=1");
  EXPECT_TRUE(service_->exchange_code(1, code, "HTTP://LOCALHOST/x?articleId=1&code=abc#top"));
}

TEST_F(IdentityServiceTest, AccessTokenExpiresAfterFifteenMinutes) {
  const User user = registered(1, "ada@example.com");
  auto pair = service_->open_session(1, user);
  ASSERT_TRUE(pair);
  EXPECT_EQ(pair->expires, std::chrono::duration_cast<std::chrono::milliseconds>(
                               (clock_.now() + 15min).time_since_epoch()).count());
  EXPECT_TRUE(service_->authenticate(1, pair->access_token));
  EXPECT_FALSE(service_->authenticate(2, pair->access_token)) << "other tenant";
  clock_.advance(15min + 1s);
  auto expired = service_->authenticate(1, pair->access_token);
  ASSERT_FALSE(expired);
  EXPECT_EQ(expired.error().status, 401);
  EXPECT_TRUE(service_->refresh(1, pair->refresh_token)) << "the refresh token outlives it";
}

TEST_F(IdentityServiceTest, RefreshRotatesAndReuseRevokesTheFamily) {
  const User user = registered(1, "ada@example.com");
  auto first = service_->open_session(1, user);
  auto second = service_->refresh(1, first->refresh_token);
  ASSERT_TRUE(second);
  EXPECT_NE(second->refresh_token, first->refresh_token);
  EXPECT_EQ(second->session_id, first->session_id);
  auto third = service_->refresh(1, second->refresh_token);
  ASSERT_TRUE(third);

  auto reuse = service_->refresh(1, first->refresh_token);
  ASSERT_FALSE(reuse);
  EXPECT_EQ(reuse.error().status, 401);
  EXPECT_FALSE(service_->refresh(1, third->refresh_token)) << "family revoked";
  EXPECT_FALSE(service_->authenticate(1, third->access_token)) << "family revoked";
  EXPECT_FALSE(service_->refresh(2, third->refresh_token));
}

TEST_F(IdentityServiceTest, RefreshTokenExpiresAfterThirtyDays) {
  const User user = registered(1, "ada@example.com");
  auto pair = service_->open_session(1, user);
  clock_.advance(std::chrono::hours(24 * 30) + 1s);
  auto late = service_->refresh(1, pair->refresh_token);
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().message, "The refresh token has expired");
}

TEST_F(IdentityServiceTest, LogoutRevokesTheSession) {
  const User user = registered(1, "ada@example.com");
  auto pair = service_->open_session(1, user);
  service_->logout(1, pair->session_id);
  EXPECT_FALSE(service_->authenticate(1, pair->access_token));
  EXPECT_FALSE(service_->refresh(1, pair->refresh_token));
}

TEST_F(IdentityServiceTest, TokensAreStoredOnlyAsHashes) {
  const User user = registered(1, "ada@example.com");
  auto pair = service_->open_session(1, user);
  auto rows = db_->query("SELECT token_hash FROM access_tokens UNION ALL SELECT token_hash FROM refresh_tokens");
  ASSERT_EQ(rows.size(), 2u);
  for (const auto& r : rows) {
    EXPECT_NE(r.text(0), pair->access_token);
    EXPECT_NE(r.text(0), pair->refresh_token);
  }
  EXPECT_EQ(rows[0].text(0), sha256_hex(pair->access_token));
  EXPECT_TRUE(users_->by_email(1, "ada@example.com")->password_hash.starts_with("$argon2id$"));
}

TEST_F(IdentityServiceTest, FailuresFromOneAddressDelayThatPairOnly) {
  registered(1, "ada@example.com");
  for (int i = 0; i < 5; ++i) {
    auto r = service_->sign_in(1, "ada@example.com", "wrong-password", "10.0.0.2");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, "INVALID_CREDENTIALS");
  }
  // The attacker's address waits 30 s after its fifth failure...
  auto blocked = service_->sign_in(1, "ADA@example.com ", "secret-password", "10.0.0.2");
  ASSERT_FALSE(blocked);
  EXPECT_EQ(blocked.error().status, 429);
  EXPECT_EQ(blocked.error().data.at("retryAfter").as_int64(), 31);
  // ...while the owner, elsewhere, signs in at once.
  EXPECT_TRUE(service_->sign_in(1, "ada@example.com", "secret-password", "10.0.0.9"));
  EXPECT_TRUE(service_->sign_in(2, "ada@example.com", "x", "10.0.0.2").error().code == "INVALID_CREDENTIALS")
      << "other tenant unaffected";
  // Each further failure doubles the delay: 60 s after the sixth.
  clock_.advance(31s);
  ASSERT_EQ(service_->sign_in(1, "ada@example.com", "wrong-again", "10.0.0.2").error().code, "INVALID_CREDENTIALS");
  EXPECT_EQ(service_->sign_in(1, "ada@example.com", "secret-password", "10.0.0.2").error().data.at("retryAfter").as_int64(), 61);
  clock_.advance(61s);
  EXPECT_TRUE(service_->sign_in(1, "ada@example.com", "secret-password", "10.0.0.2")) << "the pair is free again";
  EXPECT_TRUE(service_->sign_in(1, "ada@example.com", "wrong-password", "10.0.0.2").error().code == "INVALID_CREDENTIALS")
      << "a success cleared the pair's count";
}

TEST_F(IdentityServiceTest, AccountCeilingHoldsAcrossAddresses) {
  registered(1, "ada@example.com");
  // 100 failures from 25 addresses (4 each: below every pair's delay).
  for (int a = 0; a < 25; ++a)
    for (int i = 0; i < 4; ++i)
      ASSERT_EQ(service_->sign_in(1, "ada@example.com", "wrong-password", "10.1.0." + std::to_string(a)).error().status, 400);
  auto blocked = service_->sign_in(1, "ada@example.com", "secret-password", "10.9.9.9");
  ASSERT_FALSE(blocked);
  EXPECT_EQ(blocked.error().status, 429);
  clock_.advance(15min + 1s);
  EXPECT_TRUE(service_->sign_in(1, "ada@example.com", "secret-password", "10.9.9.9"));
}

TEST_F(IdentityServiceTest, RegistrationsPerAddressAreLimited) {
  for (int i = 0; i < ThrottleLimits{}.registrations_per_address; ++i)
    ASSERT_TRUE(service_->register_user(1, {"A", "B", "r" + std::to_string(i) + "@example.com", "secret-password"}, "10.0.0.7"));
  auto sixth = service_->register_user(1, {"A", "B", "late@example.com", "secret-password"}, "10.0.0.7");
  ASSERT_FALSE(sixth);
  EXPECT_EQ(sixth.error().status, 429);
  EXPECT_EQ(sixth.error().code, "TOO_MANY_REQUESTS");
  EXPECT_TRUE(service_->register_user(1, {"A", "B", "late@example.com", "secret-password"}, "10.0.0.8")) << "another address";
  clock_.advance(1h + 1s);
  EXPECT_TRUE(service_->register_user(1, {"A", "B", "later@example.com", "secret-password"}, "10.0.0.7"));
}

TEST_F(IdentityServiceTest, ResetMailsAreLimitedPerEmailAndAddressAlikeForUnknownEmails) {
  registered(1, "ada@example.com");
  const MailText text{"Reset", "{{link}}"};
  for (const char* email : {"ada@example.com", "nobody@example.com"}) {
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(service_->request_password_reset(1, email, "http://localhost/r", text, "10.0.1." + std::to_string(i)));
    auto fourth = service_->request_password_reset(1, email, "http://localhost/r", text, "10.0.1.9");
    ASSERT_FALSE(fourth) << email;
    EXPECT_EQ(fourth.error().status, 429);
  }
  EXPECT_EQ(mailer_.sent.size(), 3u) << "only the known e-mail got mail, three times";
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(service_->request_password_reset(1, "x" + std::to_string(i) + "@example.com", "http://localhost/r", text, "10.0.2.1"));
  EXPECT_FALSE(service_->request_password_reset(1, "y@example.com", "http://localhost/r", text, "10.0.2.1")) << "per address";
}

TEST_F(IdentityServiceTest, TheResetMailHasAnHtmlAlternativeWithTheLink) {
  registered(1, "ada@example.com");
  const MailText text{"إعادة تعيين", "مرحبًا <ada>,\n\nافتح:\n{{link}}\n\nشكرًا", "ar"};
  ASSERT_TRUE(service_->request_password_reset(1, "ada@example.com", "http://localhost/resetpassword", text, "10.0.3.1"));
  ASSERT_EQ(mailer_.sent.size(), 1u);
  const Mail& m = mailer_.sent[0].second;
  const auto link_at = m.body.find("http://localhost/resetpassword?session=");
  ASSERT_NE(link_at, std::string::npos);
  const std::string link = m.body.substr(link_at, m.body.find('\n', link_at) - link_at);
  EXPECT_NE(m.html.find("<html lang=\"ar\" dir=\"rtl\">"), std::string::npos) << m.html;
  EXPECT_NE(m.html.find("<a href=\"" + link + "\">" + link + "</a>"), std::string::npos) << m.html;
  EXPECT_NE(m.html.find("مرحبًا &lt;ada&gt;,</p><p>افتح:<br>"), std::string::npos) << m.html;
}

TEST_F(IdentityServiceTest, UnknownAndKnownEmailsFailAlike) {
  registered(1, "ada@example.com");
  auto known = service_->sign_in(1, "ada@example.com", "wrong-password", "10.0.0.3");
  auto unknown = service_->sign_in(1, "nobody@example.com", "wrong-password", "10.0.0.3");
  ASSERT_FALSE(known);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(known.error().status, unknown.error().status);
  EXPECT_EQ(known.error().message, unknown.error().message);
}

TEST_F(IdentityServiceTest, ProfileUpdateValidatesAndRefusesTakenEmails) {
  const User ada = registered(1, "ada@example.com");
  registered(1, "bob@example.com");
  registered(2, "carol@example.com");
  auto taken = service_->update_profile(1, ada.uuid, {"Ada", "L", "BOB@example.com", {}});
  ASSERT_FALSE(taken);
  EXPECT_EQ(taken.error().status, 409);
  EXPECT_EQ(taken.error().code, "EMAIL_ALREADY_USED");
  auto other_tenant = service_->update_profile(1, ada.uuid, {"Ada", "L", "carol@example.com", {}});
  ASSERT_TRUE(other_tenant) << "e-mails are unique per tenant only";
  EXPECT_EQ(other_tenant->email, "carol@example.com");
  auto dup = service_->register_user(1, {"X", "Y", "Carol@Example.com", "secret-password"}, "10.0.0.4");
  ASSERT_FALSE(dup);
  EXPECT_EQ(dup.error().code, "EMAIL_ALREADY_USED");
}

TEST_F(IdentityServiceTest, PasswordResetIsSingleUseAndExpiresAfterAnHour) {
  const User ada = registered(1, "ada@example.com");
  auto session = service_->open_session(1, ada);
  ASSERT_TRUE(service_->request_password_reset(1, "nobody@example.com", "http://localhost/resetpassword", {"s", "{{link}}"}, "10.0.0.5"));
  EXPECT_TRUE(mailer_.sent.empty());
  ASSERT_TRUE(service_->request_password_reset(1, " Ada@example.com", "http://localhost/resetpassword", {"Reset", "Open {{link}} now"}, "10.0.0.5"));
  ASSERT_EQ(mailer_.sent.size(), 1u);
  const Mail& mail = mailer_.sent[0].second;
  EXPECT_EQ(mail.recipient, "ada@example.com");
  const auto at = mail.body.find("session=");
  ASSERT_NE(at, std::string::npos);
  const std::string token = mail.body.substr(at + 8, 64);

  EXPECT_FALSE(service_->reset_password(2, token, "new-password-1")) << "other tenant";
  ASSERT_TRUE(service_->reset_password(1, token, "new-password-1"));
  EXPECT_FALSE(service_->reset_password(1, token, "new-password-2"));
  EXPECT_TRUE(service_->sign_in(1, "ada@example.com", "new-password-1", "10.0.0.5"));
  EXPECT_FALSE(service_->authenticate(1, session->access_token)) << "old sessions end";

  ASSERT_TRUE(service_->request_password_reset(1, "ada@example.com", "http://localhost/resetpassword", {"Reset", "{{link}}"}, "10.0.0.5"));
  const std::string later = mailer_.sent.back().second.body.substr(mailer_.sent.back().second.body.find("session=") + 8, 64);
  clock_.advance(1h + 1s);
  auto expired = service_->reset_password(1, later, "new-password-3");
  ASSERT_FALSE(expired);
  EXPECT_EQ(expired.error().code, "RESET_SESSION_INVALID");
}

TEST_F(IdentityServiceTest, OperatorSignInNeedsASignedUnexpiredAssertion) {
  const std::string secret = "noor-operator-secret-for-tests";
  const auto one = service_->operator_assertion("noor", secret, "+971 50 000 0001", 1h);
  auto a = service_->operator_sign_in(1, "noor", secret, one);
  auto b = service_->operator_sign_in(1, "noor", secret, service_->operator_assertion("noor", secret, "971500000001", 1h));
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->uuid, b->uuid) << "one user per number";
  EXPECT_EQ(a->user_information.at("msisdn").as_string(), "971500000001");
  auto other = service_->operator_sign_in(2, "vela", secret, service_->operator_assertion("vela", secret, "971500000001", 1h));
  ASSERT_TRUE(other);
  EXPECT_NE(other->uuid, a->uuid);
  EXPECT_TRUE(service_->operator_assertion("noor", secret, "12ab", 1h).empty());

  for (const std::string& forged : {std::string("971500000001"), std::string(""), one + "0",
                                    service_->operator_assertion("noor", "another-secret-0123456789", "971500000001", 1h)})
    EXPECT_EQ(service_->operator_sign_in(1, "noor", secret, forged).error().status, 401) << forged;
  EXPECT_FALSE(service_->operator_sign_in(1, "vela", secret, one)) << "signed for another tenant";
  EXPECT_FALSE(service_->operator_sign_in(1, "noor", "", one)) << "no secret, no auto-login";
  // The number cannot be swapped under the signature.
  std::string swapped = one;
  swapped.replace(swapped.find("971500000001"), 12, "971500000002");
  EXPECT_FALSE(service_->operator_sign_in(1, "noor", secret, swapped));
  clock_.advance(1h + 1s);
  EXPECT_FALSE(service_->operator_sign_in(1, "noor", secret, one)) << "expired";
}

TEST_F(IdentityServiceTest, LanguageMustBeOneOfSix) {
  const User ada = registered(1, "ada@example.com");
  EXPECT_EQ(*service_->set_lang(1, ada.uuid, "ar")->selected_lang, "ar");
  auto bad = service_->set_lang(1, ada.uuid, "it");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().data.at("field").as_string(), "selectedLang");
}

TEST(Validation, ProfileFields) {
  auto ok = validate_profile({"  Ada ", "", " ADA@Example.COM ", {}});
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->name, "Ada");
  EXPECT_EQ(ok->email, "ada@example.com");
  auto field_of = [](ProfileInput in) { return std::string(validate_profile(std::move(in)).error().data.at("field").as_string()); };
  EXPECT_EQ(field_of({"", "L", "a@b.co", {}}), "name");
  EXPECT_EQ(field_of({std::string(65, 'x'), "L", "a@b.co", {}}), "name");
  EXPECT_EQ(field_of({"A\x01", "L", "a@b.co", {}}), "name");
  EXPECT_EQ(field_of({"A", std::string(65, 'y'), "a@b.co", {}}), "lastName");
  for (const char* bad : {"", "a", "a@b", "@b.co", "a@@b.co", "a b@c.co", "a@.co", "a@b.co."})
    EXPECT_EQ(field_of({"A", "L", bad, {}}), "email") << bad;
  EXPECT_EQ(field_of({"A", "L", "a@b.co", {{"blob", std::string(kMaxUserInformationBytes, 'x')}}}), "userInformation");
  EXPECT_FALSE(validate_password("short"));
  EXPECT_TRUE(validate_password("long-enough"));
  EXPECT_FALSE(validate_password(std::string(129, 'x')));
}

TEST(Validation, Msisdn) {
  EXPECT_EQ(normalize_msisdn("+971 50-000-0001"), "971500000001");
  EXPECT_EQ(normalize_msisdn("12345"), "");
  EXPECT_EQ(normalize_msisdn("1234567890123456"), "");
  EXPECT_EQ(normalize_msisdn("97150+0001"), "");
  EXPECT_EQ(normalize_msisdn("abc123456"), "");
}

}  // namespace
}  // namespace portal::identity
