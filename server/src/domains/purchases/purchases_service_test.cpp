// Purchases against a migrated SQLite database, the sandbox payment providers
// and a catalog of three articles: the decision applied (guests, owners, no
// entitlement), opening a purchase, its options and return address, paying
// on the hosted card page and by operator PIN, a purchase kept to its buyer
// and closed once paid, and each refusal as the purchases domain's value with
// the status and code its mapping gives it.
#include "domains/purchases/purchases_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <map>
#include <random>

#include "db/migrations.hpp"
#include "domains/purchases/purchases_answers.hpp"

namespace portal::purchases {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

class CapturingSms final : public identity::Mailer {
 public:
  std::vector<identity::Mail> sent;
  void send(std::int64_t, const identity::Mail& mail) override { sent.push_back(mail); }
};

catalog::ArticleRecord article(std::int64_t id, std::string type, json::array prices) {
  catalog::ArticleRecord r;
  r.id = id;
  r.content_type = std::move(type);
  r.doc = json::object{{"title", json::object{{"en", "Article " + std::to_string(id)}}}, {"prices", std::move(prices)}};
  return r;
}

json::object price(std::int64_t amount, std::string model = "PAY_PER_DOWNLOAD") {
  return {{"amount", amount}, {"currency", "EUR"}, {"businessModel", std::move(model)}};
}

class PurchasesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-purchases-" + std::to_string(std::random_device{}()));
    db_ = db::open((dir_ / "portal.db").string(), 2);
    db::migrate(*db_, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 't', 't', 'x', 'x')");
    db_->execute("INSERT INTO users (uuid, tenant_id, user_id, created_at, updated_at) VALUES ('u1', 1, 'u1', 'x', 'x')");
    tenant_ = std::make_shared<tenants::Tenant>();
    tenant_->id = 1;
    tenant_->name = "t";
    tenant_->settings = json::object{{"currency", "EUR"}};
    articles_[501] = article(501, "full_track_music", json::array{price(199)});
    articles_[502] = article(502, "full_track_music", json::array{price(0, "DOWNLOAD_TO_OWN_FREEMIUM")});
    articles_[503] = article(503, "full_track_music", json::array{});  // no price of its own

    wallet_ = std::make_unique<wallet::WalletRepository>(*db_);
    credits_ = std::make_unique<subscriptions::CreditsRepository>(*db_);
    repository_ = std::make_unique<PurchasesRepository>(*db_, *wallet_, *credits_);
    payments_repository_ = std::make_unique<payments::PaymentsRepository>(*db_);
    payments_ = std::make_unique<payments::PaymentsService>(*payments_repository_, clock_, "secret");
    payments_->add_provider(std::make_unique<payments::SandboxCardProvider>());
    payments_->add_provider(std::make_unique<payments::SandboxOperatorProvider>());
    i18n_ = std::make_unique<i18n::I18nService>(fs::path(PORTAL_SOURCE_DIR) / "../web/src/locales");
    service_ = std::make_unique<PurchasesService>(PurchasesService::Deps{
        *repository_, *credits_, *payments_, sms_, *i18n_, clock_,
        [this](std::int64_t, std::int64_t id, catalog::RatingRange) -> catalog::Result<catalog::ArticleRecord> {
          auto it = articles_.find(id);
          if (it == articles_.end()) return catalog::Error::of(catalog::ErrorCode::article_not_found, "No such article");
          return it->second;
        },
        [](std::int64_t, const std::string&) { return std::vector<OfferedPlan>{}; },
        [](std::int64_t, const std::string&) {
          return std::vector<PayOption>{{"card", "sandbox", "WEB", "Card"}, {"operator", "sandbox-operator", "API", "Operator"}};
        },
        [](std::int64_t, const std::string&) -> std::optional<std::string> { return std::nullopt; },
        [this](std::int64_t id) -> std::shared_ptr<const tenants::Tenant> { return id == 1 ? tenant_ : nullptr; },
        true, nullptr});
  }
  void TearDown() override {
    service_.reset();
    payments_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  Caller caller(std::string user = "u1") const {
    Caller c;
    c.tenant = tenant_;
    c.user_uuid = std::move(user);
    c.backend_base = "https://t.example/backend";
    c.return_origins = {"https://t.example"};
    return c;
  }
  // The wire status and code of a failed result, as the routes answer it.
  template <class T>
  std::pair<int, std::string> answer(const Result<T>& r) const {
    if (r) return {0, ""};
    const http::Error e = http_error(r.error());
    return {e.status, e.code};
  }
  // The uuid of the purchase's option with that code.
  std::string option_uuid(const std::string& purchase_id, const std::string& code) {
    auto choice = service_->payment_options(caller(), purchase_id, "https://t.example/back");
    EXPECT_TRUE(choice);
    for (const auto& o : choice->options)
      if (o.option.code == code) return o.option.uuid;
    return "";
  }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  std::shared_ptr<tenants::Tenant> tenant_;
  std::map<std::int64_t, catalog::ArticleRecord> articles_;
  std::unique_ptr<wallet::WalletRepository> wallet_;
  std::unique_ptr<subscriptions::CreditsRepository> credits_;
  std::unique_ptr<PurchasesRepository> repository_;
  std::unique_ptr<payments::PaymentsRepository> payments_repository_;
  std::unique_ptr<payments::PaymentsService> payments_;
  std::unique_ptr<i18n::I18nService> i18n_;
  CapturingSms sms_;
  std::unique_ptr<PurchasesService> service_;
};

