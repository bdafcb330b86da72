// The cart against a migrated SQLite database: bounds, totals with a book's
// saving, merge capping, and the purchase-return URL.
#include "domains/cart/cart_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <random>

#include "db/migrations.hpp"
#include "domains/cart/cart_answers.hpp"
#include "domains/subscriptions/plans_document.hpp"

namespace portal::cart {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

class NoMail final : public identity::Mailer {
 public:
  void send(std::int64_t, const identity::Mail&) override {}
};

vouchers::Article voucher(std::int64_t id, std::int64_t amount, std::optional<std::int64_t> available) {
  json::object custom{{"subscriptionTypeIds", json::object{{"t", 101}}}};
  if (available) custom["availableNo"] = *available;
  return vouchers::article_of(
      id, "voucher",
      json::object{{"title", json::object{{"en", "Gift"}, {"de", "Geschenk"}}},
                   {"description", json::object{{"en", "A gift"}}},
                   {"artworks", json::array{json::object{{"artworkClass", "COVER"}, {"url", "/media/art/v.svg"}}}},
                   {"prices", json::array{json::object{
                                  {"amount", amount}, {"currency", "EUR"}, {"businessModel", "PAY_PER_DOWNLOAD"}}}},
                   {"customProperties", custom}});
}

constexpr std::string_view kPlans = R"({
  "groups": [{"id": "music", "name": {"en": "Music"}, "levels": [[101]]}],
  "paymentOptions": [{"code": "card", "provider": "fake", "flow": "WEB", "name": {"en": "Card"}}],
  "types": [
    {"id": 101, "name": "Basic", "groupId": "music", "billingCycle": "P1M", "price": {"amount": 499, "currency": "EUR"},
     "contingents": [{"contentTypes": ["full_track_music"], "amount": 10}], "paymentOptions": ["card"]}]})";

class CartTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-cart-" + std::to_string(std::random_device{}()));
    db_ = db::open((dir_ / "portal.db").string(), 2);
    db::migrate(*db_, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 't', 't', 'x', 'x')");
    db_->execute("INSERT INTO users (uuid, tenant_id, user_id, created_at, updated_at) VALUES ('u1', 1, 'u1', 'x', 'x')");
    tenant_ = std::make_shared<tenants::Tenant>();
    tenant_->id = 1;
    tenant_->name = "t";
    tenant_->features = json::object{{"maxQuantity", 5}};
    articles_[8001] = voucher(8001, 1000, 4);
    articles_[8002] = voucher(8002, 2500, std::nullopt);
    articles_[8101] = vouchers::article_of(
        8101, "voucherbook",
        json::object{{"title", json::object{{"en", "Book"}}},
                     {"prices", json::array{json::object{
                                    {"amount", 3000}, {"currency", "EUR"}, {"businessModel", "PAY_PER_DOWNLOAD"}}}},
                     {"memberIds", json::array{8001, 8002}},
                     {"customProperties", json::object{{"discountPercentage", 15}}}});
    subscriptions_ = std::make_unique<subscriptions::SubscriptionsRepository>(*db_);
    // The plan the vouchers grant: a code's periods are what its price buys of it (docs/decisions.md, gift cards).
    subscriptions_->replace_plans(1, subscriptions::parse_plans(json::parse(kPlans)).value(), "x");
    payments_repository_ = std::make_unique<payments::PaymentsRepository>(*db_);
    payments_ = std::make_unique<payments::PaymentsService>(*payments_repository_, clock_, "secret");
    vouchers_repository_ = std::make_unique<vouchers::VouchersRepository>(*db_);
    auto tenants = [this](std::int64_t id) -> std::shared_ptr<const tenants::Tenant> { return id == 1 ? tenant_ : nullptr; };
    vouchers_ = std::make_unique<vouchers::VouchersService>(vouchers::VouchersService::Deps{
        *vouchers_repository_, *subscriptions_, *payments_, mail_, clock_, "key",
        [this](std::int64_t, std::int64_t id) -> std::optional<vouchers::Article> {
          auto it = articles_.find(id);
          return it == articles_.end() ? std::nullopt : std::optional<vouchers::Article>(it->second);
        },
        tenants, [](std::int64_t, const std::string&) { return std::optional<std::string>(); }});
    repository_ = std::make_unique<CartRepository>(*db_);
    service_ = std::make_unique<CartService>(*repository_, *vouchers_, tenants, clock_);
  }
  void TearDown() override {
    service_.reset();
    vouchers_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  NoMail mail_;
  std::shared_ptr<tenants::Tenant> tenant_;
  std::map<std::int64_t, vouchers::Article> articles_;
  std::unique_ptr<subscriptions::SubscriptionsRepository> subscriptions_;
  std::unique_ptr<payments::PaymentsRepository> payments_repository_;
  std::unique_ptr<payments::PaymentsService> payments_;
  std::unique_ptr<vouchers::VouchersRepository> vouchers_repository_;
  std::unique_ptr<vouchers::VouchersService> vouchers_;
  std::unique_ptr<CartRepository> repository_;
  std::unique_ptr<CartService> service_;
};

