// Vouchers against a migrated SQLite database and a manual clock: codes,
// redemption once with its grant, expiry, the failure limits, buying with a
// provider that answers what the test wants (success, pending then settled,
// insufficient), availability, resend, and what a catalog article sells.
#include "domains/vouchers/vouchers_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <map>
#include <random>
#include <set>

#include "core/utc_time.hpp"
#include "db/migrations.hpp"
#include "db/timestamp.hpp"
#include "domains/subscriptions/plans_document.hpp"
#include "domains/subscriptions/subscription_rules.hpp"
#include "domains/vouchers/vouchers_answers.hpp"
#include "domains/vouchers/voucher_codes.hpp"

namespace portal::vouchers {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using std::chrono::hours;
using std::chrono::minutes;

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

// Answers every charge with `next`.
class FakeProvider final : public payments::PaymentProvider {
 public:
  payments::Status next = payments::Status::succeeded;
  std::string_view name() const override { return "fake"; }
  bool needs_pin() const override { return false; }
  payments::Result<std::string> normalize(std::string_view raw) const override { return std::string(raw); }
  std::optional<payments::ProviderCharge> find_charge(const payments::ChargeCall&) override { return std::nullopt; }
  payments::ProviderCharge charge(const payments::ChargeCall&) override {
    payments::ProviderCharge c;
    c.status = next;
    c.label = "fake";
    c.settle_after = std::chrono::seconds(60);
    return c;
  }
  payments::ProviderRefund refund(const payments::Payment&, const Money&, std::string_view) override {
    payments::ProviderRefund r;
    r.status = payments::RefundStatus::succeeded;
    return r;
  }
  std::optional<std::string> hosted_checkout_url(std::string_view, std::string_view, std::string_view) const override {
    return std::nullopt;
  }
};

class CapturingMailer final : public identity::Mailer {
 public:
  std::vector<identity::Mail> sent;
  void send(std::int64_t, const identity::Mail& mail) override { sent.push_back(mail); }
  std::vector<std::string> codes() const {
    std::vector<std::string> out;
    for (const auto& m : sent)
      for (std::size_t at = 0; (at = m.body.find(": ", at)) != std::string::npos; at += 2)
        if (m.body.size() >= at + 21) out.push_back(m.body.substr(at + 2, 19));
    return out;
  }
};

constexpr std::string_view kPlans = R"({
  "groups": [{"id": "music", "name": {"en": "Music"}, "levels": [[101], [102]]}],
  "paymentOptions": [{"code": "card", "provider": "fake", "flow": "WEB", "name": {"en": "Card"}}],
  "types": [
    {"id": 101, "name": "Basic", "groupId": "music", "billingCycle": "P1M", "price": {"amount": 499, "currency": "EUR"},
     "contingents": [{"contentTypes": ["full_track_music"], "amount": 10}], "paymentOptions": ["card"]},
    {"id": 102, "name": "Plus", "groupId": "music", "billingCycle": "P1M", "price": {"amount": 799, "currency": "EUR"},
     "requiredIdentityFields": ["name", "lastName"],
     "contingents": [{"contentTypes": ["full_track_music"], "amount": 30}], "paymentOptions": ["card"]}]})";

Article voucher(std::int64_t id, std::int64_t type, std::int64_t amount, std::optional<std::int64_t> available) {
  json::object custom{{"subscriptionTypeIds", json::object{{"t", type}}}, {"validityMonths", 12}};
  if (available) custom["availableNo"] = *available;
  return article_of(id, "voucher",
                    json::object{{"title", json::object{{"en", "Gift " + std::to_string(id)}, {"fr", "Cadeau"}}},
                                 {"prices", json::array{json::object{{"amount", amount * 4}, {"currency", "SAR"},
                                                                     {"businessModel", "PAY_PER_DOWNLOAD"}},
                                                        json::object{{"amount", amount}, {"currency", "EUR"},
                                                                     {"businessModel", "PAY_PER_DOWNLOAD"}}}},
                                 {"customProperties", custom}});
}

class VouchersTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-vouchers-" + std::to_string(std::random_device{}()));
    db_ = db::open((dir_ / "portal.db").string(), 2);
    db::migrate(*db_, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 't', 't', 'x', 'x')");
    for (std::string u : {"u1", "u2", "u3"})
      db_->execute("INSERT INTO users (uuid, tenant_id, user_id, email, created_at, updated_at) VALUES ($1, 1, $1, $2, 'x', 'x')",
                   {u, u + "@example.com"});
    subscriptions_ = std::make_unique<subscriptions::SubscriptionsRepository>(*db_);
    subscriptions_->replace_plans(1, subscriptions::parse_plans(json::parse(kPlans)).value(), "x");
    payments_repository_ = std::make_unique<payments::PaymentsRepository>(*db_);
    payments_ = std::make_unique<payments::PaymentsService>(*payments_repository_, clock_, "secret");
    auto fake = std::make_unique<FakeProvider>();
    provider_ = fake.get();
    payments_->add_provider(std::move(fake));
    db_->execute("INSERT INTO payment_methods (id, tenant_id, user_uuid, provider, token, label, created_at) "
                 "VALUES ('m1', 1, 'u1', 'fake', 'tok', 'fake', 'x')");
    tenant_ = std::make_shared<tenants::Tenant>();
    tenant_->id = 1;
    tenant_->name = "t";
    tenant_->settings = json::object{{"currency", "EUR"}};
    articles_[8001] = voucher(8001, 101, 1000, 3);
    articles_[8002] = voucher(8002, 102, 2500, std::nullopt);
    articles_[8101] = article_of(
        8101, "voucherbook",
        json::object{{"title", json::object{{"en", "Book"}}},
                     {"prices", json::array{json::object{
                                    {"amount", 3000}, {"currency", "EUR"}, {"businessModel", "PAY_PER_DOWNLOAD"}}}},
                     {"memberIds", json::array{8001, 8002}},
                     {"customProperties", json::object{{"discountPercentage", 15}}}});
    articles_[2101] = article_of(2101, "full_track_music", json::object{});
    repository_ = std::make_unique<VouchersRepository>(*db_);
    service_ = std::make_unique<VouchersService>(VouchersService::Deps{
        *repository_, *subscriptions_, *payments_, mailer_, clock_, "voucher-key",
        [this](std::int64_t, std::int64_t id) -> std::optional<Article> {
          auto it = articles_.find(id);
          return it == articles_.end() ? std::nullopt : std::optional<Article>(it->second);
        },
        [this](std::int64_t id) -> std::shared_ptr<const tenants::Tenant> { return id == 1 ? tenant_ : nullptr; },
        [](std::int64_t, const std::string& uuid) -> std::optional<std::string> { return uuid + "@example.com"; },
        // u4's profile has no last name.
        [](std::int64_t, const std::string& uuid, const std::vector<std::string>& required) {
          std::vector<std::string> missing;
          for (const auto& f : required)
            if (uuid == "u4" && f == "lastName") missing.push_back(f);
          return missing;
        }});
    payments_->on_settled(std::string(kPaymentPurpose),
                          [this](db::Session& s, const payments::Payment& p) { service_->on_payment_settled(s, p); });
  }
  void TearDown() override {
    service_.reset();
    repository_.reset();
    payments_.reset();
    payments_repository_.reset();
    subscriptions_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }
  std::string mint(std::int64_t type, int days = 30) { return service_->issue(1, type, 1, days).value().codes.at(0); }
  int status_of(const http::Error& e) { return static_cast<int>(e.data.at("voucherStatus").as_int64()); }

  // A console batch by editor e1; the changes its writes reported (for the audit entry).
  Result<Minted> batch(NewBatch spec) {
    return service_->mint_batch(1, spec, editor_, "console", [this](db::Session&, const AdminChange& c) { changes_.push_back(c); });
  }
  OnChange record() {
    return [this](db::Session&, const AdminChange& c) { changes_.push_back(c); };
  }
  Actor editor_{"e1", "editor@t.example"};
  std::vector<AdminChange> changes_;

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  CapturingMailer mailer_;
  FakeProvider* provider_ = nullptr;
  std::shared_ptr<tenants::Tenant> tenant_;
  std::map<std::int64_t, Article> articles_;
  std::unique_ptr<subscriptions::SubscriptionsRepository> subscriptions_;
  std::unique_ptr<payments::PaymentsRepository> payments_repository_;
  std::unique_ptr<payments::PaymentsService> payments_;
  std::unique_ptr<VouchersRepository> repository_;
  std::unique_ptr<VouchersService> service_;
};

TEST(VoucherCodes, ReadableGroupedAndForgiving) {
  const std::string code = new_code();
  ASSERT_EQ(code.size(), 19u);
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (i % 5 == 4) {
      EXPECT_EQ(code[i], '-');
    } else {
      EXPECT_NE(kCodeAlphabet.find(code[i]), std::string_view::npos) << code;
    }
  }
  EXPECT_NE(new_code(), new_code());
  EXPECT_EQ(normalize_code(" abcd efgh-jklm-NPQR "), "ABCDEFGHJKLMNPQR");
  EXPECT_EQ(normalize_code("ABCDEFGHJKLMNPQR"), "ABCDEFGHJKLMNPQR");
  EXPECT_FALSE(normalize_code("ABCD-EFGH-JKLM-NPQ0"));  // 0 is not in the alphabet
  EXPECT_FALSE(normalize_code("ABCD-EFGH-JKLM-NPQ"));   // too short
  EXPECT_FALSE(normalize_code("ABCD-EFGH-JKLM-NPQR-S"));
  const unsigned char zeros[10] = {};
  EXPECT_EQ(code_from_bytes(zeros), "BBBB-BBBB-BBBB-BBBB");
  const unsigned char one[10] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 27};  // 27 = 1 x 26 + 1
  EXPECT_EQ(code_from_bytes(one), "BBBB-BBBB-BBBB-BBCC");
  const unsigned char ones[10] = {255, 255, 255, 255, 255, 255, 255, 255, 255, 255};
  EXPECT_EQ(code_from_bytes(ones), "X2FT-HFCH-5VG5-VG95");  // (2^80 - 1) mod 26^16, in the alphabet
  EXPECT_NE(code_hash("k1", "ABCDEFGHJKLMNPQR"), code_hash("k2", "ABCDEFGHJKLMNPQR"));
  EXPECT_EQ(code_hash("k1", "ABCDEFGHJKLMNPQR").size(), 64u);
}