TEST_F(PurchasesTest, TheDecisionAppliedNamesWhatIsMissing) {
  const catalog::RatingRange rating;
  auto missing = service_->decide(caller(), 999, std::nullopt, rating);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ErrorCode::article) << "the catalog's refusal, passed on";
  EXPECT_EQ(answer(missing), (std::pair<int, std::string>{404, "ARTICLE_NOT_FOUND"}));

  EXPECT_EQ(answer(service_->consume(caller(""), 502, std::nullopt, rating, false)),
            (std::pair<int, std::string>{401, "UNAUTHORIZED"}))
      << "a free track still wants a signed-in user";
  auto free = service_->consume(caller(), 502, std::nullopt, rating, false);
  ASSERT_TRUE(free);
  EXPECT_EQ(free->way.kind, ConsumeWay::Kind::free);

  auto paid = service_->consume(caller(), 501, std::nullopt, rating, false);
  EXPECT_EQ(answer(paid), (std::pair<int, std::string>{403, "NOT_ENTITLED"}));
  EXPECT_EQ(http_error(paid.error()).data, (json::value{{"articleId", 501}}));
}

TEST_F(PurchasesTest, OpeningAPurchaseNeedsAPriceAndNoOwnership) {
  const catalog::RatingRange rating;
  EXPECT_EQ(answer(service_->start(caller(), 503, rating)), (std::pair<int, std::string>{404, "ARTICLE_NOT_FOR_SALE"}));
  auto started = service_->start(caller(), 501, rating);
  ASSERT_TRUE(started);
  EXPECT_EQ(started->purchase.status, "OPEN");
  EXPECT_EQ(started->purchase.amount, (Money{199, "EUR"}));
  EXPECT_EQ(service_->start(caller(), 501, rating)->purchase.id, started->purchase.id) << "the open one, reopened";

  EXPECT_EQ(answer(service_->payment_options(caller(), "nope", "https://t.example/back")),
            (std::pair<int, std::string>{404, "PURCHASE_NOT_FOUND"}));
  auto elsewhere = service_->payment_options(caller(), started->purchase.id, "https://evil.example/back");
  EXPECT_EQ(answer(elsewhere), (std::pair<int, std::string>{400, "INVALID_REDIRECT"}));
  EXPECT_EQ(http_error(elsewhere.error()).data,
            (json::value{{"field", "redirectionUrl"}, {"reason", "not an address of this tenant"}}));
  auto choice = service_->payment_options(caller(), started->purchase.id, "https://t.example/back");
  ASSERT_TRUE(choice);
  ASSERT_EQ(choice->options.size(), 2u);
  EXPECT_TRUE(choice->options[0].url || choice->options[1].url) << "the WEB option opens the hosted page";
}

TEST_F(PurchasesTest, TheHostedCardPagePaysOnceAndThePurchaseIsOwned) {
  const catalog::RatingRange rating;
  auto started = service_->start(caller(), 501, rating);
  ASSERT_TRUE(started);
  const std::string card = option_uuid(started->purchase.id, "card");

  auto bad = service_->checkout_submit(card, {"1111222233334444", false, "en"});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ErrorCode::payment) << "the payments domain's refusal, passed on";
  EXPECT_EQ(answer(bad), (std::pair<int, std::string>{400, "INVALID_CARD"}));

  auto url = service_->checkout_submit(card, {"4242424242424242", false, "en"});
  ASSERT_TRUE(url);
  EXPECT_NE(url->find("status=200"), std::string::npos) << *url;
  EXPECT_TRUE(wallet_->owns(1, "u1", 501, 0));
  EXPECT_EQ(answer(service_->checkout_submit(card, {"4242424242424242", false, "en"})),
            (std::pair<int, std::string>{410, "PURCHASE_CLOSED"}));
  auto again = service_->start(caller(), 501, rating);
  EXPECT_EQ(answer(again), (std::pair<int, std::string>{409, "ALREADY_OWNED"}));
  EXPECT_EQ(http_error(again.error()).data, (json::value{{"articleId", 501}}));
  auto owned = service_->consume(caller(), 501, std::nullopt, rating, false);
  ASSERT_TRUE(owned);
  EXPECT_EQ(owned->way.kind, ConsumeWay::Kind::wallet);
}

