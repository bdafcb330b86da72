// The rules of identity against a migrated SQLite database and a ManualClock:
// code expiry and single use, refresh rotation, its grace and reuse
// detection, access expiry, throttling windows and device cookies,
// registration and e-mail change by mailed link, validation, password reset.
#include "domains/identity/identity_service.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "db/migrations.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/identity/devices_repository.hpp"
#include "domains/identity/identity_answers.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/operator_assertion.hpp"
#include "domains/identity/throttle_repository.hpp"
#include "domains/identity/tokens_repository.hpp"
#include "domains/identity/users_repository.hpp"

namespace portal::identity {
namespace {

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

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
    // New hashes at argon2id's least cost, as the API tests' servers make them (credentials_test holds the
    // interactive cost): a registration here is then microseconds instead of a fifth of a second of 64 MiB.
    set_password_hash_cost(PasswordHashCost::least);
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
    set_password_hash_cost(PasswordHashCost::interactive);
    service_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  static ConfirmationMails mails() {
    return {"http://localhost/backend/confirm?token=", {"Confirm", "Open {{link}}"}, {"Taken", "Sign in: {{link}}"},
            "http://localhost/backend/login/t", {"Changed", "Now {{email}}; not you? {{link}}"},
            "http://localhost/backend/password/forgot/t"};
  }
  // The token of the newest mail's link ("token=<64 hex>"), "" when none.
  std::string mailed_token() const {
    if (mailer_.sent.empty()) return {};
    const std::string& body = mailer_.sent.back().second.body;
    const auto at = body.find("token=");
    return at == std::string::npos ? std::string() : body.substr(at + 6, 64);
  }
  Result<void> start_registration(std::int64_t tenant, const std::string& email,
                                  const std::string& password = "secret-password",
                                  const std::string& address = "10.0.0.1") {
    return service_->register_user(tenant, {"Ada", "L", email, password, "http://localhost/welcome"}, mails(), address);
  }
  // Registers and confirms by the mailed link; the mail is then forgotten.
  // The service again with another ceiling of failures per account (the device cookie's key stays).
  void use_account_ceiling(int per_account) {
    ThrottleLimits limits;
    limits.per_account = per_account;
    service_ = std::make_unique<IdentityService>(IdentityService::Repositories{*users_, *tokens_, *throttle_, *devices_},
                                                 mailer_, clock_, Lifetimes{}, limits);
    service_->set_device_key(kDeviceKey);
  }
  static constexpr const char* kDeviceKey = "unit-test-device-key-0123456789";
  User registered(std::int64_t tenant, const std::string& email, const std::string& password = "secret-password") {
    EXPECT_TRUE(start_registration(tenant, email, password));
    auto confirmed = service_->confirm_registration(tenant, mailed_token());
    EXPECT_TRUE(confirmed) << (confirmed ? "" : confirmed.error().message);
    mailer_.sent.clear();
    return confirmed->user;
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
  EXPECT_EQ(wire(again).code, "INVALID_CODE");

  const std::string other = service_->issue_code(1, user, "http://localhost/music");
  auto wrong = service_->exchange_code(1, other, "http://localhost/video");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wire(wrong).code, "INVALID_CODE");
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
  EXPECT_EQ(wire(late).code, "INVALID_CODE");
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
  EXPECT_EQ(wire(expired).status, 401);
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
  EXPECT_EQ(wire(reuse).status, 401);
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
    EXPECT_EQ(wire(r).code, "INVALID_CREDENTIALS");
  }
  // The attacker's address waits 30 s after its fifth failure...
  auto blocked = service_->sign_in(1, "ADA@example.com ", "secret-password", "10.0.0.2");
  ASSERT_FALSE(blocked);
  EXPECT_EQ(wire(blocked).status, 429);
  EXPECT_EQ(wire(blocked).data.at("retryAfter").as_int64(), 31);
  // ...while the owner, elsewhere, signs in at once.
  EXPECT_TRUE(service_->sign_in(1, "ada@example.com", "secret-password", "10.0.0.9"));
  EXPECT_TRUE(wire(service_->sign_in(2, "ada@example.com", "x", "10.0.0.2")).code == "INVALID_CREDENTIALS")
      << "other tenant unaffected";
  // Each further failure doubles the delay: 60 s after the sixth.
  clock_.advance(31s);
  ASSERT_EQ(wire(service_->sign_in(1, "ada@example.com", "wrong-again", "10.0.0.2")).code, "INVALID_CREDENTIALS");
  EXPECT_EQ(wire(service_->sign_in(1, "ada@example.com", "secret-password", "10.0.0.2")).data.at("retryAfter").as_int64(), 61);
  clock_.advance(61s);
  EXPECT_TRUE(service_->sign_in(1, "ada@example.com", "secret-password", "10.0.0.2")) << "the pair is free again";
  EXPECT_TRUE(wire(service_->sign_in(1, "ada@example.com", "wrong-password", "10.0.0.2")).code == "INVALID_CREDENTIALS")
      << "a success cleared the pair's count";
}

