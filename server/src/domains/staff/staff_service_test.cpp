// Staff against a migrated SQLite database: an invitation accepted with a
// password and a first code, sign-in with each code once and the lock after
// five failures, sessions that end when idle or revoked, who may grant which
// role, and the audit entries written with each change (and kept: the
// database refuses to update or delete them).
#include "domains/staff/staff_service.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <stdexcept>

#include "db/test_database.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/audit_service.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/identity/sign_in_guard.hpp"
#include "domains/identity/throttle_repository.hpp"
#include "domains/staff/totp.hpp"
#include "domains/staff/totp_seal.hpp"

namespace portal::staff {
namespace {

class RecordingMailer final : public identity::Mailer {
 public:
  void send(std::int64_t tenant_id, const identity::Mail& mail) override { sent.emplace_back(tenant_id, mail); }
  std::vector<std::pair<std::int64_t, identity::Mail>> sent;
};

class StaffServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // New hashes at argon2id's least cost (credentials_test holds the interactive cost).
    identity::set_password_hash_cost(identity::PasswordHashCost::least);
    dir_ = db::test_directory("portal-staff");
    db_ = db::open_test_database(dir_, {});
    repository_ = std::make_unique<StaffRepository>(*db_);
    throttle_ = std::make_unique<identity::ThrottleRepository>(*db_);
    guard_ = std::make_unique<identity::SignInGuard>(*throttle_, clock_, staff_sign_in_limits(), "staff");
    service_ = std::make_unique<StaffService>(
        *repository_, *guard_, seal_, mailer_, clock_,
        [](const std::string& lang, std::string_view key, const std::string& site) {
          return lang + ":" + std::string(key) + ":" + site + (key.ends_with("Mail.body") ? " {{link}} {{role}}" : "");
        });
  }
  void TearDown() override {
    identity::set_password_hash_cost(identity::PasswordHashCost::interactive);
    service_.reset();
    guard_.reset();
    throttle_.reset();
    repository_.reset();
    db_.reset();
    std::filesystem::remove_all(dir_);
  }

  std::int64_t now() const {
    return std::chrono::duration_cast<std::chrono::seconds>(clock_.now().time_since_epoch()).count();
  }
  std::string code(const std::string& secret, std::int64_t offset = 0) {
    return hotp(*base32_decode(secret), static_cast<std::uint64_t>(totp_step(now()) + offset));
  }

  Actor cli() { return {"cli", "operator", "cli", "portal staff invite", "", "", std::nullopt}; }
  Actor member(const Account& a) {
    return {a.id, a.email, std::string(role_name(a.role)), "PUT /backend/admin/x", "10.0.0.1", "req-1", a.role};
  }

  // Invites and enrols a member of tenant 1; returns the account and its secret.
  std::pair<Account, std::string> enrolled(const std::string& email, const std::string& role) {
    InviteInput in{1, email, role, "en", "https://t1.example", "T1", 1};
    auto invitation = service_->invite(cli(), in);
    EXPECT_TRUE(invitation) << (invitation ? "" : invitation.error().message);
    auto view = service_->invitation(invitation->token, "T1");
    EXPECT_TRUE(view);
    auto account = service_->accept(invitation->token, "a long password", code(view->totp_secret), "", "");
    EXPECT_TRUE(account) << (account ? "" : account.error().message);
    clock_.advance(std::chrono::seconds(30));  // the enrolment's step is spent
    return {*account, view->totp_secret};
  }

  std::filesystem::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  RecordingMailer mailer_;
  TotpSeal seal_{"a-test-key-of-at-least-32-characters"};
  std::unique_ptr<StaffRepository> repository_;
  std::unique_ptr<identity::ThrottleRepository> throttle_;
  std::unique_ptr<identity::SignInGuard> guard_;
  std::unique_ptr<StaffService> service_;
};