TEST_F(PurchasesTest, TheOperatorPinChecksItsTokenThenThePin) {
  auto started = service_->start(caller(), 501, catalog::RatingRange{});
  ASSERT_TRUE(started);
  const std::string op = option_uuid(started->purchase.id, "operator");
  EXPECT_EQ(answer(service_->pay(caller(), "nope", std::string("491701234567"))),
            (std::pair<int, std::string>{404, "PAYMENT_OPTION_NOT_FOUND"}));
  EXPECT_EQ(answer(service_->pay(caller(), op, std::string("123"))), (std::pair<int, std::string>{400, "INVALID_MSISDN"}));
  auto step = service_->pay(caller(), op, std::string("491701234567"));
  ASSERT_TRUE(step);
  ASSERT_TRUE(step->sandbox_pin);
  ASSERT_EQ(sms_.sent.size(), 1u);
  EXPECT_EQ(sms_.sent[0].recipient, "sms:+491701234567");

  const std::string id = started->purchase.id;
  EXPECT_EQ(answer(service_->verify_pin(caller(), id, 501, *step->sandbox_pin, "wrong-token")),
            (std::pair<int, std::string>{400, "INVALID_PURCHASE_TOKEN"}));
  const std::string wrong = *step->sandbox_pin == "1000" ? "1001" : "1000";
  auto refused = service_->verify_pin(caller(), id, 501, wrong, step->purchase_token);
  EXPECT_EQ(answer(refused), (std::pair<int, std::string>{400, "INVALID_PIN"}));
  EXPECT_EQ(http_error(refused.error()).data.at("triesLeft"), 2);
  auto charged = service_->verify_pin(caller(), id, 501, *step->sandbox_pin, step->purchase_token);
  ASSERT_TRUE(charged);
  EXPECT_EQ(charged->outcome, Charged::Outcome::paid);
  EXPECT_TRUE(wallet_->owns(1, "u1", 501, 0));
}

TEST_F(PurchasesTest, APurchaseIsItsBuyersOnlyAndClosesOncePaid) {
  db_->execute("INSERT INTO users (uuid, tenant_id, user_id, created_at, updated_at) VALUES ('u2', 1, 'u2', 'x', 'x')");
  auto started = service_->start(caller(), 501, catalog::RatingRange{});
  ASSERT_TRUE(started);
  const std::string id = started->purchase.id;
  const std::string card = option_uuid(id, "card");

  auto theirs = service_->payment_options(caller("u2"), id, "https://t.example/back");
  EXPECT_EQ(theirs.error().code, ErrorCode::purchase_not_found) << "another user's purchase";
  EXPECT_EQ(answer(theirs), (std::pair<int, std::string>{404, "PURCHASE_NOT_FOUND"}));
  EXPECT_EQ(answer(service_->pay(caller("u2"), card, std::nullopt)),
            (std::pair<int, std::string>{404, "PAYMENT_OPTION_NOT_FOUND"}));
  EXPECT_EQ(answer(service_->verify_pin(caller(), id, 502, "1000", "token")),
            (std::pair<int, std::string>{404, "PURCHASE_NOT_FOUND"}))
      << "the purchase of another article";

  auto web = service_->pay(caller(), card, std::nullopt);
  ASSERT_TRUE(web);
  EXPECT_EQ(web->purchase_id, id);
  ASSERT_TRUE(web->redirect_url) << "a WEB option opens the hosted card page";
  EXPECT_NE(web->redirect_url->find("/checkout/purchase/" + card), std::string::npos) << *web->redirect_url;
  auto view = service_->checkout_view(card);
  ASSERT_TRUE(view);
  EXPECT_TRUE(view->open);
  EXPECT_EQ(view->amount, (Money{199, "EUR"}));
  EXPECT_FALSE(service_->checkout_view("no-such-option"));

  ASSERT_TRUE(service_->checkout_submit(card, {"4242424242424242", false, "en"}));
  EXPECT_FALSE(service_->checkout_view(card)->open) << "the page shows the purchase paid";
  auto paid = service_->pay(caller(), card, std::nullopt);
  EXPECT_EQ(paid.error().code, ErrorCode::purchase_closed);
  EXPECT_EQ(answer(paid), (std::pair<int, std::string>{410, "PURCHASE_CLOSED"}));
  EXPECT_EQ(answer(service_->payment_options(caller(), id, "https://t.example/back")),
            (std::pair<int, std::string>{410, "PURCHASE_CLOSED"}));
  EXPECT_EQ(answer(service_->start(caller("u2"), 501, catalog::RatingRange{})), (std::pair<int, std::string>{0, ""}))
      << "the other user may still buy it";
}

}  // namespace
}  // namespace portal::purchases
