// Payments against a migrated SQLite database: sandbox outcomes, one charge
// per purpose and reference, saved methods, PINs (hashed, 3 tries, 5
// minutes), settling once, webhook signatures.
#include "domains/payments/payments_service.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "db/migrations.hpp"
#include "domains/payments/payments_answers.hpp"
#include "domains/payments/settlement_refused.hpp"

namespace portal::payments {
namespace {

namespace fs = std::filesystem;

// The wire code of a failed result, as the routes answer it.
template <class T>
std::string code_of(const Result<T>& r) {
  return r ? std::string() : http_error(r.error()).code;
}

class PaymentsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-payments-" + std::to_string(std::random_device{}()));
    db_ = db::open((dir_ / "portal.db").string(), 2);
    db::migrate(*db_, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 't', 't', 'x', 'x')");
    db_->execute("INSERT INTO users (uuid, tenant_id, user_id, created_at, updated_at) VALUES ('u1', 1, 'u1', 'x', 'x')");
    repository_ = std::make_unique<PaymentsRepository>(*db_);
    service_ = std::make_unique<PaymentsService>(*repository_, clock_, "secret");
    service_->add_provider(std::make_unique<SandboxCardProvider>());
    service_->add_provider(std::make_unique<SandboxOperatorProvider>());
  }
  void TearDown() override {
    service_.reset();
    repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }
  ChargeRequest card(std::string number, std::string reference = "c1") {
    return {1, "u1", "checkout", std::move(reference), "sandbox", std::move(number), false, {499, "EUR"}};
  }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  std::unique_ptr<PaymentsRepository> repository_;
  std::unique_ptr<PaymentsService> service_;
};

TEST_F(PaymentsTest, SandboxCardsDecideTheOutcome) {
  EXPECT_EQ(service_->charge(card("4000 0000 0000 9995", "a"), {})->status, Status::insufficient_funds);
  EXPECT_EQ(service_->charge(card("4000000000000002", "b"), {})->status, Status::declined);
  auto pending = service_->charge(card("4000000000000077", "c"), {});
  EXPECT_EQ(pending->status, Status::pending);
  EXPECT_TRUE(pending->settle_at);
  auto ok = service_->charge(card("4242 4242 4242 4242", "d"), {});
  EXPECT_EQ(ok->status, Status::succeeded);
  EXPECT_EQ(ok->instrument, "Visa •••• 4242");
  EXPECT_TRUE(ok->saved_method_id);
  auto bad = service_->charge(card("1111 2222 3333 4444", "e"), {});
  ASSERT_FALSE(bad);
  EXPECT_EQ(code_of(bad), "INVALID_CARD");
}

TEST_F(PaymentsTest, OneChargePerReferenceButFailuresMayRetry) {
  int effects = 0;
  auto then = [&](db::Session&, const Payment& p) { effects += p.status == Status::succeeded; };
  EXPECT_EQ(service_->charge(card("4000000000000002"), then)->status, Status::declined);
  EXPECT_EQ(service_->charge(card("4242424242424242"), then)->status, Status::succeeded);
  auto twice = service_->charge(card("4242424242424242"), then);
  ASSERT_FALSE(twice);
  EXPECT_EQ(code_of(twice), "PAYMENT_EXISTS");
  EXPECT_EQ(effects, 1);
}

TEST_F(PaymentsTest, AnEffectThatFailsRollsBackAndLeavesTheChargeRetryable) {
  auto boom = [](db::Session&, const Payment&) { throw std::runtime_error("rule refused"); };
  EXPECT_THROW(service_->charge(card("4242424242424242"), boom), std::runtime_error);
  EXPECT_TRUE(db_->query("SELECT 1 FROM payment_methods").empty()) << "the saved method rolled back too";
  EXPECT_EQ(service_->charge(card("4242424242424242"), {})->status, Status::succeeded);
}