TEST_F(IdentityServiceTest, AccountCeilingHoldsAcrossAddresses) {
  registered(1, "ada@example.com");
  // 100 failures from 25 addresses (4 each: below every pair's delay).
  for (int a = 0; a < 25; ++a)
    for (int i = 0; i < 4; ++i)
      ASSERT_EQ(wire(service_->sign_in(1, "ada@example.com", "wrong-password", "10.1.0." + std::to_string(a))).status, 400);
  auto blocked = service_->sign_in(1, "ada@example.com", "secret-password", "10.9.9.9");
  ASSERT_FALSE(blocked);
  EXPECT_EQ(wire(blocked).status, 429);
  clock_.advance(15min + 1s);
  EXPECT_TRUE(service_->sign_in(1, "ada@example.com", "secret-password", "10.9.9.9"));
}

TEST_F(IdentityServiceTest, RegistrationsPerAddressAreLimited) {
  for (int i = 0; i < ThrottleLimits{}.registrations_per_address; ++i)
    ASSERT_TRUE(start_registration(1, "r" + std::to_string(i) + "@example.com", "secret-password", "10.0.0.7"));
  auto sixth = start_registration(1, "late@example.com", "secret-password", "10.0.0.7");
  ASSERT_FALSE(sixth);
  EXPECT_EQ(wire(sixth).status, 429);
  EXPECT_EQ(wire(sixth).code, "TOO_MANY_REQUESTS");
  EXPECT_TRUE(start_registration(1, "late@example.com", "secret-password", "10.0.0.8")) << "another address";
  clock_.advance(1h + 1s);
  EXPECT_TRUE(start_registration(1, "later@example.com", "secret-password", "10.0.0.7"));
}

TEST_F(IdentityServiceTest, RegistrationWaitsForItsLinkAndAnswersAlikeForTakenEmails) {
  ASSERT_TRUE(start_registration(1, " Rana@Example.com", "secret-password", "10.0.3.1"));
  ASSERT_EQ(mailer_.sent.size(), 1u);
  EXPECT_EQ(mailer_.sent[0].second.recipient, "rana@example.com");
  EXPECT_EQ(mailer_.sent[0].second.subject, "Confirm");
  const std::string token = mailed_token();
  ASSERT_EQ(token.size(), 64u);
  EXPECT_FALSE(users_->by_email(1, "rana@example.com")) << "no account before the link is used";
  EXPECT_TRUE(db_->query("SELECT 1 FROM pending_registrations WHERE token_hash = $1", {token}).empty())
      << "only the token's hash is kept";

  // The same address again (the account exists now, or not yet): the same answer.
  EXPECT_EQ(wire(service_->confirm_registration(2, token)).code, "LINK_INVALID") << "other tenant";
  auto confirmed = service_->confirm_registration(1, token);
  ASSERT_TRUE(confirmed);
  EXPECT_EQ(confirmed->user.email, "rana@example.com");
  EXPECT_EQ(confirmed->redirect_url, "http://localhost/welcome");
  EXPECT_TRUE(service_->sign_in(1, "rana@example.com", "secret-password", "10.0.3.1"));
  EXPECT_EQ(wire(service_->confirm_registration(1, token)).code, "LINK_INVALID") << "single use";

  mailer_.sent.clear();
  auto again = start_registration(1, "rana@example.com", "another-password", "10.0.3.2");
  ASSERT_TRUE(again) << "a taken e-mail answers like a new one";
  ASSERT_EQ(mailer_.sent.size(), 1u);
  EXPECT_EQ(mailer_.sent[0].second.recipient, "rana@example.com");
  EXPECT_EQ(mailer_.sent[0].second.subject, "Taken");
  EXPECT_NE(mailer_.sent[0].second.body.find("http://localhost/backend/login/t"), std::string::npos);
  EXPECT_EQ(mailed_token(), "") << "no link that could make a second account";
  EXPECT_EQ(throttle_->since(1, ThrottleScope::address, "10.0.3.2", "2000-01-01T00:00:00Z").count, 0)
      << "a taken e-mail is no failure of the address";
  EXPECT_FALSE(service_->sign_in(1, "rana@example.com", "another-password", "10.0.3.2"));
}