TEST_F(StaffServiceTest, AnInvitationIsMailedOnceAcceptedWithAPasswordAndACurrentCode) {
  InviteInput in{1, " Boss@T1.Example ", "owner", "de", "https://t1.example", "T1", 1};
  auto invitation = service_->invite(cli(), in);
  ASSERT_TRUE(invitation);
  EXPECT_EQ(invitation->account.email, "boss@t1.example");
  EXPECT_EQ(invitation->link.rfind("https://t1.example/admin/login?invitation=", 0), 0u);
  ASSERT_EQ(mailer_.sent.size(), 1u);
  EXPECT_EQ(mailer_.sent[0].second.subject, "de:inviteMail.subject:T1");
  EXPECT_NE(mailer_.sent[0].second.body.find(invitation->link), std::string::npos);
  EXPECT_NE(mailer_.sent[0].second.body.find("de:role.owner:T1"), std::string::npos);

  auto view = service_->invitation(invitation->token, "T1");
  ASSERT_TRUE(view);
  EXPECT_EQ(view->otpauth_uri.rfind("otpauth://totp/T1:boss%40t1.example?secret=" + view->totp_secret, 0), 0u);
  EXPECT_EQ(service_->accept(invitation->token, "short", code(view->totp_secret), "", "").error().field, "password");
  EXPECT_EQ(service_->accept(invitation->token, "a long password", "000000", "", "").error().field, "totp");
  auto account = service_->accept(invitation->token, "a long password", code(view->totp_secret), "", "");
  ASSERT_TRUE(account);
  EXPECT_EQ(account->status, "active");
  EXPECT_EQ(service_->accept(invitation->token, "a long password", code(view->totp_secret, 1), "", "").error().code,
            ErrorCode::invitation_invalid);
  // Once active, the same e-mail is not invited again.
  EXPECT_EQ(service_->invite(cli(), in).error().code, ErrorCode::staff_exists);
}

TEST_F(StaffServiceTest, InvitationsCheckEmailRoleRealmAndLanguage) {
  auto invite = [&](std::optional<std::int64_t> tenant, std::string email, std::string role, std::string lang = "en") {
    return service_->invite(cli(), {tenant, std::move(email), std::move(role), std::move(lang), "", "T1", std::nullopt});
  };
  EXPECT_EQ(invite(1, "not-an-address", "owner").error().field, "email");
  EXPECT_EQ(invite(1, "a@t1.example", "janitor").error().field, "role");
  EXPECT_EQ(invite(1, "a@t1.example", "platform_admin").error().field, "role");
  EXPECT_EQ(invite(std::nullopt, "a@t1.example", "owner").error().field, "role");
  EXPECT_EQ(invite(1, "a@t1.example", "owner", "xx").error().field, "language");
  EXPECT_TRUE(invite(std::nullopt, "root@example.com", "platform_admin"));
  EXPECT_TRUE(mailer_.sent.empty());  // no mail tenant: not mailed
}

TEST_F(StaffServiceTest, SignInNeedsPasswordAndAFreshCodeAndClosesToStrangersAfterFiveFailures) {
  auto [owner, secret] = enrolled("owner@t1.example", "owner");
  auto signed_in = service_->login(1, "OWNER@t1.example", "a long password", code(secret), "10.0.0.1");
  ASSERT_TRUE(signed_in);
  EXPECT_EQ(signed_in->session.token.rfind("staff_", 0), 0u);
  auto who = service_->authenticate(signed_in->session.token);
  ASSERT_TRUE(who);
  EXPECT_EQ(who->account.email, "owner@t1.example");
  // The same code again: refused as a replay; the next step's: taken (one step of drift).
  EXPECT_EQ(service_->login(1, "owner@t1.example", "a long password", code(secret), "").error().code,
            ErrorCode::code_reused);
  EXPECT_TRUE(service_->login(1, "owner@t1.example", "a long password", code(secret, 1), ""));
  // Another tenant's sign-in does not find a tenant member.
  clock_.advance(std::chrono::seconds(90));
  EXPECT_EQ(service_->login(2, "owner@t1.example", "a long password", code(secret), "").error().code,
            ErrorCode::invalid_credentials);
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(service_->login(1, "owner@t1.example", "wrong password", code(secret), "").error().code,
              ErrorCode::invalid_credentials);
  EXPECT_EQ(service_->login(1, "owner@t1.example", "a long password", code(secret), "").error().code,
            ErrorCode::too_many_attempts);
  clock_.advance(std::chrono::minutes(16));
  EXPECT_TRUE(service_->login(1, "owner@t1.example", "a long password", code(secret), ""));
}