TEST_F(CartTest, QuantityBoundsNameTheField) {
  for (std::int64_t q : {0, -1, 6})
    EXPECT_EQ(wire(service_->put(1, "u1", 8002, q, "en")).data.at("field"), "quantity") << q;
  EXPECT_EQ(wire(service_->put(1, "u1", 8001, 5, "en")).data.at("field"), "quantity");  // only 4 left
  EXPECT_EQ(wire(service_->put(1, "u1", 9999, 1, "en")).data.at("field"), "productId");
  ASSERT_TRUE(service_->put(1, "u1", 8002, 5, "en"));
}

TEST_F(CartTest, ItemsAndTotalsInMinorUnits) {
  ASSERT_TRUE(service_->put(1, "u1", 8001, 2, "de"));
  auto cart = service_->put(1, "u1", 8101, 1, "de").value();
  ASSERT_EQ(cart.items.size(), 2u);
  EXPECT_EQ(cart.items[0].name, "Geschenk");
  EXPECT_EQ(cart.items[0].imageUrl, "/media/art/v.svg");
  EXPECT_EQ(cart.items[0].availableNo, 4);
  EXPECT_EQ(cart.items[1].availableNo, std::nullopt);
  EXPECT_EQ(cart.items[1].originalPrice.amount, 3500);
  EXPECT_EQ(cart.totals.quantity, 3);
  EXPECT_EQ(cart.totals.subtotalAmount, 5500);
  EXPECT_EQ(cart.totals.totalAmount, 5000);
  EXPECT_EQ(cart.totals.discountAmount, 500);
  EXPECT_EQ(cart.maxQuantity, 5);
  EXPECT_TRUE(service_->remove(1, "u1", 8001, "en").items.size() == 1);
}

TEST_F(CartTest, MergeCapsAtMaxQuantityAndAvailabilityAndSkipsUnknownProducts) {
  ASSERT_TRUE(service_->put(1, "u1", 8002, 4, "en"));
  auto merged = service_->merge(1, "u1", {{8002, 3}, {8001, 9}, {7777, 1}}, "en").value();
  ASSERT_EQ(merged.items.size(), 2u);
  auto quantity = [&](std::int64_t id) {
    for (const auto& i : merged.items)
      if (i.id == id) return i.quantity;
    return std::int64_t{-1};
  };
  EXPECT_EQ(quantity(8002), 5);  // 4 + 3, capped at maxQuantity 5
  EXPECT_EQ(quantity(8001), 4);  // capped at what is left
  EXPECT_EQ(wire(service_->merge(1, "u1", {{8001, 0}}, "en")).data.at("field"), "items[0].quantity");
  std::vector<MergeItem> many(51, MergeItem{8001, 1});
  EXPECT_EQ(wire(service_->merge(1, "u1", many, "en")).data.at("field"), "items");
}

TEST_F(CartTest, CheckoutErrorsAreCartValues) {
  auto empty = service_->checkout(1, "u1", "http://localhost:8080/myCart", "en", "http://localhost:8080/backend");
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code, ErrorCode::cart_empty);
  EXPECT_EQ(wire(empty).status, 409);
  EXPECT_EQ(wire(empty).code, "CART_EMPTY");
  auto unknown = service_->checkout_submit("no-such-order", {"4242424242424242", false, "en"});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, ErrorCode::order_not_found);
  EXPECT_EQ(wire(unknown).status, 404);
  EXPECT_EQ(wire(unknown).code, "ORDER_NOT_FOUND");
  auto quantity = service_->put(1, "u1", 8001, 5, "en");
  ASSERT_FALSE(quantity);
  EXPECT_EQ(quantity.error().code, ErrorCode::invalid_field);
  EXPECT_EQ(quantity.error().field, "quantity");

  payments_->add_provider(std::make_unique<payments::SandboxCardProvider>());  // the hosted page's cards
  ASSERT_TRUE(service_->put(1, "u1", 8002, 1, "en"));
  auto opened = service_->checkout(1, "u1", "http://localhost:8080/myCart", "en", "http://localhost:8080/backend");
  ASSERT_TRUE(opened) << wire(opened).message;
  auto bad = service_->checkout_submit(opened->purchaseID, {"1111222233334444", false, "en"});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ErrorCode::voucher) << "the vouchers domain's refusal, passed on";
  EXPECT_EQ(wire(bad).status, 400);
  EXPECT_EQ(wire(bad).code, "INVALID_CARD");
  auto paid = service_->checkout_submit(opened->purchaseID, {"4242424242424242", false, "en"});
  ASSERT_TRUE(paid) << wire(paid).message;
  EXPECT_NE(paid->find("status=200"), std::string::npos) << *paid;
  EXPECT_TRUE(service_->cart(1, "u1", "en").items.empty());
}

}  // namespace
}  // namespace portal::cart