// Issue 72 item 11: a demo code read "FUCK-...". New codes are drawn from consonants and digits that read as no
// vowel, so no code spells a word; the property holds over many codes, each letter drawn about as often as the others.
TEST(VoucherCodes, NewCodesSpellNoWord) {
  constexpr std::string_view kVowelsAndLookAlikes = "AEIOUY0134";  // 0/O, 1/I, 3/E, 4/A read as vowels
  for (char c : kVowelsAndLookAlikes) EXPECT_EQ(kCodeAlphabet.find(c), std::string_view::npos) << c;
  std::map<char, int> seen;
  constexpr int kCodes = 20000;
  for (int i = 0; i < kCodes; ++i) {
    const std::string code = new_code();
    ASSERT_EQ(code.size(), 19u) << code;
    for (std::size_t k = 0; k < code.size(); ++k) {
      if (k % 5 == 4) {
        ASSERT_EQ(code[k], '-') << code;
        continue;
      }
      ASSERT_NE(kCodeAlphabet.find(code[k]), std::string_view::npos) << code;
      ++seen[code[k]];
    }
    ASSERT_EQ(normalize_code(code), code.substr(0, 4) + code.substr(5, 4) + code.substr(10, 4) + code.substr(15, 4));
  }
  // Every letter of the alphabet turns up, none far from its share (16 x 20000 / 26 = 12308 each).
  ASSERT_EQ(seen.size(), kCodeAlphabet.size());
  const double share = 16.0 * kCodes / static_cast<double>(kCodeAlphabet.size());
  for (const auto& [c, n] : seen) EXPECT_NEAR(n, share, share * 0.06) << c;
  // The demo seed's codes (derived from bytes) follow the same alphabet.
  std::mt19937 random(72);
  for (int i = 0; i < 2000; ++i) {
    unsigned char bytes[10];
    for (auto& b : bytes) b = static_cast<unsigned char>(random());
    const std::string code = code_from_bytes(bytes);
    for (std::size_t k = 0; k < code.size(); ++k)
      if (k % 5 != 4) ASSERT_NE(kCodeAlphabet.find(code[k]), std::string_view::npos) << code;
  }
}

// Codes issued before keep working: the old alphabet's letters (vowels included) are still read.
TEST_F(VouchersTest, ACodeOfTheOldAlphabetStillRedeems) {
  const std::string old_code = "AEUY-BE2U-9AYE-34QA";  // an old code, as it was printed
  ASSERT_TRUE(service_->ensure_code(1, old_code, 101, 30));
  EXPECT_EQ(normalize_code("aeuy be2u 9aye 34qa"), "AEUYBE2U9AYE34QA");
  auto done = service_->redeem(1, {"u1", "10.0.0.1"}, "aeuy-be2u-9aye-34qa", std::nullopt);
  ASSERT_TRUE(done) << wire(done).message;
  EXPECT_EQ(done->subscriptionTypeId, 101);
}

TEST_F(VouchersTest, RedeemsOnceAndGrantsTheTypeWithItsEvent) {
  const std::string code = mint(101);
  auto done = service_->redeem(1, {"u1", "10.0.0.1"}, code, std::nullopt);
  ASSERT_TRUE(done) << wire(done).message;
  EXPECT_EQ(done->subscriptionTypeId, 101);
  EXPECT_EQ(done->subscription.state, "ACTIVE");
  auto sub = subscriptions_->subscription(1, done->subscription.id);
  ASSERT_TRUE(sub);
  EXPECT_TRUE(sub->active());
  EXPECT_TRUE(sub->status.cancel_requested);
  EXPECT_EQ(sub->contingents.at(0).amount, 10);
  EXPECT_EQ(sub->payment_option, std::optional<std::string>("voucher"));
  EXPECT_EQ(subscriptions_->events(1, sub->id).size(), 1u);
  // The stored row holds no plain code.
  auto rows = db_->query("SELECT code_hash, hint FROM voucher_codes");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].text(0).find(code.substr(0, 4)), std::string::npos);
  EXPECT_EQ(rows[0].text(1), code.substr(15));

  auto again = service_->redeem(1, {"u2", "10.0.0.2"}, code, std::nullopt);
  ASSERT_FALSE(again);
  EXPECT_EQ(wire(again).code, "VOUCHER_ALREADY_REDEEMED");
  EXPECT_EQ(status_of(wire(again)), 3);
}