TEST_F(PaymentsTest, SavedMethodsChargeRenewals) {
  ASSERT_TRUE(service_->charge(card("4000000000000341"), {}));
  auto method = service_->saved_method(1, "u1", "sandbox");
  ASSERT_TRUE(method);
  EXPECT_EQ(method->label, "Visa •••• 0341");
  ChargeRequest renewal{1, "u1", "renewal", "s1@2026-01-01T00:00:00Z", "sandbox", method->token, true, {499, "EUR"}};
  EXPECT_EQ(service_->charge(renewal, {})->status, Status::insufficient_funds);
  // A failed renewal can be retried for the same period.
  EXPECT_EQ(service_->charge(renewal, {})->status, Status::insufficient_funds);
  ASSERT_TRUE(service_->charge(card("4242424242424242", "c2"), {}));
  renewal.instrument = service_->saved_method(1, "u1", "sandbox")->token;
  EXPECT_EQ(service_->charge(renewal, {})->status, Status::succeeded);
  EXPECT_FALSE(service_->charge(renewal, {}));
}

TEST_F(PaymentsTest, OperatorNumbersDecideTheOutcome) {
  auto op = [&](std::string msisdn, std::string ref) {
    return service_->charge({1, "u1", "checkout", ref, "sandbox-operator", msisdn, false, {150, "SAR"}}, {});
  };
  EXPECT_EQ(op("966500000000", "1")->status, Status::insufficient_funds);
  EXPECT_EQ(op("966509999999", "2")->status, Status::declined);
  EXPECT_EQ(op("966501111111", "3")->status, Status::pending);
  EXPECT_EQ(op("+966 50 123 4567", "4")->status, Status::succeeded);
  EXPECT_EQ(code_of(op("1234567", "5")), "INVALID_MSISDN");
}

TEST_F(PaymentsTest, PinsAreHashedSingleUseThreeTriesFiveMinutes) {
  const std::string pin = service_->issue_pin(1, "u1", "opt", "966501234567");
  ASSERT_EQ(pin.size(), 4u);
  auto stored = db_->query("SELECT pin_hash FROM payment_pin_challenges");
  EXPECT_EQ(stored[0].text(0).find(pin), std::string::npos);
  const std::string wrong = pin == "1000" ? "1001" : "1000";
  EXPECT_EQ(http_error(service_->verify_pin(1, "u1", "opt", wrong).error()).data.as_object().at("triesLeft").as_int64(), 2);
  EXPECT_EQ(*service_->verify_pin(1, "u1", "opt", pin), "966501234567");
  EXPECT_FALSE(service_->verify_pin(1, "u1", "opt", pin)) << "spent";

  const std::string p2 = service_->issue_pin(1, "u1", "opt", "966501234567");
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(service_->verify_pin(1, "u1", "opt", p2 == "1000" ? "1001" : "1000"));
  EXPECT_FALSE(service_->verify_pin(1, "u1", "opt", p2)) << "three wrong tries kill it";

  const std::string p3 = service_->issue_pin(1, "u1", "opt", "966501234567");
  clock_.advance(std::chrono::minutes(5) + std::chrono::seconds(1));
  EXPECT_FALSE(service_->verify_pin(1, "u1", "opt", p3)) << "expired";
  EXPECT_FALSE(service_->verify_pin(1, "u2", "opt", p3)) << "another user's";
}

TEST_F(PaymentsTest, PendingSettlesOnceByTimeOrWebhook) {
  auto pending = service_->charge(card("4000000000000077", "p1"), {});
  auto other = service_->charge(card("4000000000000077", "p2"), {});
  int settled = 0;
  auto then = [&](db::Session&, const Payment&) { ++settled; };
  EXPECT_EQ(service_->settle_due(then), 0);
  EXPECT_EQ(service_->settle(other->id, Status::declined, then)->status, Status::declined);
  EXPECT_EQ(code_of(service_->settle(other->id, Status::succeeded, then)), "PAYMENT_NOT_PENDING");
  clock_.advance(std::chrono::minutes(2));
  EXPECT_EQ(service_->settle_due(then), 1);
  EXPECT_EQ(service_->settle_due(then), 0);
  EXPECT_EQ(service_->payment(pending->id)->status, Status::succeeded);
  EXPECT_EQ(settled, 2);
  EXPECT_EQ(code_of(service_->settle("nope", Status::succeeded, then)), "PAYMENT_NOT_FOUND");
}

