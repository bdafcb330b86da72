// Charges whose instance died (migration 0050): the sandbox ledger answers a repeated idempotency key with
// the first call's outcome, and resume_lapsed() takes over a charge whose lease lapsed: it records the
// provider's answer with the purpose's handler, releases one the provider never saw, and gives back what a
// purpose without a handler was charged.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "core/ids.hpp"
#include "db/migrations.hpp"
#include "domains/payments/payments_service.hpp"
#include "domains/payments/sandbox_ledger.hpp"

namespace portal::payments {
namespace {

namespace fs = std::filesystem;

// The card sandbox booking in the ledger, whose instance "dies" (throws) before the call or after its answer.
class DyingProvider final : public PaymentProvider {
 public:
  explicit DyingProvider(SandboxLedger& ledger) : card_(&ledger) {}
  enum class Death { none, before_call, after_answer } death = Death::none;
  std::string_view name() const override { return "sandbox"; }
  bool needs_pin() const override { return false; }
  Result<std::string> normalize(std::string_view raw) const override { return card_.normalize(raw); }
  ProviderCharge charge(const ChargeCall& call) override {
    if (death == Death::before_call) throw std::runtime_error("killed before the call");
    auto answer = card_.charge(call.instrument, call.amount, call.key);
    if (death == Death::after_answer) throw std::runtime_error("killed after the answer");
    return answer;
  }
  std::optional<ProviderCharge> find_charge(const ChargeCall& call) override { return card_.find_charge(call.key); }
  std::optional<std::string> hosted_checkout_url(std::string_view, std::string_view, std::string_view) const override {
    return std::nullopt;
  }
  ProviderRefund refund(const Payment& payment, const Money& amount, std::string_view key) override {
    return card_.refund(payment, amount, key);
  }

 private:
  SandboxCardProvider card_;
};

class TakeoverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-takeover-" + std::to_string(std::random_device{}()));
    db_ = db::open((dir_ / "portal.db").string(), 2);
    db::migrate(*db_, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 't', 't', 'x', 'x')");
    db_->execute("INSERT INTO users (uuid, tenant_id, user_id, created_at, updated_at) VALUES ('u1', 1, 'u1', 'x', 'x')");
    repository_ = std::make_unique<PaymentsRepository>(*db_);
    ledger_ = std::make_unique<SandboxLedger>(*db_, clock_);
    service_ = std::make_unique<PaymentsService>(*repository_, clock_, "secret");
    auto provider = std::make_unique<DyingProvider>(*ledger_);
    provider_ = provider.get();
    service_->add_provider(std::move(provider));
  }
  void TearDown() override {
    service_.reset();
    ledger_.reset();
    repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }
  static ChargeRequest renewal(std::string reference = "s1@2026-01-01T00:00:00Z") {
    return {1, "u1", "renewal", std::move(reference), "sandbox", "4242424242424242", true, {499, "EUR"}};
  }
  // The charge left in flight by an instance that died: its payment id.
  std::string died(DyingProvider::Death death, const ChargeRequest& req) {
    provider_->death = death;
    EXPECT_THROW((void)service_->charge(req, {}), std::runtime_error);
    provider_->death = DyingProvider::Death::none;
    auto rows = db_->query("SELECT id FROM payments WHERE status = 'PROCESSING'");
    EXPECT_EQ(rows.size(), 1u);
    return rows.empty() ? std::string() : rows[0].text(0);
  }
  std::int64_t count(const std::string& sql) { return db_->query(sql)[0].integer(0); }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  std::unique_ptr<PaymentsRepository> repository_;
  std::unique_ptr<SandboxLedger> ledger_;
  std::unique_ptr<PaymentsService> service_;
  DyingProvider* provider_ = nullptr;
};