TEST_F(IdentityServiceTest, RegistrationLinksExpireAndTheFirstOfTwoWins) {
  ASSERT_TRUE(start_registration(1, "twice@example.com"));
  const std::string first = mailed_token();
  ASSERT_TRUE(start_registration(1, "twice@example.com"));
  const std::string second = mailed_token();
  ASSERT_NE(first, second);
  ASSERT_TRUE(service_->confirm_registration(1, second));
  auto late = service_->confirm_registration(1, first);
  ASSERT_FALSE(late);
  EXPECT_EQ(wire(late).code, "EMAIL_ALREADY_USED");

  ASSERT_TRUE(start_registration(1, "slow@example.com"));
  const std::string slow = mailed_token();
  clock_.advance(24h + 1s);
  EXPECT_EQ(wire(service_->confirm_registration(1, slow)).code, "LINK_INVALID");
  EXPECT_EQ(wire(service_->confirm_registration(1, "not-a-token")).code, "LINK_INVALID");
}

TEST_F(IdentityServiceTest, ConfirmationMailsAreLimitedPerEmail) {
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(start_registration(1, "flood@example.com", "secret-password", "10.0.4." + std::to_string(i)));
  auto fourth = start_registration(1, "flood@example.com", "secret-password", "10.0.4.9");
  ASSERT_FALSE(fourth);
  EXPECT_EQ(wire(fourth).code, "TOO_MANY_REQUESTS");
  EXPECT_EQ(mailer_.sent.size(), 3u);
}