TEST_F(PaymentsTest, AVetOrAChargeHoldingTheKeyRefusesBeforeTheProviderIsAsked) {
  ChargeRequest req = card("4242424242424242", "k1");
  req.exclusive_key = "plan-group:music";
  auto refuse = [](db::Session&) { return true; };
  EXPECT_EQ(service_->charge(req, {}, refuse).error().code, ErrorCode::refused) << "the caller says why";
  EXPECT_TRUE(service_->for_reference(1, "checkout", "k1").empty()) << "no charge row";
  EXPECT_TRUE(db_->query("SELECT 1 FROM payment_methods").empty()) << "the card was never charged";

  // Another charge of the key in flight (PROCESSING): busy, naming it.
  db_->execute("INSERT INTO payments (id, tenant_id, user_uuid, purpose, reference, provider, instrument, amount, currency, "
               "status, created_at, updated_at, exclusive_key) VALUES ('held', 1, 'u1', 'checkout', 'other', 'sandbox', '', "
               "1, 'EUR', 'PROCESSING', 'x', 'x', 'plan-group:music')");
  auto busy = service_->charge(req, {});
  ASSERT_FALSE(busy);
  EXPECT_EQ(code_of(busy), "PAYMENT_BUSY");
  EXPECT_EQ(http_error(busy.error()).data.as_object().at("reference").as_string(), "other");
  ChargeRequest other_key = card("4242424242424242", "k2");
  other_key.exclusive_key = "plan-group:video";
  EXPECT_EQ(service_->charge(other_key, {})->status, Status::succeeded);

  db_->execute("UPDATE payments SET status = 'SUCCEEDED' WHERE id = 'held'");
  auto ok = [](db::Session&) { return false; };
  EXPECT_EQ(service_->charge(req, {}, ok)->status, Status::succeeded);
  EXPECT_EQ(code_of(service_->charge(req, {})), "PAYMENT_EXISTS") << "its own reference first";
}

TEST_F(PaymentsTest, ASettlementItsPurchaseRefusesSettlesDeclinedAndABusyKeyWaits) {
  ChargeRequest req = card("4000000000000077", "p1");
  req.exclusive_key = "plan-group:music";
  auto pending = service_->charge(req, {});
  ASSERT_EQ(pending->status, Status::pending);

  db_->execute("INSERT INTO payments (id, tenant_id, user_uuid, purpose, reference, provider, instrument, amount, currency, "
               "status, created_at, updated_at, exclusive_key) VALUES ('held', 1, 'u1', 'checkout', 'other', 'sandbox', '', "
               "1, 'EUR', 'PROCESSING', 'x', 'x', 'plan-group:music')");
  std::vector<Status> seen;
  auto refuse_success = [&](db::Session&, const Payment& p) {
    seen.push_back(p.status);
    if (p.status == Status::succeeded) throw SettlementRefused("LEVEL_TAKEN", "taken");
  };
  EXPECT_EQ(code_of(service_->settle(pending->id, Status::succeeded, refuse_success)), "PAYMENT_BUSY");
  EXPECT_EQ(service_->payment(pending->id)->status, Status::pending) << "still pending, settled later";
  EXPECT_TRUE(seen.empty());

  db_->execute("UPDATE payments SET status = 'SUCCEEDED' WHERE id = 'held'");
  EXPECT_EQ(service_->settle(pending->id, Status::succeeded, refuse_success)->status, Status::declined);
  EXPECT_EQ(service_->payment(pending->id)->status, Status::declined);
  EXPECT_EQ(seen, (std::vector<Status>{Status::succeeded, Status::declined}));
}

