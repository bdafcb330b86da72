// Refunds against a migrated SQLite database: full, partial, too much, twice,
// the card whose refunds fail, the mobile bill's pending refund settled later,
// the policy run only on success, and concurrent refunds never above the amount.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <random>
#include <thread>

#include "db/migrations.hpp"
#include "domains/payments/payments_answers.hpp"
#include "domains/payments/payments_service.hpp"

namespace portal::payments {
namespace {

namespace fs = std::filesystem;

template <class T>
std::string refund_code_of(const Result<T>& r) {
  return r ? std::string() : http_error(r.error()).code;
}

class RefundsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-refunds-" + std::to_string(std::random_device{}()));
    db_ = db::open((dir_ / "portal.db").string(), 4);
    db::migrate(*db_, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 't', 't', 'x', 'x')");
    db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (2, 'o', 'o', 'x', 'x')");
    // The customer: a saved card refers to its user.
    db_->execute("INSERT INTO users (uuid, tenant_id, user_id, created_at, updated_at) VALUES ('u1', 1, 'u1', 'x', 'x')");
    repository_ = std::make_unique<PaymentsRepository>(*db_);
    service_ = std::make_unique<PaymentsService>(*repository_, clock_, "secret");
    service_->add_provider(std::make_unique<SandboxCardProvider>());
    service_->add_provider(std::make_unique<SandboxOperatorProvider>());
    service_->on_refund_succeeded("checkout", [this](db::Session&, const Payment& p, const Refund& r) {
      ++policy_runs_;
      last_policy_ = {p.id, r.keep_plan};
    });
    service_->set_on_refunded([this](const Refund&) { ++receipts_; });
  }
  void TearDown() override {
    service_.reset();
    repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }
  Payment paid(std::string number = "4242424242424242", std::string provider = "sandbox") {
    static int n = 0;
    ChargeRequest req{1, "u1", "checkout", "ref" + std::to_string(n++), std::move(provider), std::move(number), false,
                      {999, "EUR"}, std::nullopt};
    auto p = service_->charge(req, {});
    EXPECT_TRUE(p);
    return *p;
  }
  RefundRequest ask(const Payment& p, std::int64_t amount, bool keep = false) {
    RefundRequest r;
    r.tenant_id = 1;
    r.user_uuid = "u1";
    r.payment_id = p.id;
    r.amount = amount;
    r.reason = "test";
    r.staff_id = "s1";
    r.keep_plan = keep;
    return r;
  }
  std::int64_t refunded(const Payment& p) { return service_->payment(p.id)->refunded; }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  std::unique_ptr<PaymentsRepository> repository_;
  std::unique_ptr<PaymentsService> service_;
  std::atomic<int> policy_runs_{0};
  std::atomic<int> receipts_{0};
  std::pair<std::string, bool> last_policy_;
};

TEST_F(RefundsTest, FullRefundSucceedsAtOnceAndRunsThePolicyOnce) {
  const Payment p = paid();
  int recorded = 0;
  auto done = service_->refund(ask(p, 999), [&](db::Session&, const Payment& payment, const Refund& r) {
    ++recorded;
    EXPECT_EQ(payment.refunded, 999);
    EXPECT_EQ(r.status, RefundStatus::succeeded);
  });
  ASSERT_TRUE(done);
  EXPECT_EQ(done->status, RefundStatus::succeeded);
  EXPECT_TRUE(done->settled_at);
  EXPECT_EQ(recorded, 1);
  EXPECT_EQ(policy_runs_, 1);
  EXPECT_EQ(last_policy_, std::make_pair(p.id, false));
  EXPECT_EQ(receipts_, 1);
  EXPECT_EQ(refunded(p), 999);
  // Twice: nothing left.
  auto again = service_->refund(ask(p, 1));
  EXPECT_EQ(refund_code_of(again), "PAYMENT_NOT_REFUNDABLE");
  EXPECT_EQ(policy_runs_, 1);
  EXPECT_EQ(service_->refunds(1, p.id).size(), 1u);
}

TEST_F(RefundsTest, PartialThenTooMuchThenTheRest) {
  const Payment p = paid();
  ASSERT_TRUE(service_->refund(ask(p, 300, true)));
  EXPECT_EQ(last_policy_.second, true);  // keep_plan reaches the policy
  auto too_much = service_->refund(ask(p, 700));
  ASSERT_FALSE(too_much);
  EXPECT_EQ(refund_code_of(too_much), "REFUND_EXCEEDS_PAYMENT");
  EXPECT_EQ(too_much.error().refundable, 699);
  EXPECT_EQ(http_error(too_much.error()).status, 409);
  ASSERT_TRUE(service_->refund(ask(p, 699)));
  EXPECT_EQ(refunded(p), 999);
  EXPECT_EQ(policy_runs_, 2);
}