TEST_F(IdentityServiceTest, ResetMailsAreLimitedPerEmailAndAddressAlikeForUnknownEmails) {
  registered(1, "ada@example.com");
  const MailText text{"Reset", "{{link}}"};
  for (const char* email : {"ada@example.com", "nobody@example.com"}) {
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(service_->request_password_reset(1, email, "http://localhost/r", text, "10.0.1." + std::to_string(i)));
    auto fourth = service_->request_password_reset(1, email, "http://localhost/r", text, "10.0.1.9");
    ASSERT_FALSE(fourth) << email;
    EXPECT_EQ(wire(fourth).status, 429);
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
  EXPECT_EQ(wire(known).status, wire(unknown).status);
  EXPECT_EQ(known.error().message, unknown.error().message);
}

TEST_F(IdentityServiceTest, NamesChangeWithTheTokenButTheEmailNeedsThePasswordAndTheLink) {
  const User ada = registered(1, "ada@example.com");
  auto update = [&](const std::string& email, const std::string& password, const std::string& address = "10.0.5.1") {
    return service_->update_profile(1, ada.uuid, {"Ada", "Lovelace", email, {}}, password, mails(), address);
  };
  auto names = update("ada@example.com", "");
  ASSERT_TRUE(names) << "the same address needs no password";
  EXPECT_EQ(names->last_name, "Lovelace");
  EXPECT_TRUE(mailer_.sent.empty());

  auto missing = update("eve@example.com", "");
  ASSERT_FALSE(missing);
  EXPECT_EQ(wire(missing).data.at("field").as_string(), "currentPassword");
  auto wrong = update("eve@example.com", "not-the-password");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wire(wrong).status, 403);
  EXPECT_EQ(wire(wrong).code, "CURRENT_PASSWORD_WRONG");
  EXPECT_EQ(users_->by_uuid(1, ada.uuid)->email, "ada@example.com");
  EXPECT_TRUE(mailer_.sent.empty());
  // Guessing the password through the profile meets the sign-in limits.
  for (int i = 0; i < 4; ++i) ASSERT_EQ(wire(update("eve@example.com", "guess-" + std::to_string(i))).status, 403);
  EXPECT_EQ(wire(update("eve@example.com", "secret-password")).status, 429);
  EXPECT_EQ(wire(service_->sign_in(1, "ada@example.com", "secret-password", "10.0.5.1")).status, 429);

  auto asked = update("New@Example.com", "secret-password", "10.0.5.2");
  ASSERT_TRUE(asked);
  EXPECT_EQ(asked->email, "ada@example.com") << "the verified address stays until the link is used";
  EXPECT_EQ(asked->pending_email, "new@example.com");
  ASSERT_EQ(mailer_.sent.size(), 2u);
  EXPECT_EQ(mailer_.sent[0].second.recipient, "new@example.com");
  EXPECT_EQ(mailer_.sent[0].second.subject, "Confirm");
  EXPECT_EQ(mailer_.sent[1].second.recipient, "ada@example.com") << "the old address is told";
  EXPECT_EQ(mailer_.sent[1].second.body,
            "Now new@example.com; not you? http://localhost/backend/password/forgot/t");
  const std::string token = mailer_.sent[0].second.body.substr(mailer_.sent[0].second.body.find("token=") + 6, 64);

  EXPECT_EQ(wire(service_->confirm_email(2, token)).code, "LINK_INVALID") << "other tenant";
  auto changed = service_->confirm_email(1, token);
  ASSERT_TRUE(changed);
  EXPECT_EQ(changed->email, "new@example.com");
  EXPECT_FALSE(changed->pending_email);
  EXPECT_EQ(wire(service_->confirm_email(1, token)).code, "LINK_INVALID") << "single use";
  EXPECT_TRUE(service_->sign_in(1, "new@example.com", "secret-password", "10.0.5.2"));
}

TEST_F(IdentityServiceTest, AnEmailChangeAnswersAlikeForTakenAddressesAndTheNewestLinkCounts) {
  const User ada = registered(1, "ada@example.com");
  registered(1, "bob@example.com");
  registered(2, "carol@example.com");
  auto update = [&](const std::string& email) {
    return service_->update_profile(1, ada.uuid, {"Ada", "L", email, {}}, "secret-password", mails(), "10.0.6.1");
  };
  auto taken = update("BOB@example.com");
  ASSERT_TRUE(taken) << "no 409: the answer does not tell that bob has an account";
  EXPECT_EQ(taken->pending_email, "bob@example.com");
  ASSERT_EQ(mailer_.sent.size(), 2u);
  EXPECT_EQ(mailer_.sent[0].second.recipient, "bob@example.com");
  EXPECT_EQ(mailer_.sent[0].second.subject, "Taken");
  mailer_.sent.clear();

  ASSERT_TRUE(update("carol@example.com")) << "e-mails are unique per tenant only";
  const std::string older = mailer_.sent[0].second.body.substr(mailer_.sent[0].second.body.find("token=") + 6, 64);
  ASSERT_TRUE(update("dora@example.com"));
  const std::string newer = mailer_.sent[2].second.body.substr(mailer_.sent[2].second.body.find("token=") + 6, 64);
  EXPECT_EQ(wire(service_->confirm_email(1, older)).code, "LINK_INVALID") << "a newer request replaced it";
  EXPECT_EQ(service_->profile(1, ada.uuid)->pending_email, "dora@example.com");

  // A password reset (the owner taking the account back) drops the pending change.
  ASSERT_TRUE(service_->request_password_reset(1, "ada@example.com", "http://localhost/r", {"Reset", "{{link}}"}, "10.0.6.2"));
  const std::string& body = mailer_.sent.back().second.body;
  ASSERT_TRUE(service_->reset_password(1, body.substr(body.find("session=") + 8, 64), "another-password"));
  EXPECT_EQ(wire(service_->confirm_email(1, newer)).code, "LINK_INVALID");
  EXPECT_EQ(users_->by_uuid(1, ada.uuid)->email, "ada@example.com");
}