TEST(VoucherPeriods, AsManyCyclesAsThePriceBuys) {
  subscriptions::SubscriptionType daily;
  daily.billing_cycle = "P1D";
  daily.price = {49, "EUR"};
  EXPECT_EQ(periods_for({2500, "EUR"}, daily), 51);
  EXPECT_EQ(periods_for({40, "EUR"}, daily), 1);      // never less than one
  EXPECT_EQ(periods_for({2500, "SAR"}, daily), 1);    // another currency: one cycle
  daily.promotion_price = Money{25, "EUR"};           // what the plan costs now
  EXPECT_EQ(periods_for({2500, "EUR"}, daily), 100);
  daily.price = Money{0, "EUR"};
  daily.promotion_price.reset();
  EXPECT_EQ(periods_for({2500, "EUR"}, daily), 1);
}

TEST_F(VouchersTest, ABoughtCodeGrantsThePeriodsItsPriceBoughtAndThePageSaysSo) {
  auto page = service_->describe(1, 8001, "en");
  ASSERT_TRUE(page);
  ASSERT_EQ(page->grants.size(), 1u);
  EXPECT_EQ(page->grants[0].periods, 2);
  EXPECT_EQ(page->grants[0].count, 2);
  EXPECT_EQ(page->grants[0].unit, "month");
  EXPECT_EQ(page->grants[0].name, "Basic");
  ASSERT_TRUE(service_->buy(1, {"u1", ""}, "card", 8001, 1, "en"));
  const auto start = clock_.now();
  auto done = service_->redeem(1, {"u2", ""}, mailer_.codes().at(0), std::nullopt);
  ASSERT_TRUE(done) << wire(done).message;
  EXPECT_EQ(done->periods, 2);
  EXPECT_FALSE(done->extended);
  EXPECT_EQ(done->subscription.endDate,
            core::utc_text(subscriptions::add_cycle(start, subscriptions::Cycle{2, 'M'})));
  EXPECT_EQ(subscriptions_->subscription(1, done->subscription.id)->contingents.at(0).amount, 20);
  EXPECT_EQ(wire(service_->describe(1, 2101, "en")).code, "VOUCHER_PRODUCT_NOT_FOUND");
}

TEST_F(VouchersTest, ACodeForTheHeldPlanLengthensItAndIsSpent) {
  auto first = service_->redeem(1, {"u1", ""}, mint(101), std::nullopt);
  ASSERT_TRUE(first);
  const std::string code = mint(101);
  auto again = service_->redeem(1, {"u1", ""}, code, std::nullopt);
  ASSERT_TRUE(again) << wire(again).code;
  EXPECT_TRUE(again->extended);
  EXPECT_EQ(again->subscription.id, first->subscription.id);
  const auto end = core::parse_utc(*first->subscription.endDate).value();
  EXPECT_EQ(again->subscription.endDate, core::utc_text(subscriptions::add_cycle(end, subscriptions::Cycle{1, 'M'})));
  auto sub = subscriptions_->subscription(1, first->subscription.id);
  EXPECT_EQ(sub->end_date, again->subscription.endDate);
  EXPECT_EQ(sub->contingents.at(0).amount, 20);
  EXPECT_EQ(subscriptions_->events(1, sub->id).size(), 2u);
  EXPECT_EQ(subscriptions_->for_user(1, "u1").size(), 1u);
  // Spent: it names the lengthened subscription and works for nobody else.
  EXPECT_EQ(db_->query("SELECT COUNT(*) FROM voucher_codes WHERE subscription_id = $1", {first->subscription.id})[0]
                .integer(0),
            2);
  EXPECT_EQ(wire(service_->redeem(1, {"u2", ""}, code, std::nullopt)).code, "VOUCHER_ALREADY_REDEEMED");
}

TEST_F(VouchersTest, AnotherLevelOfTheGroupRefusesAndLeavesTheCodeUnspent) {
  ASSERT_TRUE(service_->redeem(1, {"u1", ""}, mint(102), std::nullopt));
  const std::string lower = mint(101);
  auto refused = service_->redeem(1, {"u1", ""}, lower, std::nullopt);
  ASSERT_FALSE(refused);
  EXPECT_EQ(wire(refused).code, "NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE");
  EXPECT_EQ(status_of(wire(refused)), 3);
  EXPECT_EQ(refused.error().code, ErrorCode::grant_refused);
  EXPECT_EQ(refused.error().grant.code, subscriptions::ErrorCode::downgrade_blocked) << "the subscriptions domain's value";
  EXPECT_EQ(wire(refused).status, 409);
  std::vector<std::string> keys;
  const http::Error answered = wire(refused);
  for (const auto& kv : answered.data.as_object()) keys.emplace_back(kv.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"subscriptionId", "fromTypeId", "toTypeId", "voucherStatus"}));
  EXPECT_EQ(wire(refused).data.at("fromTypeId"), 102);
  EXPECT_EQ(wire(refused).data.at("toTypeId"), 101);
  EXPECT_TRUE(service_->redeem(1, {"u2", ""}, lower, std::nullopt));
}

