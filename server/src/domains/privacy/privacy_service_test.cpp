// Download and delete my data against a migrated SQLite database: the export
// has the person's records and no secret; the deletion erases personal
// records, keeps the payment and the purchase without identity (pseudonymous
// tombstone), cancels the active plan with its event, writes the confirmation
// mail in the address's language, frees the e-mail, and leaves other users
// and tenants alone.
#include "domains/privacy/privacy_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>

#include "db/test_database.hpp"
#include "domains/privacy/privacy_answers.hpp"

namespace portal::privacy {
namespace {

namespace fs = std::filesystem;

class PrivacyServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("privacy-test");
    db_ = db::open_test_database(dir_, {{"u-alice", 1}, {"u-bob", 1}, {"u-carol", 2}});
    db_->execute(
        "UPDATE users SET email = 'alice@example.com', msisdn = '+40700000001', name = 'Alice', last_name = 'Liddell', "
        "user_information = '{\"city\":\"Oxford\"}', password_hash = '$argon2id$secret', selected_lang = 'fr' "
        "WHERE uuid = 'u-alice'");
    db_->execute("UPDATE users SET email = 'bob@example.com', name = 'Bob' WHERE uuid = 'u-bob'");
    auto x = [&](std::string_view sql) { db_->execute(sql, {}); };
    x("INSERT INTO auth_sessions (id, tenant_id, user_uuid, created_at) VALUES ('sess-a', 1, 'u-alice', '2026-01-01T00:00:00Z')");
    x("INSERT INTO access_tokens (token_hash, tenant_id, session_id, expires_at, created_at) "
      "VALUES ('tokhash-a', 1, 'sess-a', '2099-01-01T00:00:00Z', '2026-01-01T00:00:00Z')");
    x("INSERT INTO auth_sessions (id, tenant_id, user_uuid, created_at) VALUES ('sess-b', 1, 'u-bob', '2026-01-01T00:00:00Z')");
    x("INSERT INTO user_subscriptions (id, tenant_id, user_uuid, type_id, state, start_date, created_at, updated_at) "
      "VALUES ('sub-a', 1, 'u-alice', 7, 'ACTIVE', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')");
    x("INSERT INTO payments (id, tenant_id, user_uuid, purpose, reference, provider, instrument, amount, currency, status, "
      "created_at, updated_at) VALUES ('pay-a', 1, 'u-alice', 'checkout', 'co-1', 'sandbox', '**** 4242', 499, 'EUR', "
      "'SUCCEEDED', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')");
    x("INSERT INTO article_purchases (id, tenant_id, user_uuid, article_id, content_type, amount, currency, status, "
      "created_at, updated_at) VALUES ('pur-a', 1, 'u-alice', 5, 'SONG', 99, 'EUR', 'PAID', '2026-01-01T00:00:00Z', "
      "'2026-01-01T00:00:00Z')");
    x("INSERT INTO stream_tickets (id, tenant_id, user_uuid, article_id, content_type, media_ms, created_at, expires_at) "
      "VALUES ('tk-a', 1, 'u-alice', 10, 'song', 600000, '2026-01-10T00:00:00Z', '2026-01-10T01:00:00Z')");
    x("INSERT INTO likes (tenant_id, user_uuid, article_id, content_type, created_at) "
      "VALUES (1, 'u-alice', 5, 'SONG', '2026-01-01T00:00:00Z')");
    x("INSERT INTO likes (tenant_id, user_uuid, article_id, content_type, created_at) "
      "VALUES (1, 'u-bob', 5, 'SONG', '2026-01-01T00:00:00Z')");
    x("INSERT INTO ratings (tenant_id, user_uuid, article_id, content_type, score, created_at, updated_at) "
      "VALUES (1, 'u-alice', 5, 'SONG', 4, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')");
    x("INSERT INTO notifications (tenant_id, id, user_uuid, kind, created_at) "
      "VALUES (1, 'n-1', 'u-alice', 'WELCOME', '2026-01-01T00:00:00Z')");
    x("INSERT INTO parental_controls (tenant_id, user_uuid, password_hash, max_age_group, is_active, updated_at) "
      "VALUES (1, 'u-alice', 'pinhash-secret', 12, 1, '2026-01-01T00:00:00Z')");
    x("INSERT INTO mail_outbox (id, tenant_id, recipient, subject, body, created_at) "
      "VALUES ('m-old', 1, 'alice@example.com', 'Welcome', 'Hi Alice', '2026-01-01T00:00:00Z')");
    repository_ = std::make_unique<PrivacyRepository>(*db_);
    service_ = std::make_unique<PrivacyService>(ServiceDeps{
        *db_, *repository_, clock_,
        [](std::int64_t, const std::string& lang, std::string_view key) {
          return lang + ":" + std::string(key) + (key == "body" ? " {{date}}" : "");
        },
        false, {}});
  }
  void TearDown() override {
    service_.reset();
    repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }
  std::int64_t count(std::string_view sql) { return db_->query(sql)[0].integer(0); }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_{std::chrono::sys_days{std::chrono::year{2026} / 2 / 1}};
  std::unique_ptr<PrivacyRepository> repository_;
  std::unique_ptr<PrivacyService> service_;
};