TEST_F(IdentityServiceTest, AConfirmedAddressTakenMeanwhileIsRefused) {
  const User ada = registered(1, "ada@example.com");
  ASSERT_TRUE(service_->update_profile(1, ada.uuid, {"Ada", "L", "late@example.com", {}}, "secret-password", mails(), "10.0.6.3"));
  const std::string token = mailer_.sent[0].second.body.substr(mailer_.sent[0].second.body.find("token=") + 6, 64);
  registered(1, "late@example.com");
  auto refused = service_->confirm_email(1, token);
  ASSERT_FALSE(refused);
  EXPECT_EQ(wire(refused).code, "EMAIL_ALREADY_USED");
  EXPECT_EQ(users_->by_uuid(1, ada.uuid)->email, "ada@example.com");
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
  EXPECT_EQ(wire(expired).code, "RESET_SESSION_INVALID");
}

TEST_F(IdentityServiceTest, OperatorSignInNeedsASignedUnexpiredAssertion) {
  const std::string secret = "noor-operator-secret-for-tests";
  const auto one = service_->operator_assertion("noor", secret, "+971 50 000 0001", 5min);
  auto a = service_->operator_sign_in(1, "noor", secret, one);
  auto b = service_->operator_sign_in(1, "noor", secret, service_->operator_assertion("noor", secret, "971500000001", 5min));
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->uuid, b->uuid) << "one user per number";
  EXPECT_EQ(a->user_information.at("msisdn").as_string(), "971500000001");
  auto other = service_->operator_sign_in(2, "vela", secret, service_->operator_assertion("vela", secret, "971500000001", 5min));
  ASSERT_TRUE(other);
  EXPECT_NE(other->uuid, a->uuid);
  EXPECT_TRUE(service_->operator_assertion("noor", secret, "12ab", 5min).empty());

  for (const std::string& forged : {std::string("971500000001"), std::string(""), one + "0",
                                    service_->operator_assertion("noor", "another-secret-0123456789", "971500000001", 5min)})
    EXPECT_EQ(wire(service_->operator_sign_in(1, "noor", secret, forged)).status, 401) << forged;
  EXPECT_FALSE(service_->operator_sign_in(1, "vela", secret, one)) << "signed for another tenant";
  EXPECT_FALSE(service_->operator_sign_in(1, "noor", "", one)) << "no secret, no auto-login";
  // The number cannot be swapped under the signature.
  std::string swapped = one;
  swapped.replace(swapped.find("971500000001"), 12, "971500000002");
  EXPECT_FALSE(service_->operator_sign_in(1, "noor", secret, swapped));
  clock_.advance(5min + 1s);
  EXPECT_FALSE(service_->operator_sign_in(1, "noor", secret, one)) << "expired";
}

TEST_F(IdentityServiceTest, OperatorAssertionsLivingLongerThanFiveMinutesAreRefused) {
  const std::string secret = "noor-operator-secret-for-tests";
  EXPECT_TRUE(service_->operator_sign_in(1, "noor", secret, service_->operator_assertion("noor", secret, "971500000009", 5min)));
  EXPECT_FALSE(service_->operator_sign_in(1, "noor", secret, service_->operator_assertion("noor", secret, "971500000009", 5min + 2s)));
  EXPECT_FALSE(service_->operator_sign_in(1, "noor", secret, service_->operator_assertion("noor", secret, "971500000009", 24h)));
  // Signed correctly, expiring in the year 5000.
  const std::int64_t year_5000 = 95617584000;
  EXPECT_FALSE(service_->operator_sign_in(1, "noor", secret,
                                          sign_operator_assertion(secret, "noor", "971500000009", year_5000, "abcdefabcdefabcdef")));
}