TEST_F(VouchersTest, APlanThatNeedsProfileFieldsAsksForThemAndLeavesTheCodeUnspent) {
  const std::string code = mint(102);
  auto missing = service_->redeem(1, {"u4", ""}, code, std::nullopt);
  ASSERT_FALSE(missing);
  EXPECT_EQ(wire(missing).code, "REQUIRED_IDENTITY_FIELD_NOT_FOUND");
  EXPECT_EQ(wire(missing).data.at("fields"), (json::array{"lastName"}));
  EXPECT_TRUE(service_->redeem(1, {"u1", ""}, code, std::nullopt));
}

TEST_F(VouchersTest, ExpiredUnknownAndWrongTypeCodes) {
  const std::string code = mint(101, 1);
  auto wrong = service_->redeem(1, {"u1", ""}, code, 102);
  ASSERT_FALSE(wrong);
  EXPECT_EQ(status_of(wire(wrong)), 7);
  clock_.advance(hours(25));
  auto expired = service_->redeem(1, {"u1", ""}, code, std::nullopt);
  ASSERT_FALSE(expired);
  EXPECT_EQ(wire(expired).status, 410);
  auto unknown = service_->redeem(1, {"u1", ""}, "AAAA-AAAA-AAAA-AAAA", std::nullopt);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(wire(unknown).code, "VOUCHER_NOT_FOUND");
  EXPECT_EQ(status_of(wire(unknown)), 7);
  auto empty = service_->redeem(1, {"u1", ""}, "", std::nullopt);
  ASSERT_FALSE(empty);
  EXPECT_EQ(wire(empty).data.at("field").as_string(), "voucherCode");
}

TEST_F(VouchersTest, FailuresAreLimitedPerUserAndPerAddressUntilTheWindowPasses) {
  const std::string code = mint(101, 30);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(wire(service_->redeem(1, {"u1", "a1"}, "BBBB-BBBB-BBBB-BBBB", std::nullopt)).status, 404);
  auto limited = service_->redeem(1, {"u1", "a2"}, code, std::nullopt);
  ASSERT_FALSE(limited);
  EXPECT_EQ(wire(limited).status, 429);
  const auto wait = wire(limited).data.at("retryAfter").as_int64();
  EXPECT_GT(wait, 0);
  EXPECT_LE(wait, 15 * 60 + 1);
  // Other users from the same address: 20 more failures reach the address limit (30).
  for (int i = 0; i < 20; ++i) service_->redeem(1, {"g" + std::to_string(i), "a1"}, "CCCC-CCCC-CCCC-CCCC", std::nullopt);
  EXPECT_TRUE(service_->redeem(1, {"u3", "a3"}, mint(101), std::nullopt));  // another address is not limited
  EXPECT_EQ(wire(service_->redeem(1, {"u2", "a1"}, code, std::nullopt)).status, 429);
  clock_.advance(minutes(16));
  EXPECT_TRUE(service_->redeem(1, {"u1", "a1"}, code, std::nullopt));
}

// A stored attempt time that is not a time fails with the field named (it once stood in for now: a wait from
// a time nobody stored).
TEST_F(VouchersTest, AnUnreadableAttemptTimeNamesTheFieldInsteadOfGuessing) {
  for (int i = 0; i < 10; ++i)
    db_->execute("INSERT INTO voucher_attempts (tenant_id, scope, subject, at) VALUES (1, 'user', 'u9', '9999-not-a-time')");
  auto refused = service_->redeem(1, {"u9", ""}, mint(101), std::nullopt);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::invalid_field);
  EXPECT_EQ(refused.error().field, "voucher_attempts.at");
  EXPECT_NE(refused.error().reason.value_or("").find("9999-not-a-time"), std::string::npos);
}

TEST_F(VouchersTest, BuyingChargesTheSavedMethodAndMailsOneCodePerUnit) {
  auto bought = service_->buy(1, {"u1", ""}, "card", 8001, 2, "fr");
  ASSERT_TRUE(bought) << wire(bought).message;
  EXPECT_EQ(bought->codes, 2);
  EXPECT_EQ(bought->price.amount, 2000);
  EXPECT_EQ(bought->mailedTo, "u***@example.com");
  ASSERT_EQ(mailer_.sent.size(), 1u);
  EXPECT_EQ(mailer_.sent[0].recipient, "u1@example.com");
  EXPECT_EQ(mailer_.sent[0].subject, "Vos codes de bon");
  const auto codes = mailer_.codes();
  ASSERT_EQ(codes.size(), 2u);
  auto gift = service_->redeem(1, {"u2", ""}, codes[0], std::nullopt);
  ASSERT_TRUE(gift);
  EXPECT_EQ(gift->subscriptionTypeId, 101);
  // Availability 3: one left, two more are refused before any charge.
  auto more = service_->buy(1, {"u1", ""}, "card", 8001, 2, "en");
  ASSERT_FALSE(more);
  EXPECT_EQ(wire(more).code, "NOT_ENOUGH_AVAILABLE");
  EXPECT_EQ(service_->available(1, *service_->product(1, 8001)), 1);
  // Without a saved method of the option's provider.
  auto none = service_->buy(1, {"u2", ""}, "card", 8001, 1, "en");
  ASSERT_FALSE(none);
  EXPECT_EQ(wire(none).code, "NO_SAVED_PAYMENT_METHOD");
  EXPECT_EQ(wire(service_->buy(1, {"u1", ""}, "cash", 8001, 1, "en")).data.at("field").as_string(),
            "externalProviderCode");
  EXPECT_EQ(wire(service_->buy(1, {"u1", ""}, "card", 8001, 11, "en")).data.at("field").as_string(),
            "voucherRequest.quantity");
  EXPECT_EQ(status_of(wire(service_->buy(1, {"u1", ""}, "card", 2101, 1, "en"))), 7);
}