TEST_F(TakeoverTest, TheLedgerAnswersARepeatedKeyWithTheFirstOutcome) {
  SandboxCardProvider card(ledger_.get());
  const Money price{499, "EUR"};
  EXPECT_FALSE(card.find_charge("k1"));
  EXPECT_EQ(card.charge("4242424242424242", price, "k1").status, Status::succeeded);
  // The same key again, even with a card that would be declined: the first call's outcome, no second charge.
  EXPECT_EQ(card.charge("4000000000000002", price, "k1").status, Status::succeeded);
  EXPECT_EQ(count("SELECT COUNT(*) FROM sandbox_ledger WHERE idempotency_key = 'k1'"), 1);
  ASSERT_TRUE(card.find_charge("k1"));
  EXPECT_EQ(card.find_charge("k1")->label, "Visa •••• 4242");
  EXPECT_THROW(card.charge("4242424242424242", {500, "EUR"}, "k1"), std::invalid_argument) << "other parameters";
  // A refund's key is its own: the same refund asked twice is booked once.
  Payment paid;
  paid.instrument = "Visa •••• 4242";
  EXPECT_EQ(card.refund(paid, price, "r1").status, RefundStatus::succeeded);
  EXPECT_EQ(card.refund(paid, price, "r1").status, RefundStatus::succeeded);
  EXPECT_FALSE(card.find_charge("r1")) << "a refund is not a charge";
  EXPECT_EQ(count("SELECT COUNT(*) FROM sandbox_ledger"), 2);
}