TEST_F(IdentityServiceTest, LanguageMustBeOneOfSix) {
  const User ada = registered(1, "ada@example.com");
  EXPECT_EQ(*service_->set_lang(1, ada.uuid, "ar")->selected_lang, "ar");
  auto bad = service_->set_lang(1, ada.uuid, "it");
  ASSERT_FALSE(bad);
  EXPECT_EQ(wire(bad).data.at("field").as_string(), "selectedLang");
}

TEST_F(IdentityServiceTest, TheOwnersDeviceCookiePassesTheAccountCeilingUnknownDevicesMeetIt) {
  registered(1, "ada@example.com");
  registered(1, "bob@example.com");
  use_account_ceiling(10);
  ASSERT_TRUE(service_->sign_in(1, "ada@example.com", "secret-password", "10.2.0.1"));
  const std::string cookie = service_->device_cookie(1, "ADA@example.com", "");
  // 5 wrong passwords from each of 3 addresses: past the account's ceiling (10 here, 100 in production).
  for (int a = 0; a < 3; ++a)
    for (int i = 0; i < 5; ++i) (void)service_->sign_in(1, "ada@example.com", "wrong-password", "10.3.0." + std::to_string(a));
  EXPECT_EQ(wire(service_->sign_in(1, "ada@example.com", "secret-password", "10.9.0.1")).status, 429) << "an unknown device";
  EXPECT_TRUE(service_->sign_in(1, "ada@example.com", "secret-password", "10.9.0.1", cookie)) << "the owner's browser";
  EXPECT_TRUE(service_->sign_in(1, "ada@example.com", "secret-password", "10.3.0.2", cookie)) << "even from a blocked pair";

  // Another account's, another tenant's, a forged or a damaged cookie is no device of ada's.
  const std::string bobs = service_->device_cookie(1, "bob@example.com", "");
  EXPECT_EQ(wire(service_->sign_in(1, "ada@example.com", "secret-password", "10.9.0.1", bobs)).status, 429);
  EXPECT_EQ(wire(service_->sign_in(1, "ada@example.com", "secret-password", "10.9.0.1",
                                   service_->device_cookie(2, "ada@example.com", ""))).status, 429);
  EXPECT_EQ(wire(service_->sign_in(1, "ada@example.com", "secret-password", "10.9.0.1",
                                   std::string(32, 'a') + "." + std::string(64, 'b'))).status, 429);
  std::string damaged = cookie;
  damaged[40] = damaged[40] == 'a' ? 'b' : 'a';
  EXPECT_EQ(wire(service_->sign_in(1, "ada@example.com", "secret-password", "10.9.0.1", damaged)).status, 429);

  // One browser keeps an entry per account: bob's stays when ada signs in, ada's old one goes.
  const std::string both = service_->device_cookie(1, "ada@example.com", bobs + "~" + cookie);
  EXPECT_EQ(both.size(), 2 * 97 + 1);
  EXPECT_NE(both.find(bobs), std::string::npos);
  EXPECT_EQ(both.find(cookie), std::string::npos);
  EXPECT_TRUE(service_->sign_in(1, "ada@example.com", "secret-password", "10.9.0.2", both));
  EXPECT_TRUE(service_->sign_in(1, "bob@example.com", "secret-password", "10.9.0.2", both));
}

