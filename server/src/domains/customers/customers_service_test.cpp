// The customers read model against a migrated SQLite database: each search key finds its
// customer, a search stays in its tenant (a platform administrator may look in another or in
// all), another tenant's customer is not found, the page never carries the parental PIN, a
// viewed page runs the audit hook, and every search statement is answered by an index
// (EXPLAIN QUERY PLAN: no scan of users, payments or voucher_codes).
#include "domains/customers/customers_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include <filesystem>
#include <regex>

#include "db/test_database.hpp"
#include "domains/customers/customers_answers.hpp"
#include "domains/vouchers/voucher_codes.hpp"

namespace portal::customers {
namespace {

constexpr std::string_view kKey = "test-voucher-key";

class CustomersTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-customers");
    db_ = db::open_test_database(dir_, {{"u-alice", 1}, {"u-bob", 2}, {"u-carol", 1}});
    db_->execute("UPDATE users SET email = 'alice@example.com', name = 'Alice' WHERE uuid = 'u-alice'");
    db_->execute("UPDATE users SET email = 'alice@example.com' WHERE uuid = 'u-bob'");
    db_->execute("UPDATE users SET msisdn = '+971500000001' WHERE uuid = 'u-carol'");
    db_->execute(
        "INSERT INTO payments (id, tenant_id, user_uuid, purpose, reference, provider, instrument, amount, currency, "
        "status, created_at, updated_at) VALUES ('pay-1', 1, 'u-alice', 'checkout', 'chk-1', 'sandbox', "
        "'Visa •••• 4242', 999, 'EUR', 'SUCCEEDED', '2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z')");
    code_ = *vouchers::normalize_code(vouchers::new_code());
    db_->execute(
        "INSERT INTO voucher_codes (id, tenant_id, code_hash, subscription_type_id, owner_uuid, redeemed_by, hint, "
        "valid_until, created_at) VALUES ('vc-1', 1, $1, 1, 'u-carol', NULL, 'x', '2099-01-01', 'x')",
        {vouchers::code_hash(kKey, code_)});
    db_->execute(
        "INSERT INTO parental_controls (tenant_id, user_uuid, password_hash, max_age_group, is_active, updated_at) "
        "VALUES (1, 'u-alice', 'secret-hash', 12, 1, 'x')");
    repository_ = std::make_unique<CustomersRepository>(*db_);
    service_ = std::make_unique<CustomersService>(CustomersService::Deps{*db_, *repository_, clock_, std::string(kKey)});
  }
  void TearDown() override {
    service_.reset();
    repository_.reset();
    db_.reset();
    std::filesystem::remove_all(dir_);
  }

  std::vector<Match> find(std::string_view q, std::optional<std::int64_t> tenant = 1) {
    auto r = service_->search(Scope{tenant}, q);
    EXPECT_TRUE(r.has_value());
    return r ? *r : std::vector<Match>{};
  }

  std::filesystem::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  std::unique_ptr<CustomersRepository> repository_;
  std::unique_ptr<CustomersService> service_;
  std::string code_;
};

TEST_F(CustomersTest, FindsByEachKey) {
  auto expect_one = [&](std::string_view q, const std::string& uuid, MatchKey key) {
    const auto m = find(q);
    ASSERT_EQ(m.size(), 1u) << q;
    EXPECT_EQ(m[0].uuid, uuid) << q;
    EXPECT_EQ(m[0].key, key) << q;
    EXPECT_EQ(m[0].tenant, "t1");
  };
  expect_one("Alice@Example.com", "u-alice", MatchKey::email);
  expect_one("alic", "u-alice", MatchKey::email_prefix);
  expect_one("+971500000001", "u-carol", MatchKey::msisdn);
  expect_one("971500000001", "u-carol", MatchKey::msisdn);
  expect_one("id-alice", "u-alice", MatchKey::user_id);
  expect_one("u-carol", "u-carol", MatchKey::uuid);
  expect_one("pay-1", "u-alice", MatchKey::payment_id);
  expect_one("chk-1", "u-alice", MatchKey::payment_reference);
  expect_one(vouchers::group_code(code_), "u-carol", MatchKey::voucher_buyer);
  EXPECT_TRUE(find("nobody@example.com").empty());
  EXPECT_FALSE(service_->search(Scope{1}, "  ").has_value());
}

TEST_F(CustomersTest, SearchStaysInItsTenant) {
  EXPECT_TRUE(find("pay-1", 2).empty());
  EXPECT_TRUE(find("+971500000001", 2).empty());
  const auto t2 = find("alice@example.com", 2);
  ASSERT_EQ(t2.size(), 1u);
  EXPECT_EQ(t2[0].uuid, "u-bob");
  EXPECT_EQ(find("alice@example.com", std::nullopt).size(), 2u);  // every tenant

  // Only a platform administrator names another tenant, or all.
  EXPECT_FALSE(service_->scope({1, false}, std::string("t2")).has_value());
  EXPECT_TRUE(service_->scope({1, false}, std::string("t1")).has_value());
  EXPECT_EQ(service_->scope({1, true}, std::string("t2"))->tenant_id, 2);
  EXPECT_FALSE(service_->scope({1, true}, std::string("all"))->tenant_id.has_value());
  EXPECT_EQ(service_->scope({1, true}, std::string("nope")).error().code, ErrorCode::tenant_not_found);
}

TEST_F(CustomersTest, PageOfOwnTenantOnlyAndAudited) {
  int viewed = 0;
  const auto page = service_->customer({1, false}, "u-alice", [&](db::Session&, const Customer& c) {
    ++viewed;
    EXPECT_EQ(c.profile.uuid, "u-alice");
  });
  ASSERT_TRUE(page.has_value());
  EXPECT_EQ(viewed, 1);
  EXPECT_TRUE(page->parental_control);
  ASSERT_EQ(page->payments.size(), 1u);
  EXPECT_EQ(page->payments[0].refunded, 0);
  EXPECT_EQ(page->payments[0].instrument, "Visa •••• 4242");
  const auto json = boost::json::serialize(boost::json::value_from(customer_dto(*page)));
  EXPECT_EQ(json.find("secret-hash"), std::string::npos);

  EXPECT_EQ(service_->customer({2, false}, "u-alice").error().code, ErrorCode::customer_not_found);
  EXPECT_TRUE(service_->customer({2, true}, "u-alice").has_value());  // platform administrator
  EXPECT_EQ(service_->customer({1, false}, "u-nobody").error().code, ErrorCode::customer_not_found);
}

TEST_F(CustomersTest, EverySearchUsesAnIndex) {
  const std::regex param(R"(\$(\d+))");
  const std::regex scan(R"(^SCAN (u|p|c|users|payments|voucher_codes)\b)");
  for (bool scoped : {true, false}) {
    for (const auto& statement : CustomersRepository::search_statements(scoped)) {
      int count = 0;
      for (auto it = std::sregex_iterator(statement.begin(), statement.end(), param); it != std::sregex_iterator(); ++it)
        count = std::max(count, std::stoi((*it)[1]));
      db::Params params;
      for (int i = 1; i <= count; ++i) params.emplace_back(std::string("x"));
      if (scoped) params.back() = std::int64_t{1};
      std::string plan;
      for (const auto& row : db_->query("EXPLAIN QUERY PLAN " + statement, params)) {
        const auto detail = row.text(3);
        plan += detail + "\n";
        EXPECT_FALSE(std::regex_search(detail, scan)) << statement << "\n" << detail;
      }
      EXPECT_FALSE(plan.empty());
    }
  }
}

}  // namespace
}  // namespace portal::customers
