#include "domains/tenants/settings_entries.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>

#include "domains/tenants/tenants_seed.hpp"

namespace portal::tenants {
namespace {

namespace json = boost::json;

// The field the check names for `settings`, "" when it takes them.
std::string field_of(std::string_view settings) {
  auto problem = settings_entries_problem(json::parse(settings).as_object());
  return problem ? problem->field : std::string();
}

TEST(SettingsEntries, TheDemoTenantsAreTaken) {
  for (const char* name : {"aurora", "noor", "vela"}) {
    const auto file = std::filesystem::path(PORTAL_SOURCE_DIR).parent_path() / "data" / "tenants" / (std::string(name) + ".json");
    const Tenant t = read_tenant_file(file);
    EXPECT_FALSE(settings_entries_problem(t.settings)) << name;
  }
}

TEST(SettingsEntries, EachEntryNamesTheFieldItRefuses) {
  EXPECT_EQ(field_of(R"({"sharedLinks":["copy","fax"]})"), "settings.sharedLinks");
  EXPECT_EQ(field_of(R"({"sharedLinks":["x","x"]})"), "settings.sharedLinks");
  EXPECT_EQ(field_of(R"({"avatarList":["/a.svg","javascript:alert"]})"), "settings.avatarList[1]");
  EXPECT_EQ(field_of(R"({"googleAds":{"client":"ca-pub-12"}})"), "settings.googleAds.client");
  EXPECT_EQ(field_of(R"({"googleAds":{"client":"ca-pub-1234567890","slots":{"home":"12x45"}}})"),
            "settings.googleAds.slots.home");
  EXPECT_EQ(field_of(R"({"googleAds":{"client":"ca-pub-1234567890","slots":{"footer":"12345"}}})"),
            "settings.googleAds.slots.footer");
  EXPECT_EQ(field_of(R"({"parentalControlMail":{"body":{"de":"Ihr Code"}}})"), "settings.parentalControlMail.body.de");
  EXPECT_EQ(field_of(R"({"customPlan":{"enabled":true,"title":{"en":"Teams"}}})"), "settings.customPlan.href");
  EXPECT_EQ(field_of(R"({"customPlan":{"enabled":true,"href":"/x"}})"), "settings.customPlan.title");
  EXPECT_EQ(field_of(R"({"customPlan":{"enabled":false,"href":"//evil.example"}})"), "settings.customPlan.href");
  EXPECT_EQ(field_of(R"({"seoTabNames":{"home":{"xx":"Home"}}})"), "settings.seoTabNames.home.xx");
  EXPECT_EQ(field_of(R"({"seoTabNames":{"../home":{"en":"Home"}}})"), "settings.seoTabNames.../home");
  EXPECT_EQ(field_of(R"({"loginMetaData":{"title":{"en":"a\tb"}}})"), "settings.loginMetaData.title.en");
  EXPECT_EQ(field_of(R"({"paymentMetaData":{"titel":{"en":"Pay"}}})"), "settings.paymentMetaData.titel");
  EXPECT_EQ(field_of(R"({"global":{"announcement":{"text":{}}}})"), "settings.global.announcement.text");
  EXPECT_EQ(field_of(R"({"profileMenu":{"items":["profile","logout"]}})"), "settings.profileMenu.items");
  EXPECT_EQ(field_of(R"({"navigation":{"links":[{"label":{"de":"Hilfe"},"href":"/hilfe"},{"label":{"de":"X"}}]}})"),
            "settings.navigation.links[1].href");
  EXPECT_EQ(field_of(R"({"desktopSettings":{"layout":"grid"}})"), "settings.desktopSettings.layout");
  EXPECT_EQ(field_of(R"({"mobileSettings":{"cardsPerRow":4}})"), "settings.mobileSettings.cardsPerRow");
  EXPECT_EQ(field_of(R"({"popups":{"welcome":{"enabled":true,"text":{"en":"Hi"}}}})"), "settings.popups.welcome.title");
  EXPECT_EQ(field_of(R"({"externalRedirectDisclaimer":{"text":{}}})"), "settings.externalRedirectDisclaimer.enabled");
}

TEST(SettingsEntries, TextsCountCharactersNotBytes) {
  const std::string seventy_arabic = [] {
    std::string s;
    for (int i = 0; i < 70; ++i) s += "ب";
    return s;
  }();
  EXPECT_EQ(field_of(R"({"seoTabNames":{"home":{"ar":")" + seventy_arabic + R"("}}})"), "");
  EXPECT_EQ(field_of(R"({"seoTabNames":{"home":{"ar":")" + seventy_arabic + R"(ب"}}})"), "settings.seoTabNames.home.ar");
}

TEST(SettingsEntries, TextsFallBackToTheDefaultLanguageThenEnglish) {
  Tenant t;
  t.default_locale = "ar";
  t.settings = json::parse(R"({"seoTabNames":{"home":{"ar":"نور","en":"Noor","de":""}}})").as_object();
  EXPECT_EQ(settings_text(t, {"seoTabNames", "home"}, "en"), "Noor");
  EXPECT_EQ(settings_text(t, {"seoTabNames", "home"}, "de"), "نور");
  EXPECT_EQ(settings_text(t, {"seoTabNames", "music"}, "en"), "");
  EXPECT_EQ(settings_text(t, {"loginMetaData", "title"}, "en"), "");
}

// The areas header, footer and cookies (issue 72 item 6): what the storefront reads is checked where it is written.
TEST(SettingsEntries, HeaderFooterAndCookieAreasNameTheFieldTheyRefuse) {
  EXPECT_EQ(field_of(R"({"header":{"structure":"top-bar","logo":"/media/art/logo.svg"},"footer":{"structure":"footer-winter"},
                        "cookies":{"consentCookie":"aurora_consent","enabledCookie":"aurora.cookies"}})"), "");
  EXPECT_EQ(field_of(R"({"footer":{"structure":"../home"}})"), "settings.footer.structure");
  EXPECT_EQ(field_of(R"({"footer":{"structure":"Footer"}})"), "settings.footer.structure");
  EXPECT_EQ(field_of(R"({"footer":{"structure":7}})"), "settings.footer.structure");
  EXPECT_EQ(field_of(R"({"footer":{"structur":"footer"}})"), "settings.footer.structur");
  EXPECT_EQ(field_of(R"({"header":{"structure":"-x"}})"), "settings.header.structure");
  EXPECT_EQ(field_of(R"({"header":{"logo":"javascript:alert"}})"), "settings.header.logo");
  EXPECT_EQ(field_of(R"({"cookies":{"consentCookie":"a b"}})"), "settings.cookies.consentCookie");
  EXPECT_EQ(field_of(R"({"cookies":{"consentCookie":"x;y=1"}})"), "settings.cookies.consentCookie");
  EXPECT_EQ(field_of(R"({"cookies":{"enabledCookie":"user_token"}})"), "settings.cookies.enabledCookie");
  EXPECT_EQ(field_of(R"({"cookies":{"enabledCookie":"ncc_c"}})"), "settings.cookies.enabledCookie");
  EXPECT_EQ(field_of(R"({"cookies":{"consentCookie":"same","enabledCookie":"same"}})"), "settings.cookies.enabledCookie");
  EXPECT_EQ(field_of(R"({"cookies":{"banner":true}})"), "settings.cookies.banner");
  EXPECT_EQ(field_of(R"({"images":{"placeholder":"javascript:x"}})"), "");  // links are the link check's (tenants_app.hpp)
}

TEST(SettingsEntries, TheHeaderAndFooterStructuresAndTheDescriptionAreRead) {
  Tenant t;
  t.default_locale = "de";
  EXPECT_EQ(chrome_structure(t, "header"), "header");
  EXPECT_EQ(chrome_structure(t, "footer"), "footer");
  EXPECT_EQ(site_description(t, "en"), "");
  t.settings = json::parse(R"({"header":{"structure":"top-bar"},"footer":{"structure":"../x"},
                              "metaData":{"description":{"de":"Musik an einem Ort","en":"Music in one place"}}})").as_object();
  EXPECT_EQ(chrome_structure(t, "header"), "top-bar");
  EXPECT_EQ(chrome_structure(t, "footer"), "footer");  // a name the check refuses is never read
  EXPECT_EQ(site_description(t, "en"), "Music in one place");
  EXPECT_EQ(site_description(t, "fr"), "Musik an einem Ort");
  t.settings["metaData"] = json::object{{"description", "One text"}};
  EXPECT_EQ(site_description(t, "ar"), "One text");
}

TEST(SettingsEntries, AdOriginsAndAvatarsOnlyWhereConfigured) {
  Tenant t;
  EXPECT_TRUE(google_ads_origins(t).empty());
  EXPECT_FALSE(offered_avatar(t, "/media/art/avatar-fox.svg"));
  t.settings = json::parse(R"({"googleAds":{"client":"ca-pub-1234567890"},"avatarList":["/media/art/avatar-fox.svg"]})").as_object();
  EXPECT_EQ(google_ads_client(t), "ca-pub-1234567890");
  EXPECT_FALSE(google_ads_origins(t).empty());
  EXPECT_TRUE(offered_avatar(t, "/media/art/avatar-fox.svg"));
  EXPECT_FALSE(offered_avatar(t, "https://tracker.example/a.gif"));
  EXPECT_EQ(mobile_cards_css(t), "");
  t.settings["mobileSettings"] = json::object{{"cardsPerRow", 3}};
  EXPECT_EQ(mobile_cards_css(t), ":root{--cards-per-row-mobile:3}");
}

}  // namespace
}  // namespace portal::tenants