TEST_F(StaffServiceTest, KnownDevicesPassTheLockUnknownEmailsMatchKnownOnesAndReplaysAreNoFailures) {
  auto [owner, secret] = enrolled("owner@t1.example", "owner");
  auto first = service_->login(1, owner.email, "a long password", code(secret), "10.0.0.1");
  ASSERT_TRUE(first);
  const std::string device = first->device_cookie;
  ASSERT_EQ(device.size(), 97u);
  // Replays of the spent code: answered as such and never counted.
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(service_->login(1, owner.email, "a long password", code(secret), "10.0.0.9").error().code,
              ErrorCode::code_reused);
  clock_.advance(std::chrono::seconds(30));
  // A stranger's failures close the e-mail to strangers, an unknown e-mail's alike.
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(service_->login(1, owner.email, "wrong password", "123456", "10.0.0.9").error().code,
              ErrorCode::invalid_credentials);
    EXPECT_EQ(service_->login(1, "nobody@t1.example", "wrong password", "123456", "10.0.0.9").error().code,
              ErrorCode::invalid_credentials);
  }
  EXPECT_EQ(service_->login(1, owner.email, "a long password", code(secret), "10.0.0.8").error().code,
            ErrorCode::too_many_attempts);
  EXPECT_EQ(service_->login(1, "nobody@t1.example", "a long password", "123456", "10.0.0.8").error().code,
            ErrorCode::too_many_attempts);
  // Another member's (or a forged) device cookie vouches for nothing; the member's own browser passes.
  auto [other, other_secret] = enrolled("other@t1.example", "editor");
  auto others = service_->login(1, other.email, "a long password", code(other_secret), "10.0.0.1");
  ASSERT_TRUE(others);
  EXPECT_EQ(service_->login(1, owner.email, "a long password", code(secret), "10.0.0.1", {others->device_cookie})
                .error()
                .code,
            ErrorCode::too_many_attempts);
  EXPECT_TRUE(service_->login(1, owner.email, "a long password", code(secret), "10.0.0.1", {device}));

  // The audit log: the sign-ins, each failure of the member with its outcome, the lock.
  audit::AuditRepository log(*db_);
  audit::Filter filter;
  filter.object_id = owner.id;
  std::map<std::string, int> actions;
  for (const auto& e : log.list(1, filter).items) ++actions[e.action];
  EXPECT_EQ(actions["staff.signIn"], 2);
  EXPECT_EQ(actions["staff.signInFailed"], 15);  // 10 replays, 5 wrong passwords
  EXPECT_EQ(actions["staff.locked"], 1);
}

TEST_F(StaffServiceTest, PasswordResetIsMailedOnlyToMembersSingleUseShortLivedAndKeepsTheAuthenticator) {
  auto [owner, secret] = enrolled("owner@t1.example", "owner");
  mailer_.sent.clear();
  ResetRequest r{1, "nobody@t1.example", "https://t1.example", "T1", "en", "10.0.0.1", "req-1"};
  EXPECT_TRUE(service_->request_password_reset(r));  // the same answer
  EXPECT_TRUE(mailer_.sent.empty());
  auto token_of = [&]() {
    const std::string& body = mailer_.sent.back().second.body;
    const auto at = body.find("https://t1.example/admin/login?reset=");
    EXPECT_NE(at, std::string::npos) << body;
    return body.substr(at + 37, 64);
  };
  r.email = "OWNER@t1.example";
  ASSERT_TRUE(service_->request_password_reset(r));
  ASSERT_EQ(mailer_.sent.size(), 1u);
  EXPECT_EQ(mailer_.sent[0].second.recipient, "owner@t1.example");
  const std::string expired = token_of();
  clock_.advance(std::chrono::minutes(31));
  EXPECT_EQ(service_->reset_password(expired, "a new long password", "", "").error().code, ErrorCode::reset_invalid);
  ASSERT_TRUE(service_->request_password_reset(r));
  const std::string first = token_of();
  ASSERT_TRUE(service_->request_password_reset(r));  // a newer link voids the older one
  const std::string token = token_of();
  EXPECT_EQ(service_->reset_password(first, "a new long password", "", "").error().code, ErrorCode::reset_invalid);
  EXPECT_EQ(service_->request_password_reset(r).error().code, ErrorCode::too_many_requests);  // 3 per e-mail and hour
  auto session = service_->login(1, owner.email, "a long password", code(secret), "");
  ASSERT_TRUE(session);
  EXPECT_EQ(service_->reset_password(token, "short", "", "").error().field, "password");
  ASSERT_TRUE(service_->reset_password(token, "a new long password", "10.0.0.1", "req-2"));
  EXPECT_EQ(service_->reset_password(token, "another long password", "", "").error().code, ErrorCode::reset_invalid);
  EXPECT_FALSE(service_->authenticate(session->session.token));  // every session ended
  clock_.advance(std::chrono::seconds(30));
  EXPECT_EQ(service_->login(1, owner.email, "a long password", code(secret), "").error().code,
            ErrorCode::invalid_credentials);
  EXPECT_TRUE(service_->login(1, owner.email, "a new long password", code(secret), ""));  // the same authenticator
}