TEST_F(RefundsTest, RefusedBeforeTheProvider) {
  const Payment p = paid();
  EXPECT_EQ(refund_code_of(service_->refund(ask(p, 0))), "VALIDATION_ERROR");
  EXPECT_EQ(refund_code_of(service_->refund(ask(p, -5))), "VALIDATION_ERROR");
  auto no_reason = ask(p, 10);
  no_reason.reason.clear();
  EXPECT_EQ(http_error(service_->refund(no_reason).error()).data.as_object().at("field"), "reason");
  auto other_user = ask(p, 10);
  other_user.user_uuid = "u2";
  EXPECT_EQ(refund_code_of(service_->refund(other_user)), "PAYMENT_NOT_FOUND");
  auto other_tenant = ask(p, 10);
  other_tenant.tenant_id = 2;
  EXPECT_EQ(refund_code_of(service_->refund(other_tenant)), "PAYMENT_NOT_FOUND");
  const Payment declined = *service_->charge({1, "u1", "checkout", "declined", "sandbox", "4000000000000002", false, {999, "EUR"}, std::nullopt}, {});
  EXPECT_EQ(refund_code_of(service_->refund(ask(declined, 10))), "PAYMENT_NOT_REFUNDABLE");
  EXPECT_EQ(refunded(p), 0);
  EXPECT_EQ(policy_runs_, 0);
}

TEST_F(RefundsTest, TheFailingCardGivesTheReservationBack) {
  const Payment p = paid("4000 0000 0000 0119");
  EXPECT_EQ(p.status, Status::succeeded);
  int recorded = 0;
  auto failed = service_->refund(ask(p, 999), [&](db::Session&, const Payment&, const Refund& r) {
    ++recorded;
    EXPECT_EQ(r.status, RefundStatus::failed);
  });
  ASSERT_FALSE(failed);
  EXPECT_EQ(refund_code_of(failed), "REFUND_FAILED");
  EXPECT_EQ(http_error(failed.error()).status, 502);
  EXPECT_EQ(recorded, 1);  // the attempt is audited
  EXPECT_EQ(refunded(p), 0);
  EXPECT_EQ(policy_runs_, 0);
  EXPECT_EQ(receipts_, 0);
  auto listed = service_->refunds(1, p.id);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].status, RefundStatus::failed);
}

TEST_F(RefundsTest, TheMobileBillRefundIsPendingThenSettledByTheScheduler) {
  const Payment p = paid("4915112345678", "sandbox-operator");
  auto pending = service_->refund(ask(p, 999));
  ASSERT_TRUE(pending);
  EXPECT_EQ(pending->status, RefundStatus::pending);
  EXPECT_EQ(refunded(p), 999);  // reserved while pending
  EXPECT_EQ(policy_runs_, 0);   // nothing taken back yet
  EXPECT_EQ(refund_code_of(service_->refund(ask(p, 1))), "PAYMENT_NOT_REFUNDABLE");
  EXPECT_EQ(service_->settle_due_refunds(), 0);  // not due yet
  clock_.advance(kSandboxSettleAfter + std::chrono::seconds(1));
  EXPECT_EQ(service_->settle_due_refunds(), 1);
  EXPECT_EQ(service_->settle_due_refunds(), 0);  // settled once
  EXPECT_EQ(policy_runs_, 1);
  EXPECT_EQ(receipts_, 1);
  EXPECT_EQ(service_->refunds(1, p.id)[0].status, RefundStatus::succeeded);
  EXPECT_EQ(refund_code_of(service_->settle_refund(pending->id, RefundStatus::succeeded)), "PAYMENT_NOT_PENDING");
}

TEST_F(RefundsTest, APendingRefundThatFailsGivesTheAmountBack) {
  const Payment p = paid("4915112345678", "sandbox-operator");
  auto pending = service_->refund(ask(p, 500));
  ASSERT_TRUE(pending);
  ASSERT_TRUE(service_->settle_refund(pending->id, RefundStatus::failed));
  EXPECT_EQ(refunded(p), 0);
  EXPECT_EQ(policy_runs_, 0);
}

TEST_F(RefundsTest, ConcurrentRefundsNeverExceedTheAmount) {
  const Payment p = paid();  // 999
  std::atomic<int> ok{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 16; ++i)
    threads.emplace_back([&] {
      if (service_->refund(ask(p, 100))) ++ok;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(ok, 9);
  EXPECT_EQ(refunded(p), 900);
  EXPECT_EQ(policy_runs_, 9);
}

TEST_F(RefundsTest, TheDatabaseRefusesMoreThanThePayment) {
  const Payment p = paid();
  EXPECT_ANY_THROW(db_->execute("UPDATE payments SET refunded = 1000 WHERE id = '" + p.id + "'"));
  EXPECT_ANY_THROW(db_->execute("UPDATE payments SET refunded = -1 WHERE id = '" + p.id + "'"));
}

}  // namespace
}  // namespace portal::payments
