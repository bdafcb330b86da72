// The customer's mails: every kind renders in all six languages from the templates (values
// escaped in HTML, Arabic right-to-left with Arabic-Indic digits, no placeholder left, a plain
// text beside the HTML); the refund receipt the refunds call; the trial notice claimed once.
#include <gtest/gtest.h>

#include <filesystem>

#include "db/test_database.hpp"
#include "domains/billing_mail/billing_mail.hpp"
#include "domains/billing_mail/mail_templates.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/tenants/tenants_service.hpp"

namespace portal::billing_mail {
namespace {

const std::string kHostile = "<script>alert('x')</script> & \"co\"";

Values sample(const std::string& lang) {
  return {{"site", kHostile},
          {"greeting", word(lang, "common.greetingName", {{"name", kHostile}})},
          {"item", word(lang, "purposes.checkout", {{"plan", kHostile}})},
          {"plan", kHostile},
          {"amount", format_amount(lang, 1299, "EUR")},
          {"paid", format_amount(lang, 2599, "EUR")},
          {"price", format_amount(lang, 1499, "EUR")},
          {"method", masked("4242424242424242")},
          {"date", format_date(lang, "2026-11-05T10:00:00Z")},
          {"graceUntil", format_date(lang, "2026-11-08T10:00:00Z")},
          {"paymentId", "pay-<1>"},
          {"intro", word(lang, "refund.introReturned")},
          {"endpoint", "https://hooks.example/in"},
          {"link", "https://shop.example/profile/manage?a=1&b=2"}};
}

TEST(BillingMailTemplates, EveryKindRendersInEveryLanguage) {
  for (const auto& lang : i18n::kLanguages) {
    for (const auto& kind : kKinds) {
      SCOPED_TRACE(lang + " " + kind);
      const Rendered r = render(kind, lang, sample(lang));
      EXPECT_FALSE(r.subject.empty());
      EXPECT_FALSE(r.text.empty());
      EXPECT_FALSE(r.html.empty());
      for (const auto* part : {&r.subject, &r.text, &r.html}) {
        EXPECT_EQ(part->find("{{"), std::string::npos) << *part;
        EXPECT_EQ(part->find("}}"), std::string::npos) << *part;
      }
      // Escaped in HTML, as given in the text.
      EXPECT_EQ(r.html.find("<script>"), std::string::npos);
      EXPECT_NE(r.html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;co&quot;"), std::string::npos);
      EXPECT_NE(r.text.find(kHostile), std::string::npos);
      EXPECT_EQ(r.text.find('<'), r.text.find("<script>"));  // no markup in the text but the value
      if (lang == "ar") {
        EXPECT_NE(r.html.find("<html lang=\"ar\" dir=\"rtl\">"), std::string::npos);
      } else {
        EXPECT_NE(r.html.find("<html lang=\"" + lang + "\" dir=\"ltr\">"), std::string::npos);
      }
      if (kind == "receipt" || kind == "refund") EXPECT_NE(r.html.find("pay-&lt;1&gt;"), std::string::npos);
      if (kind == "dunning" || kind == "trial_notice" || kind == "webhook_disabled")
        EXPECT_NE(r.html.find("href=\"https://shop.example/profile/manage?a=1&amp;b=2\""), std::string::npos);
    }
  }
}

TEST(BillingMailTemplates, AmountsAndDatesByLanguage) {
  // As the storefront writes them (issue 72 item 10; core/money_format_test.cpp has the shared cases).
  EXPECT_EQ(format_amount("en", 1299, "EUR"), "\u20AC12.99");
  EXPECT_EQ(format_amount("de", 1299, "EUR"), "12,99\u00A0\u20AC");
  EXPECT_EQ(format_amount("fr", 5, "EUR"), "0,05\u00A0\u20AC");
  EXPECT_EQ(format_amount("en", 1299, "JPY", 0), "\u00A51,299");
  EXPECT_EQ(format_amount("ar", 1299, "SAR"), "\u200F\u0661\u0662\u066B\u0669\u0669\u00A0\u0631.\u0633.\u200F");  // ‏١٢٫٩٩ ر.س.‏
  EXPECT_EQ(format_date("en", "2026-11-05T10:00:00Z"), "5 November 2026");
  EXPECT_EQ(format_date("de", "2026-03-15T00:00:00Z"), "15. März 2026");
  EXPECT_EQ(format_date("es", "2026-01-02"), "2 de enero de 2026");
  EXPECT_EQ(format_date("ar", "2026-11-05T10:00:00Z"), "٥ نوفمبر ٢٠٢٦");
  EXPECT_EQ(format_date("en", "soon"), "soon");
  EXPECT_EQ(masked("Visa •••• 4242"), "Visa •••• 4242");
  EXPECT_EQ(masked("+966501234567"), "•••• 4567");
}

TEST(BillingMailTemplates, AMissingValueOrKindThrows) {
  EXPECT_THROW(render("receipt", "en", {{"site", "S"}}), std::runtime_error);
  EXPECT_THROW(render("nothing", "en", sample("en")), std::runtime_error);
  // An unknown language falls back to English.
  EXPECT_NE(render("receipt", "xx", sample("en")).subject.find("receipt"), std::string::npos);
}

class CapturingMailer : public identity::Mailer {
 public:
  void send(std::int64_t tenant_id, const identity::Mail& mail) override { sent.push_back({tenant_id, mail}); }
  std::vector<std::pair<std::int64_t, identity::Mail>> sent;
};

class BillingMailTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-billing-mail");
    std::filesystem::create_directories(dir_);
    db_ = db::open_test_database(dir_, {{"u-ar", 1}, {"u-fr", 1}, {"u-msisdn", 1}});
    db_->execute("UPDATE users SET email = 'ar@example.com', selected_lang = 'ar' WHERE uuid = 'u-ar'");
    db_->execute("UPDATE users SET email = 'fr@example.com', selected_lang = 'it', name = 'Fatima' WHERE uuid = 'u-fr'");
    users_ = std::make_unique<identity::UsersRepository>(*db_);
    tenant_ = std::make_shared<tenants::Tenant>();
    tenant_->id = 1;
    tenant_->name = "t1";
    tenant_->display_name = "Aurora <TV>";
    tenant_->default_locale = "fr";
    tenant_->hosts = {"aurora.example"};
    tenant_->backend["publicOrigin"] = "https://watch.aurora.example/";
    tenant_->public_origin = tenants::public_origin(*tenant_, "", false);  // as the TenantRegistry sets it
    mail_ = std::make_unique<BillingMail>(BillingMailDeps{
        *users_, mailer_, *db_, [this](std::int64_t id) { return id == 1 ? tenant_ : nullptr; },
        [](std::string_view provider) { return provider == "sandbox-operator"; }});
  }
  void TearDown() override {
    mail_.reset();
    users_.reset();
    db_.reset();
    std::filesystem::remove_all(dir_);
  }
  payments::Payment payment(const std::string& user) {
    payments::Payment p;
    p.id = "pay-1";
    p.tenant_id = 1;
    p.user_uuid = user;
    p.purpose = "checkout";
    p.provider = "sandbox";
    p.instrument = "Visa •••• 4242";
    p.amount = {2599, "EUR"};
    p.status = payments::Status::succeeded;
    p.created_at = "2026-11-05T10:00:00Z";
    return p;
  }
  std::filesystem::path dir_;
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<identity::UsersRepository> users_;
  std::shared_ptr<tenants::Tenant> tenant_;
  CapturingMailer mailer_;
  std::unique_ptr<BillingMail> mail_;
};

TEST_F(BillingMailTest, RefundReceiptInTheCustomersLanguage) {
  ASSERT_TRUE(mail_->refund_receipt(1, "u-ar", payment("u-ar"), {1000, "EUR"}));
  ASSERT_EQ(mailer_.sent.size(), 1u);
  const auto& [tenant, m] = mailer_.sent[0];
  EXPECT_EQ(tenant, 1);
  EXPECT_EQ(m.recipient, "ar@example.com");
  EXPECT_NE(m.html.find("dir=\"rtl\""), std::string::npos);
  EXPECT_NE(m.html.find("\u200F١٠٫٠٠\u00A0€"), std::string::npos);  // refunded, as the storefront writes it
  EXPECT_NE(m.html.find("\u200F٢٥٫٩٩\u00A0€"), std::string::npos);  // paid
  EXPECT_NE(m.html.find("Aurora &lt;TV&gt;"), std::string::npos);
  EXPECT_NE(m.body.find("Aurora <TV>"), std::string::npos);
  EXPECT_NE(m.body.find("pay-1"), std::string::npos);
  EXPECT_NE(m.body.find("لقد رددنا"), std::string::npos) << "a refund's own opening";
}

TEST_F(BillingMailTest, AChargeGivenBackSaysItWasReturned) {
  // Issue 76 item 5: a charge whose instance died before its record, refunded by the instance that took it over.
  ASSERT_TRUE(mail_->refund_receipt(1, "u-ar", payment("u-ar"), {2599, "EUR"}, true));
  const auto& m = mailer_.sent.at(0).second;
  EXPECT_NE(m.body.find("تعذّر علينا إتمام"), std::string::npos) << m.body;
  EXPECT_EQ(m.body.find("لقد رددنا"), std::string::npos);
}

TEST_F(BillingMailTest, ALanguageTheTenantDoesNotOfferFallsBackToItsDefault) {
  tenant_->languages = {"fr", "en"};
  ASSERT_TRUE(mail_->receipt(payment("u-fr"), [](const std::string& lang) { return "Or " + lang; }));
  const auto& m = mailer_.sent.at(0).second;
  EXPECT_NE(m.subject.find("reçu"), std::string::npos);
  EXPECT_NE(m.body.find("Abonnement : Or fr"), std::string::npos);
  EXPECT_NE(m.body.find("25,99\u00A0€"), std::string::npos);
  EXPECT_NE(m.body.find("5 novembre 2026"), std::string::npos);
  // Arabic is not offered here: French.
  ASSERT_TRUE(mail_->receipt(payment("u-ar")));
  EXPECT_NE(mailer_.sent.at(1).second.html.find("lang=\"fr\""), std::string::npos);
}

// Issue 47 item 5: a single purchase's receipt said "Item: Payment", and the mobile bill "•••• 4567".
TEST_F(BillingMailTest, ASinglePurchaseReceiptNamesTheArticleAndTheMobileBill) {
  tenant_->languages = {"fr", "en", "ar"};
  std::vector<std::string> asked;
  mail_->name_items("article", [&asked](const payments::Payment& p) -> NameIn {
    asked.push_back(p.reference);
    return [](const std::string& lang) { return lang == "ar" ? std::string("القيادة الليلية") : std::string("Minuit"); };
  });
  payments::Payment p = payment("u-fr");
  p.purpose = "article";
  p.reference = "purchase-7";
  p.provider = "sandbox-operator";
  p.instrument = "971500004567";
  ASSERT_TRUE(mail_->receipt(p));
  EXPECT_EQ(asked, std::vector<std::string>{"purchase-7"});
  const auto& m = mailer_.sent.at(0).second;
  EXPECT_NE(m.body.find("Achat : Minuit"), std::string::npos) << m.body;
  EXPECT_NE(m.body.find("\nBonjour Fatima,\n"), std::string::npos) << m.body;  // greeted by the name they gave
  EXPECT_EQ(m.body.find("Paiement\n"), std::string::npos);
  EXPECT_NE(m.body.find("Facture mobile \xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2 4567"), std::string::npos) << m.body;
  ASSERT_TRUE(mail_->receipt(payment("u-ar")));  // a plan's name given by the caller wins; a card stays its mask
  EXPECT_NE(mailer_.sent.at(1).second.body.find("Visa \xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2 4242"), std::string::npos);
  p.user_uuid = "u-ar";
  ASSERT_TRUE(mail_->receipt(p));
  EXPECT_NE(mailer_.sent.at(2).second.body.find("القيادة الليلية"), std::string::npos);
}

// Issue 75 item 6: a CAMARA operator's payment reads "Mobile bill +9665•••123" and names the operator; the provider's
// mask is kept (it was "•••• 5123", the digits around the dots taken for the number's last four).
TEST_F(BillingMailTest, AnOperatorsReceiptNamesTheMaskedNumberAndTheOperator) {
  mail_ = std::make_unique<BillingMail>(BillingMailDeps{
      *users_, mailer_, *db_, [this](std::int64_t id) { return id == 1 ? tenant_ : nullptr; },
      [](std::string_view provider) { return provider == "camara"; },
      [](std::int64_t tenant_id, std::string_view provider) { return tenant_id == 1 && provider == "camara" ? "Noor Mobile" : ""; }});
  payments::Payment p = payment("u-fr");
  p.provider = "camara";
  p.instrument = "+9665\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2" "123";
  ASSERT_TRUE(mail_->receipt(p));
  const auto& m = mailer_.sent.at(0).second;
  EXPECT_NE(m.body.find("Facture mobile +9665\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2" "123 \xC2\xB7 Noor Mobile"), std::string::npos) << m.body;
}

TEST_F(BillingMailTest, NoAddressNoMail) {
  EXPECT_FALSE(mail_->receipt(payment("u-msisdn")));
  EXPECT_FALSE(mail_->refund_receipt(2, "u-ar", payment("u-ar"), {1, "EUR"}));  // unknown tenant
  EXPECT_TRUE(mailer_.sent.empty());
}

// Issue 72 item 3: the links start at the tenant's public origin (as the registry sets it), never at its first
// allowed origin; a tenant with none gets no mail with a link rather than a guessed one.
TEST_F(BillingMailTest, DunningLinksToThePublicOrigin) {
  tenant_->public_origin = tenants::public_origin(*tenant_, "http://localhost:18082", false);
  ASSERT_TRUE(mail_->dunning(1, "u-fr", {}, {499, "EUR"}, "2026-11-08T10:00:00Z"));
  const auto& m = mailer_.sent.at(0).second;
  // In the recipient's language (French, the tenant's default: "it" is not offered).
  EXPECT_NE(m.body.find("https://watch.aurora.example/fr/profile/manage"), std::string::npos) << m.body;
  EXPECT_NE(m.html.find("href=\"https://watch.aurora.example/fr/profile/manage\""), std::string::npos);
  tenant_->backend.erase("publicOrigin");
  tenant_->backend["allowedOrigins"] = boost::json::array{"http://localhost:8080"};
  tenant_->public_origin = tenants::public_origin(*tenant_, "http://localhost:18082", false);
  ASSERT_TRUE(mail_->trial_notice(1, "u-fr", {}, "2026-11-08T10:00:00Z"));
  EXPECT_NE(mailer_.sent.at(1).second.body.find("http://aurora.example:18082/fr/profile/manage"), std::string::npos);
  EXPECT_EQ(mailer_.sent.at(1).second.body.find("localhost:8080"), std::string::npos);
  tenant_->public_origin = tenants::public_origin(*tenant_, "", false);
  EXPECT_EQ(BillingMail::link(*tenant_, "fr", BillingMail::kPlansPath), std::nullopt);
  EXPECT_FALSE(mail_->dunning(1, "u-fr", {}, {499, "EUR"}, "2026-11-08T10:00:00Z"));
  EXPECT_EQ(mailer_.sent.size(), 2u);
}

TEST_F(BillingMailTest, ATrialNoticeIsClaimedOnce) {
  db_->execute(
      "INSERT INTO user_subscriptions (id, tenant_id, user_uuid, type_id, state, trial, start_date, end_date, "
      "created_at, updated_at) "
      "VALUES ('s1', 1, 'u-fr', 102, 'ACTIVE', 1, '2026-11-01T00:00:00Z', '2026-11-08T00:00:00Z', 'x', 'x')");
  EXPECT_TRUE(mail_->claim_trial_notice(1, "s1", "2026-11-08T00:00:00Z", "2026-11-05T00:00:00Z"));
  EXPECT_FALSE(mail_->claim_trial_notice(1, "s1", "2026-11-08T00:00:00Z", "2026-11-05T00:01:00Z"));
  EXPECT_TRUE(mail_->claim_trial_notice(1, "s1", "2026-11-15T00:00:00Z", "2026-11-05T00:01:00Z"));  // a new end
}

}  // namespace
}  // namespace portal::billing_mail