TEST_F(IdentityServiceTest, ADeviceCookieThatFailsIsTrustedNoMore) {
  registered(1, "ada@example.com");
  use_account_ceiling(10);
  const std::string cookie = service_->device_cookie(1, "ada@example.com", "");
  for (int a = 0; a < 3; ++a)
    for (int i = 0; i < 4; ++i) (void)service_->sign_in(1, "ada@example.com", "wrong-password", "10.4.0." + std::to_string(a));
  // Its failures count against it alone (not the address's pair)...
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(wire(service_->sign_in(1, "ada@example.com", "stolen-cookie-guess", "10.5.0.1", cookie)).code,
              "INVALID_CREDENTIALS");
  // ...and after five it meets the account's ceiling like any browser.
  EXPECT_EQ(wire(service_->sign_in(1, "ada@example.com", "secret-password", "10.5.0.1", cookie)).status, 429);
  clock_.advance(15min + 1s);
  EXPECT_TRUE(service_->sign_in(1, "ada@example.com", "secret-password", "10.5.0.1", cookie));
}

TEST_F(IdentityServiceTest, ARefreshTokenUsedAgainWithinTheGraceAnswersTheSamePair) {
  const User user = registered(1, "ada@example.com");
  auto first = service_->open_session(1, user);
  auto second = service_->refresh(1, first->refresh_token);
  ASSERT_TRUE(second);
  clock_.advance(9s);
  auto again = service_->refresh(1, first->refresh_token);
  ASSERT_TRUE(again) << "a second tab, a moment later";
  EXPECT_EQ(again->access_token, second->access_token);
  EXPECT_EQ(again->refresh_token, second->refresh_token);
  EXPECT_EQ(again->expires, second->expires);
  EXPECT_TRUE(service_->authenticate(1, again->access_token));
  auto rows = db_->query("SELECT successor FROM refresh_tokens WHERE successor IS NOT NULL");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].text(0).find(second->refresh_token), std::string::npos) << "sealed, not plain";
  EXPECT_FALSE(open_sealed("another-token", rows[0].text(0)));

  // Past the grace, reuse revokes the family as before.
  clock_.advance(2s);
  auto late = service_->refresh(1, first->refresh_token);
  ASSERT_FALSE(late);
  EXPECT_EQ(wire(late).status, 401);
  EXPECT_FALSE(service_->authenticate(1, second->access_token));
  EXPECT_FALSE(service_->refresh(1, second->refresh_token));
}

TEST_F(IdentityServiceTest, NoGraceOnceTheSuccessorWasUsed) {
  const User user = registered(1, "ada@example.com");
  auto first = service_->open_session(1, user);
  auto second = service_->refresh(1, first->refresh_token);
  auto third = service_->refresh(1, second->refresh_token);
  ASSERT_TRUE(third);
  auto reuse = service_->refresh(1, first->refresh_token);
  ASSERT_FALSE(reuse) << "the family moved on: a replay, not a second tab";
  EXPECT_FALSE(service_->authenticate(1, third->access_token));
}

TEST_F(IdentityServiceTest, ANewResetLinkEndsTheOlderOne) {
  registered(1, "ada@example.com");
  const MailText text{"Reset", "{{link}}"};
  auto token_of = [&] { const auto& b = mailer_.sent.back().second.body; return b.substr(b.find("session=") + 8, 64); };
  ASSERT_TRUE(service_->request_password_reset(1, "ada@example.com", "http://localhost/r", text, "10.0.7.1"));
  const std::string older = token_of();
  ASSERT_TRUE(service_->request_password_reset(1, "ada@example.com", "http://localhost/r", text, "10.0.7.1"));
  const std::string newer = token_of();
  EXPECT_EQ(wire(service_->reset_password(1, older, "new-password-1")).code, "RESET_SESSION_INVALID");
  EXPECT_TRUE(service_->reset_password(1, newer, "new-password-2"));
}

TEST(Validation, ProfileFields) {
  auto ok = validate_profile({"  Ada ", "", " ADA@Example.COM ", {}});
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->name, "Ada");
  EXPECT_EQ(ok->email, "ada@example.com");
  auto field_of = [](ProfileInput in) { return std::string(wire(validate_profile(std::move(in))).data.at("field").as_string()); };
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