TEST_F(PrivacyServiceTest, ExportHoldsThePersonsRecordsAndNoSecret) {
  auto d = service_->export_data(1, "t1", "u-alice");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->tenant, "t1");
  EXPECT_EQ(d->profile.email, "alice@example.com");
  EXPECT_EQ(d->profile.name, "Alice");
  EXPECT_TRUE(d->profile.hasPassword);
  EXPECT_EQ(d->profile.userInformation.at("city"), "Oxford");
  ASSERT_EQ(d->payments.size(), 1u);
  EXPECT_EQ(d->payments[0].amount, 499);
  ASSERT_EQ(d->subscriptions.size(), 1u);
  EXPECT_EQ(d->purchases.size(), 1u);
  EXPECT_EQ(d->likes.size(), 1u);  // not Bob's
  EXPECT_EQ(d->ratings.size(), 1u);
  EXPECT_EQ(d->notifications.size(), 1u);
  ASSERT_TRUE(d->parentalControl);
  EXPECT_EQ(d->parentalControl->maxAgeGroup, 12);
  EXPECT_EQ(d->sessions.size(), 1u);
  const std::string text = boost::json::serialize(boost::json::value_from(*d));
  for (auto secret : {"argon2id", "pinhash", "tokhash", "sess-a"}) EXPECT_EQ(text.find(secret), std::string::npos) << secret;
}

TEST_F(PrivacyServiceTest, ExportOfAnotherTenantsUserIsNotFound) {
  auto d = service_->export_data(1, "t1", "u-carol");
  ASSERT_FALSE(d);
  EXPECT_EQ(http_error(d.error()).code, "CUSTOMER_NOT_FOUND");
}