TEST_F(PaymentsTest, WebhookSignaturesCarryASignedTimestamp) {
  using Check = PaymentsService::WebhookCheck;
  const std::string body = R"({"paymentId":"x","outcome":"success"})";
  const std::int64_t now = std::chrono::duration_cast<std::chrono::seconds>(clock_.now().time_since_epoch()).count();
  const std::string header = service_->webhook_signature(body, now);
  EXPECT_EQ(header.rfind("t=" + std::to_string(now) + ",v1=", 0), 0u);
  EXPECT_EQ(header.size(), std::string("t=1700000000,v1=").size() + 64);
  EXPECT_EQ(service_->verify_webhook(body, header), Check::valid);
  // The MAC covers "<t>.<body>".
  EXPECT_EQ(header.substr(header.find("v1=") + 3), service_->sign(std::to_string(now) + "." + body));
  std::string upper = header;
  for (auto i = upper.find("v1=") + 3; i < upper.size(); ++i)
    upper[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(upper[i])));
  EXPECT_EQ(service_->verify_webhook(body, upper), Check::valid);
  EXPECT_EQ(service_->verify_webhook(body, " t=" + std::to_string(now) + " , v1=" + header.substr(header.find("v1=") + 3)),
            Check::valid);

  // Captured and replayed later: refused once older than the tolerance, accepted up to it.
  const auto tolerance = kWebhookTolerance.count();
  EXPECT_EQ(service_->verify_webhook(body, service_->webhook_signature(body, now - tolerance)), Check::valid);
  EXPECT_EQ(service_->verify_webhook(body, service_->webhook_signature(body, now - tolerance - 1)),
            Check::outside_tolerance);
  EXPECT_EQ(service_->verify_webhook(body, service_->webhook_signature(body, now + tolerance)), Check::valid);
  EXPECT_EQ(service_->verify_webhook(body, service_->webhook_signature(body, now + tolerance + 1)),
            Check::outside_tolerance);
  clock_.advance(std::chrono::seconds(tolerance + 1));
  EXPECT_EQ(service_->verify_webhook(body, header), Check::outside_tolerance);
  clock_.advance(-std::chrono::seconds(tolerance + 1));

  // A fresh timestamp put on an old MAC, a changed body, a cut MAC: refused.
  const std::string mac = header.substr(header.find("v1=") + 3);
  EXPECT_EQ(service_->verify_webhook(body, "t=" + std::to_string(now + 1) + ",v1=" + mac), Check::mismatch);
  EXPECT_EQ(service_->verify_webhook(body + " ", header), Check::mismatch);
  EXPECT_EQ(service_->verify_webhook(body, header.substr(0, header.size() - 1)), Check::mismatch);
  // Several v1 (a key in rotation): one that matches is enough.
  EXPECT_EQ(service_->verify_webhook(body, "t=" + std::to_string(now) + ",v1=" + std::string(64, '0') + ",v1=" + mac),
            Check::valid);
  // Malformed headers.
  for (std::string bad : {std::string(""), "v1=" + mac, "t=" + std::to_string(now), "t=-5,v1=" + mac,
                          "t=1e9,v1=" + mac, "t=" + std::to_string(now) + ",t=1,v1=" + mac, mac,
                          "t=99999999999999999999,v1=" + mac})
    EXPECT_EQ(service_->verify_webhook(body, bad), Check::malformed) << bad;
  // No secret: nothing is valid.
  PaymentsService no_secret(*repository_, clock_, "");
  EXPECT_EQ(no_secret.verify_webhook(body, no_secret.webhook_signature(body, now)), Check::mismatch);
  // RFC 4231 test case 2.
  PaymentsService rfc(*repository_, clock_, "Jefe");
  EXPECT_EQ(rfc.sign("what do ya want for nothing?"), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

}  // namespace
}  // namespace portal::payments