TEST_F(StaffServiceTest, SecretsAreStoredSealedAndPlainOnesAreSealedAtStartUp) {
  auto [owner, secret] = enrolled("owner@t1.example", "owner");
  const std::string stored = repository_->by_id(owner.id)->totp_secret;
  EXPECT_TRUE(TotpSeal::sealed(stored));
  EXPECT_EQ(stored.find(secret), std::string::npos);
  EXPECT_EQ(seal_.open(stored), secret);
  // A row as migration 0029 wrote it.
  db_->execute("UPDATE staff_accounts SET totp_secret = $1 WHERE id = $2", {secret, owner.id});
  EXPECT_EQ(service_->seal_stored_secrets(), 1);
  EXPECT_EQ(seal_.open(repository_->by_id(owner.id)->totp_secret), secret);
  EXPECT_EQ(service_->seal_stored_secrets(), 0);
  EXPECT_TRUE(service_->login(1, owner.email, "a long password", code(secret), ""));
  // Another key does not open them: refused at start-up.
  TotpSeal other("another-key-of-at-least-32-characters");
  StaffService wrong(*repository_, *guard_, other, mailer_, clock_, [](auto&&...) { return std::string(); });
  EXPECT_THROW(wrong.seal_stored_secrets(), std::runtime_error);
}

TEST_F(StaffServiceTest, SessionsEndWhenIdleAtTheirEndAndWhenRevoked) {
  auto [owner, secret] = enrolled("owner@t1.example", "owner");
  auto first = service_->login(1, owner.email, "a long password", code(secret), "");
  ASSERT_TRUE(first);
  clock_.advance(std::chrono::minutes(20));
  EXPECT_TRUE(service_->authenticate(first->session.token));  // used: the idle end moves
  clock_.advance(std::chrono::minutes(20));
  EXPECT_TRUE(service_->authenticate(first->session.token));
  clock_.advance(std::chrono::minutes(31));
  EXPECT_FALSE(service_->authenticate(first->session.token));  // idle for 31 minutes

  auto second = service_->login(1, owner.email, "a long password", code(secret), "");
  ASSERT_TRUE(second);
  for (int i = 0; i < 17; ++i) {  // used every 29 minutes: ends after 8 hours all the same
    clock_.advance(std::chrono::minutes(29));
    if (i < 16) EXPECT_TRUE(service_->authenticate(second->session.token)) << i;
  }
  EXPECT_FALSE(service_->authenticate(second->session.token));

  clock_.advance(std::chrono::seconds(60));
  auto third = service_->login(1, owner.email, "a long password", code(secret), "");
  ASSERT_TRUE(third);
  auto who = service_->authenticate(third->session.token);
  ASSERT_TRUE(who);
  service_->logout(who->session_id);
  EXPECT_FALSE(service_->authenticate(third->session.token));
}

TEST_F(StaffServiceTest, RolesAreGrantedFromAboveAndNeverToOneself) {
  EXPECT_TRUE(may_grant(Role::owner, Role::owner));
  EXPECT_TRUE(may_grant(Role::admin, Role::finance));
  EXPECT_FALSE(may_grant(Role::admin, Role::owner));
  EXPECT_FALSE(may_grant(Role::editor, Role::support));
  EXPECT_FALSE(may_grant(Role::owner, Role::platform_admin));
  EXPECT_TRUE(may_grant(Role::platform_admin, Role::platform_admin));

  auto [owner, owner_secret] = enrolled("owner@t1.example", "owner");
  auto [admin, admin_secret] = enrolled("admin@t1.example", "admin");
  auto [editor, editor_secret] = enrolled("editor@t1.example", "editor");
  EXPECT_EQ(service_->change_role(member(admin), 1, editor.id, "owner").error().code, ErrorCode::role_not_allowed);
  EXPECT_EQ(service_->change_role(member(admin), 1, owner.id, "support").error().code, ErrorCode::role_not_allowed);
  EXPECT_EQ(service_->change_role(member(admin), 1, admin.id, "support").error().code, ErrorCode::own_role);
  EXPECT_EQ(service_->change_role(member(owner), 2, editor.id, "support").error().code, ErrorCode::staff_not_found);
  EXPECT_EQ(service_->invite(member(admin), {1, "o2@t1.example", "owner", "en", "", "T1", std::nullopt}).error().code,
            ErrorCode::role_not_allowed);
  auto changed = service_->change_role(member(admin), 1, editor.id, "support");
  ASSERT_TRUE(changed);
  EXPECT_EQ(changed->role, Role::support);

  auto session = service_->login(1, editor.email, "a long password", code(editor_secret), "");
  ASSERT_TRUE(session);
  EXPECT_EQ(service_->authenticate(session->session.token)->account.role, Role::support);  // at once
  EXPECT_EQ(*service_->revoke_sessions(member(owner), 1, editor.id), 1);
  EXPECT_FALSE(service_->authenticate(session->session.token));
}