TEST_F(VouchersTest, InsufficientFundsReturnTheReservedQuantity) {
  provider_->next = payments::Status::insufficient_funds;
  auto refused = service_->buy(1, {"u1", ""}, "card", 8001, 3, "en");
  ASSERT_FALSE(refused);
  EXPECT_EQ(wire(refused).status, 402);
  EXPECT_EQ(status_of(wire(refused)), 2);
  EXPECT_EQ(service_->available(1, *service_->product(1, 8001)), 3);
  EXPECT_TRUE(mailer_.sent.empty());
}

TEST_F(VouchersTest, APendingPaymentMailsTheCodesOnceItSettles) {
  provider_->next = payments::Status::pending;
  auto pending = service_->buy(1, {"u1", ""}, "card", 8101, 1, "en");
  ASSERT_FALSE(pending);
  EXPECT_EQ(wire(pending).status, 202);
  EXPECT_EQ(status_of(wire(pending)), 6);
  EXPECT_EQ(service_->fulfil_due(), 0);
  EXPECT_TRUE(mailer_.sent.empty());
  clock_.advance(std::chrono::seconds(61));
  EXPECT_EQ(payments_->settle_due({}), 1);
  EXPECT_EQ(service_->fulfil_due(), 1);
  EXPECT_EQ(service_->fulfil_due(), 0);  // once
  // A book: one code per member voucher.
  EXPECT_EQ(mailer_.codes().size(), 2u);
}

TEST_F(VouchersTest, ResendReplacesTheLiveCodesOfTheProduct) {
  ASSERT_TRUE(service_->buy(1, {"u1", ""}, "card", 8002, 2, "en"));
  const auto first = mailer_.codes();
  ASSERT_EQ(first.size(), 2u);
  ASSERT_TRUE(service_->redeem(1, {"u2", ""}, first[0], std::nullopt));
  auto resent = service_->resend(1, {"u1", ""}, 8002, "en");
  ASSERT_TRUE(resent);
  EXPECT_EQ(resent->codes, 1);
  const std::string fresh = mailer_.codes().back();
  EXPECT_EQ(wire(service_->redeem(1, {"u3", ""}, first[1], std::nullopt)).code, "VOUCHER_NOT_FOUND");
  EXPECT_TRUE(service_->redeem(1, {"u3", ""}, fresh, std::nullopt));
  EXPECT_EQ(wire(service_->resend(1, {"u1", ""}, 8002, "en")).code, "VOUCHER_NOT_FOUND");
}

TEST_F(VouchersTest, WhatAnArticleSells) {
  auto v = product_of(*tenant_, articles_[8001], [&](std::int64_t, std::int64_t id) { return std::optional(articles_[id]); },
                      subscriptions_->load_plans(1));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->price, (Money{1000, "EUR"}));
  EXPECT_EQ(v->grants.size(), 1u);
  EXPECT_EQ(v->grants[0].subscription_type_id, 101);
  EXPECT_EQ(v->grants[0].periods, 2);  // €10.00 buys two months of €4.99
  auto book = service_->product(1, 8101);
  ASSERT_TRUE(book);
  EXPECT_EQ(book->grants.size(), 2u);
  EXPECT_EQ(book->grants[1].periods, 3);  // a member is worth its own price: €25.00 / €7.99
  EXPECT_EQ(book->original_amount, 3500);
  EXPECT_EQ(book->discount_percentage, 15);
  EXPECT_FALSE(service_->product(1, 2101));
  tenant_->name = "other";  // no type for this tenant: not sold there
  EXPECT_FALSE(service_->product(1, 8001));
  tenant_->name = "t";
  tenant_->settings = json::object{{"currency", "SAR"}};
  EXPECT_EQ(service_->product(1, 8001)->price, (Money{4000, "SAR"}));
  tenant_->settings = json::object{{"currency", "USD"}};
  EXPECT_FALSE(service_->product(1, 8001));
}

}  // namespace
}  // namespace portal::vouchers