TEST_F(PrivacyServiceTest, DeletionErasesPseudonymisesKeepsAndMails) {
  bool also_ran = false;
  auto done = service_->delete_account(1, "u-alice", Deletion{"user", "by the customer"}, "en",
                                       [&](db::Session&, const Account& a, const Deleted&) {
                                         also_ran = true;
                                         EXPECT_EQ(a.email, "alice@example.com");
                                       });
  ASSERT_TRUE(done);
  EXPECT_TRUE(also_ran);
  EXPECT_EQ(done->plans_cancelled, 1);
  EXPECT_EQ(done->mailed_to, "alice@example.com");
  EXPECT_EQ(done->pseudonym.rfind("deleted-", 0), 0u);
  // The tombstone: no identity, no password, deleted_at set.
  auto u = db_->query("SELECT user_id, email, msisdn, name, last_name, user_information, password_hash, deleted_at "
                      "FROM users WHERE uuid = 'u-alice'")[0];
  EXPECT_EQ(u.text(0), done->pseudonym);
  EXPECT_TRUE(u.is_null(1));
  EXPECT_TRUE(u.is_null(2));
  EXPECT_EQ(u.text(3), "");
  EXPECT_EQ(u.text(4), "");
  EXPECT_EQ(u.text(5), "{}");
  EXPECT_TRUE(u.is_null(6));
  EXPECT_FALSE(u.is_null(7));
  // Erased.
  EXPECT_EQ(count("SELECT COUNT(*) FROM auth_sessions WHERE user_uuid = 'u-alice'"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM access_tokens WHERE token_hash = 'tokhash-a'"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM likes WHERE user_uuid = 'u-alice'"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM ratings WHERE user_uuid = 'u-alice'"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM notifications WHERE user_uuid = 'u-alice'"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM parental_controls WHERE user_uuid = 'u-alice'"), 0);
  EXPECT_EQ(count("SELECT COUNT(*) FROM mail_outbox WHERE id = 'm-old'"), 0);
  // Kept without identity.
  EXPECT_EQ(db_->query("SELECT instrument FROM payments WHERE id = 'pay-a'")[0].text(0), "erased");
  EXPECT_EQ(count("SELECT COUNT(*) FROM article_purchases WHERE id = 'pur-a'"), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM stream_tickets WHERE id = 'tk-a'"), 1);  // owed to a licensor
  // The plan ended, with its event.
  EXPECT_EQ(db_->query("SELECT state FROM user_subscriptions WHERE id = 'sub-a'")[0].text(0), "CANCELED");
  auto e = db_->query("SELECT from_state, to_state, actor, version FROM subscription_events WHERE subscription_id = 'sub-a'");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].text(0), "ACTIVE");
  EXPECT_EQ(e[0].text(1), "CANCELED");
  EXPECT_EQ(e[0].text(2), "user");
  EXPECT_EQ(e[0].integer(3), 1);
  // The confirmation mail, in the account's saved language (fr), to the address it had.
  auto m = db_->query("SELECT recipient, subject, body FROM mail_outbox WHERE tenant_id = 1");
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].text(0), "alice@example.com");
  EXPECT_EQ(m[0].text(1), "fr:subject");
  EXPECT_EQ(m[0].text(2), "fr:body 2026-02-01");
  // Others untouched.
  EXPECT_EQ(count("SELECT COUNT(*) FROM likes WHERE user_uuid = 'u-bob'"), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM auth_sessions WHERE user_uuid = 'u-bob'"), 1);
  // The address is free: another account may take it.
  db_->execute("INSERT INTO users (uuid, tenant_id, user_id, email, created_at, updated_at) "
               "VALUES ('u-new', 1, 'id-new', 'alice@example.com', 'x', 'x')");
  // A deleted account is gone for both calls.
  EXPECT_FALSE(service_->export_data(1, "t1", "u-alice"));
  EXPECT_FALSE(service_->delete_account(1, "u-alice", Deletion{"user", "again"}, "en"));
}

TEST_F(PrivacyServiceTest, AnAccountWithoutPasswordNeedsAFreshSignIn) {
  clock_.set(std::chrono::sys_days{std::chrono::year{2026} / 1 / 1} + std::chrono::minutes(5));
  EXPECT_TRUE(service_->check_fresh_session(1, "u-alice", "sess-a"));
  clock_.advance(std::chrono::minutes(10));
  auto late = service_->check_fresh_session(1, "u-alice", "sess-a");
  ASSERT_FALSE(late);
  EXPECT_EQ(http_error(late.error()).code, "FRESH_SIGN_IN_REQUIRED");
  EXPECT_FALSE(service_->check_fresh_session(1, "u-alice", "sess-b"));  // Bob's session
}

}  // namespace
}  // namespace portal::privacy