TEST_F(StaffServiceTest, EachWriteIsAuditedWithBeforeAndAfterAndTheLogRefusesChange) {
  auto [owner, secret] = enrolled("owner@t1.example", "owner");
  auto [editor, editor_secret] = enrolled("editor@t1.example", "editor");
  ASSERT_TRUE(service_->change_role(member(owner), 1, editor.id, "finance"));
  audit::AuditRepository repository(*db_);
  audit::Filter filter;
  filter.object_id = editor.id;
  const auto page = repository.list(1, filter);
  ASSERT_EQ(page.total, 3);
  const auto& role = page.items[0];
  EXPECT_EQ(role.action, "staff.role");
  EXPECT_EQ(role.actor_email, "owner@t1.example");
  EXPECT_EQ(role.actor_role, "owner");
  EXPECT_EQ(role.client_address, "10.0.0.1");
  EXPECT_EQ(role.request_id, "req-1");
  EXPECT_EQ(role.before.at("role"), "editor");
  EXPECT_EQ(role.after.at("role"), "finance");
  EXPECT_EQ(page.items[1].action, "staff.accept");
  EXPECT_EQ(page.items[2].action, "staff.invite");
  EXPECT_EQ(page.items[2].actor_id, "cli");
  EXPECT_TRUE(page.items[2].before.is_null());
  EXPECT_THROW(db_->execute("UPDATE audit_log SET action = 'x'"), db::Error);
  EXPECT_THROW(db_->execute("DELETE FROM audit_log"), db::Error);
  EXPECT_EQ(repository.list(1, filter).total, 3);
  EXPECT_EQ(repository.list(2, filter).total, 0);  // another tenant's log

  const std::string csv = audit::to_csv(repository.all(1, filter, 10));
  EXPECT_EQ(csv.substr(0, csv.find("\r\n")),
            "id,at,actorId,actorEmail,actorRole,action,call,objectType,objectId,before,after,clientAddress,requestId");
  EXPECT_NE(csv.find("\"{\"\"email\"\":\"\"editor@t1.example\"\""), std::string::npos);
}

TEST(AuditFilter, ChecksEachFieldAndNeutralisesFormulasInCsv) {
  audit::RawFilter raw;
  raw.from = "2026-11-01";
  raw.to = "2026-11-25";
  raw.size = "20";
  auto f = audit::validate_filter(raw);
  ASSERT_TRUE(f);
  EXPECT_EQ(*f->to, "2026-11-25T23:59:59Z");
  EXPECT_EQ(f->size, 20);
  raw.from = "yesterday";
  EXPECT_EQ(audit::validate_filter(raw).error().field, "from");
  raw.from = "2026-12-01";
  EXPECT_EQ(audit::validate_filter(raw).error().field, "to");
  raw.from.reset();
  raw.size = "0";
  EXPECT_EQ(audit::validate_filter(raw).error().field, "size");
  raw.size.reset();
  raw.page = "x";
  EXPECT_EQ(audit::validate_filter(raw).error().field, "page");

  audit::Entry e;
  e.actor_email = "=HYPERLINK(\"x\")";
  const std::string csv = audit::to_csv({e});
  EXPECT_NE(csv.find(",\"'=HYPERLINK(\"\"x\"\")\","), std::string::npos);
}

}  // namespace
}  // namespace portal::staff