namespace portal::vouchers {
namespace {

TEST_F(VouchersTest, ABatchShowsItsCodesOnceAndCountsWhatBecomesOfThem) {
  auto minted = batch({.type_id = 101, .count = 3, .note = "Spring fair"});
  ASSERT_TRUE(minted) << wire(minted).message;
  ASSERT_EQ(minted->codes.size(), 3u);
  EXPECT_EQ(std::set<std::string>(minted->codes.begin(), minted->codes.end()).size(), 3u);
  ASSERT_EQ(changes_.size(), 1u);
  EXPECT_EQ(changes_[0].action, "vouchers.batch.create");
  EXPECT_EQ(changes_[0].object_id, minted->batch.id);
  EXPECT_EQ(minted->batch.type_name, "Basic");
  EXPECT_EQ(minted->batch.created_by_email, "editor@t.example");
  // Only hashes are stored: no code's text is in the table.
  for (const auto& row : db_->query("SELECT code_hash, hint FROM voucher_codes"))
    for (const auto& c : minted->codes) EXPECT_EQ(row.text(0).find(c.substr(0, 4) + c.substr(5, 4)), std::string::npos);

  ASSERT_TRUE(service_->redeem(1, {"u1", ""}, minted->codes[0], std::nullopt));
  auto found = service_->find_code(1, minted->codes[1]);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->state, "open");
  EXPECT_EQ(found->batch_id, minted->batch.id);
  EXPECT_EQ(found->batch_note, "Spring fair");
  auto voided = service_->void_code(1, found->id, editor_, record());
  ASSERT_TRUE(voided);
  EXPECT_EQ(voided->state, "voided");
  EXPECT_EQ(voided->voided_by, "editor@t.example");
  ASSERT_EQ(changes_.size(), 2u);
  EXPECT_EQ(changes_[1].action, "vouchers.code.void");
  EXPECT_EQ(changes_[1].code_before->state, "open");

  // A voided code answers as an unknown one.
  auto refused = service_->redeem(1, {"u2", ""}, minted->codes[1], std::nullopt);
  ASSERT_FALSE(refused);
  EXPECT_EQ(wire(refused).code, "VOUCHER_NOT_FOUND");
  EXPECT_EQ(status_of(wire(refused)), 7);
  // Voiding again changes nothing and records nothing; a redeemed code is not voided.
  ASSERT_TRUE(service_->void_code(1, found->id, editor_, record()));
  EXPECT_EQ(changes_.size(), 2u);
  auto redeemed = service_->find_code(1, minted->codes[0]);
  ASSERT_TRUE(redeemed);
  EXPECT_EQ(redeemed->state, "redeemed");
  EXPECT_EQ(redeemed->customer, "u1@example.com");
  auto spent = service_->void_code(1, redeemed->id, editor_, record());
  ASSERT_FALSE(spent);
  EXPECT_EQ(wire(spent).code, "VOUCHER_ALREADY_REDEEMED");