TEST_F(TakeoverTest, ALapsedRenewalIsRecordedWithItsHandlerOnceAndChargedOnce) {
  int applied = 0;
  service_->on_resumed("renewal", [&](db::Session&, const Payment& p) { applied += p.status == Status::succeeded; });
  const std::string id = died(DyingProvider::Death::after_answer, renewal());
  EXPECT_EQ(count("SELECT COUNT(*) FROM sandbox_ledger"), 1) << "the provider took the money";
  // Within its lease the charge is its holder's.
  clock_.advance(std::chrono::seconds(10));
  EXPECT_EQ(service_->resume_lapsed(), 0);
  clock_.advance(std::chrono::seconds(6));
  EXPECT_EQ(service_->resume_lapsed(), 1);
  auto payment = service_->payment(id);
  ASSERT_TRUE(payment);
  EXPECT_EQ(payment->status, Status::succeeded);
  EXPECT_EQ(payment->instrument, "Visa •••• 4242");
  EXPECT_EQ(applied, 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM sandbox_ledger"), 1) << "asked again, charged once";
  clock_.advance(std::chrono::seconds(60));
  EXPECT_EQ(service_->resume_lapsed(), 0) << "nothing left in flight";
  // The period is charged: another charge of it is refused.
  EXPECT_FALSE(service_->charge(renewal(), {}));
}

TEST_F(TakeoverTest, AChargeTheProviderNeverSawIsReleasedForARetry) {
  service_->on_resumed("renewal", [](db::Session&, const Payment&) { FAIL() << "nothing to apply"; });
  const std::string id = died(DyingProvider::Death::before_call, renewal());
  EXPECT_FALSE(service_->charge(renewal(), {})) << "held while in flight";
  clock_.advance(std::chrono::seconds(16));
  EXPECT_EQ(service_->resume_lapsed(), 1);
  EXPECT_EQ(service_->payment(id)->status, Status::declined);
  EXPECT_EQ(count("SELECT COUNT(*) FROM sandbox_ledger"), 0);
  EXPECT_EQ(service_->charge(renewal(), {})->status, Status::succeeded) << "the period can be charged now";
}

TEST_F(TakeoverTest, APurposeWithoutAHandlerGetsItsMoneyBackAndTheFiguresSaySo) {
  // Issue 76 item 5: the money went back, so the payment says what it was (SUCCEEDED, all of it refunded, beside
  // its SUCCEEDED refund), the purpose releases what it reserved, and the refund's receipt goes out.
  std::vector<Payment> released;
  service_->on_released("article", [&](db::Session&, const Payment& p) { released.push_back(p); });
  std::vector<Refund> receipts;
  service_->set_on_refunded([&](const Refund& r) { receipts.push_back(r); });
  ChargeRequest purchase{1, "u1", "article", "purchase-1", "sandbox", "4242424242424242", false, {299, "EUR"}};
  const std::string id = died(DyingProvider::Death::after_answer, purchase);
  clock_.advance(std::chrono::seconds(16));
  EXPECT_EQ(service_->resume_lapsed(), 1);
  const auto payment = service_->payment(id);
  EXPECT_EQ(payment->status, Status::succeeded);
  EXPECT_EQ(payment->refunded, 299);
  EXPECT_EQ(payment->instrument, "Visa •••• 4242");
  const auto refunds = service_->refunds(1, id);
  ASSERT_EQ(refunds.size(), 1u);
  EXPECT_EQ(refunds[0].status, RefundStatus::succeeded);
  EXPECT_EQ(refunds[0].amount.amount, 299);
  EXPECT_EQ(refunds[0].reason, kReturnedReason);
  EXPECT_EQ(count("SELECT COUNT(*) FROM sandbox_ledger WHERE kind = 'refund'"), 1);
  ASSERT_EQ(released.size(), 1u);
  EXPECT_EQ(released[0].status, Status::succeeded);
  EXPECT_EQ(released[0].refunded, 299);
  ASSERT_EQ(receipts.size(), 1u);
  EXPECT_EQ(receipts[0].payment_id, id);
}

TEST_F(TakeoverTest, TwoInstancesReturningOneChargeRefundItOnce) {
  // The instance that returns a charge dies after its provider's refund, before the record: the next one asks the
  // provider with the same refund key (booked once) and records it.
  ChargeRequest purchase{1, "u1", "article", "purchase-2", "sandbox", "4242424242424242", false, {299, "EUR"}};
  const std::string id = died(DyingProvider::Death::after_answer, purchase);
  auto p = service_->payment(id);
  SandboxCardProvider card(ledger_.get());
  Payment charged = *p;
  charged.instrument = "Visa •••• 4242";
  EXPECT_EQ(card.refund(charged, charged.amount, core::name_uuid("returned:" + id)).status, RefundStatus::succeeded);
  clock_.advance(std::chrono::seconds(16));
  EXPECT_EQ(service_->resume_lapsed(), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM sandbox_ledger WHERE kind = 'refund'"), 1) << "refunded once";
  EXPECT_EQ(service_->payment(id)->refunded, 299);
  EXPECT_EQ(service_->refunds(1, id).size(), 1u);
}

TEST_F(TakeoverTest, AChargeNeverTakenReleasesItsReservationAndStaysRetryable) {
  std::vector<Payment> released;
  service_->on_released("article", [&](db::Session&, const Payment& p) { released.push_back(p); });
  ChargeRequest purchase{1, "u1", "article", "purchase-3", "sandbox", "4242424242424242", false, {299, "EUR"}};
  const std::string id = died(DyingProvider::Death::before_call, purchase);
  clock_.advance(std::chrono::seconds(16));
  EXPECT_EQ(service_->resume_lapsed(), 1);
  EXPECT_EQ(service_->payment(id)->status, Status::declined);
  ASSERT_EQ(released.size(), 1u);
  EXPECT_EQ(released[0].status, Status::declined);
  EXPECT_TRUE(service_->refunds(1, id).empty());
  EXPECT_EQ(service_->charge(purchase, {})->status, Status::succeeded) << "retried";
}

TEST_F(TakeoverTest, AHeartbeatKeepsASlowChargeItsHolders) {
  // The holder renews; a takeover look in between finds nothing lapsed.
  const std::string holder = "h1";
  Payment p;
  p.id = "p1";
  p.tenant_id = 1;
  p.user_uuid = "u1";
  p.purpose = "renewal";
  p.reference = "s2@2026-01-01T00:00:00Z";
  p.provider = "sandbox";
  p.amount = {499, "EUR"};
  p.created_at = "2023-11-14T22:13:20Z";
  db_->transaction([&](db::Session& s) { repository_->claim(s, p, std::nullopt, holder, "2023-11-14T22:13:35Z"); });
  EXPECT_TRUE(repository_->renew_lease("p1", holder, "2023-11-14T22:14:00Z"));
  EXPECT_FALSE(repository_->renew_lease("p1", "someone else", "2023-11-14T22:15:00Z"));
  clock_.advance(std::chrono::seconds(20));  // 22:13:40: past the first lease, within the renewed one
  EXPECT_EQ(service_->resume_lapsed(), 0);
}

}  // namespace
}  // namespace portal::payments