  const auto page = service_->batches(1, {});
  ASSERT_EQ(page.total, 1);
  EXPECT_EQ(page.items[0].minted, 3);
  EXPECT_EQ(page.items[0].redeemed, 1);
  EXPECT_EQ(page.items[0].voided, 1);
  EXPECT_EQ(page.items[0].open, 1);
  auto detail = service_->batch_detail(1, minted->batch.id, {});
  ASSERT_TRUE(detail);
  ASSERT_EQ(detail->redemptions.total, 1);
  EXPECT_EQ(detail->redemptions.items[0].customer_id, "u1");
  EXPECT_EQ(detail->redemptions.items[0].customer, "u1@example.com");
  // Another tenant's view: nothing.
  EXPECT_FALSE(service_->batch_detail(2, minted->batch.id, {}));
  EXPECT_FALSE(service_->find_code(2, minted->codes[2]));
  clock_.advance(hours(24 * 400));
  EXPECT_EQ(service_->find_code(1, minted->codes[2])->state, "expired");
}

TEST_F(VouchersTest, VoidingABatchVoidsItsUnspentCodesOnce) {
  auto minted = batch({.type_id = 101, .count = 4});
  ASSERT_TRUE(minted);
  ASSERT_TRUE(service_->redeem(1, {"u1", ""}, minted->codes[0], std::nullopt));
  auto done = service_->void_batch(1, minted->batch.id, editor_, record());
  ASSERT_TRUE(done);
  EXPECT_EQ(done->second, 3);
  EXPECT_TRUE(done->first.voided_at);
  EXPECT_EQ(done->first.redeemed, 1);
  EXPECT_EQ(done->first.voided, 3);
  EXPECT_EQ(changes_.back().action, "vouchers.batch.void");
  EXPECT_FALSE(changes_.back().batch_before->voided_at);
  const auto recorded = changes_.size();
  auto again = service_->void_batch(1, minted->batch.id, editor_, record());
  ASSERT_TRUE(again);
  EXPECT_EQ(again->second, 0);
  EXPECT_EQ(again->first.voided_at, done->first.voided_at);
  EXPECT_EQ(changes_.size(), recorded);
  for (std::size_t i = 1; i < 4; ++i) EXPECT_FALSE(service_->redeem(1, {"u2", ""}, minted->codes[i], std::nullopt));
  EXPECT_EQ(wire(service_->void_batch(1, "nope", editor_, record())).code, "VOUCHER_BATCH_NOT_FOUND");
  EXPECT_EQ(wire(service_->void_batch(2, minted->batch.id, editor_, record())).code, "VOUCHER_BATCH_NOT_FOUND");
}

TEST_F(VouchersTest, TheDatabaseRefusesACodeBothRedeemedAndVoided) {
  auto minted = batch({.type_id = 101, .count = 1});
  ASSERT_TRUE(minted);
  EXPECT_THROW(db_->execute("UPDATE voucher_codes SET redeemed_at = 'x', voided_at = 'y'"), db::ConstraintError);
  ASSERT_TRUE(service_->redeem(1, {"u1", ""}, minted->codes[0], std::nullopt));
  EXPECT_THROW(db_->execute("UPDATE voucher_codes SET voided_at = 'y'"), db::ConstraintError);
}

TEST_F(VouchersTest, ABatchOfAVoucherProductGrantsItsPlanForItsPeriods) {
  auto minted = batch({.product_id = 8002, .count = 2});
  ASSERT_TRUE(minted) << wire(minted).message;
  EXPECT_EQ(minted->batch.subscription_type_id, 102);
  EXPECT_EQ(minted->batch.product_id, 8002);
  EXPECT_EQ(minted->batch.periods, 3);  // 25.00 at 7.99 a month
  EXPECT_EQ(minted->batch.product_title, "Gift 8002");
  const auto book = batch({.product_id = 8101, .count = 1});
  ASSERT_FALSE(book);
  EXPECT_EQ(wire(book).data.at("field").as_string(), "productId");
  const auto choices = service_->choices(1, "fr");
  EXPECT_EQ(choices.plans.size(), 2u);
}

TEST_F(VouchersTest, ACodeRedeemsOnlyInsideItsWindow) {
  const auto from = db::utc_timestamp(clock_.now() + hours(48));
  auto minted = batch({.type_id = 101, .count = 1, .valid_from = from});
  ASSERT_TRUE(minted) << wire(minted).message;
  auto early = service_->redeem(1, {"u1", ""}, minted->codes[0], std::nullopt);
  ASSERT_FALSE(early);
  EXPECT_EQ(wire(early).code, "VOUCHER_NOT_YET_VALID");
  EXPECT_EQ(wire(early).data.at("validFrom").as_string(), from);
  clock_.advance(hours(49));
  EXPECT_TRUE(service_->redeem(1, {"u1", ""}, minted->codes[0], std::nullopt));
}

TEST_F(VouchersTest, ABadBatchNamesTheFieldAndMintsNothing) {
  auto field_of = [&](NewBatch spec) {
    auto r = batch(spec);
    if (r) return std::string("minted");
    const auto e = wire(r);
    EXPECT_EQ(e.status, 400);
    return std::string(e.data.at("field").as_string());
  };
  EXPECT_EQ(field_of({.type_id = 101, .count = 0}), "count");
  EXPECT_EQ(field_of({.type_id = 101, .count = 10001}), "count");
  EXPECT_EQ(field_of({.count = 1}), "typeId");
  EXPECT_EQ(field_of({.type_id = 101, .product_id = 8002, .count = 1}), "productId");
  EXPECT_EQ(field_of({.type_id = 999, .count = 1}), "typeId");
  EXPECT_EQ(field_of({.product_id = 2101, .count = 1}), "productId");
  EXPECT_EQ(field_of({.type_id = 101, .count = 1, .valid_from = "tomorrow"}), "validFrom");
  EXPECT_EQ(field_of({.type_id = 101, .count = 1, .valid_until = "2026-02-30"}), "validUntil");
  EXPECT_EQ(field_of({.type_id = 101, .count = 1, .valid_from = "2090-01-02", .valid_until = "2090-01-01"}), "validUntil");
  EXPECT_EQ(field_of({.type_id = 101, .count = 1, .valid_until = "2001-01-01"}), "validUntil");
  EXPECT_EQ(field_of({.type_id = 101, .count = 1, .note = std::string(501, 'x')}), "note");
  EXPECT_TRUE(changes_.empty());
  EXPECT_TRUE(db_->query("SELECT id FROM voucher_codes").empty());
  EXPECT_TRUE(db_->query("SELECT id FROM voucher_batches").empty());
}

TEST_F(VouchersTest, IssueMakesABatchOfTheCommandLine) {
  auto minted = service_->issue(1, 101, 2, 30, "from the shell");
  ASSERT_TRUE(minted);
  EXPECT_EQ(minted->batch.source, "cli");
  EXPECT_EQ(minted->batch.created_by, "cli");
  EXPECT_EQ(service_->batches(1, {}).items.at(0).minted, 2);
}

}  // namespace
}  // namespace portal::vouchers
