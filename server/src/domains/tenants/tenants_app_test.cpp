// The tag manager id rule (commerce §5) and the web app manifest of a tenant (issue 16).
#include "domains/tenants/tenants_app.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <random>

#include "domains/tenants/tenants_seed.hpp"

namespace portal::tenants {
namespace {
namespace json = boost::json;

TEST(TagManager, IdIsGtmFollowedByUpperCaseLettersAndDigits) {
  EXPECT_TRUE(valid_tag_manager_id("GTM-ABC123"));
  EXPECT_TRUE(valid_tag_manager_id("GTM-7"));
  EXPECT_FALSE(valid_tag_manager_id("GTM-"));
  EXPECT_FALSE(valid_tag_manager_id("GTM-abc123"));
  EXPECT_FALSE(valid_tag_manager_id("gtm-ABC123"));
  EXPECT_FALSE(valid_tag_manager_id("GTM_ABC123"));
  EXPECT_FALSE(valid_tag_manager_id("GTM-ABC 123"));
  EXPECT_FALSE(valid_tag_manager_id("GTM-ABC123\"><script>"));
  EXPECT_FALSE(valid_tag_manager_id("UA-12345-1"));
  EXPECT_FALSE(valid_tag_manager_id(""));
}

TEST(TagManager, ConfiguredIdIsReadAndAMalformedOneIsAnError) {
  EXPECT_EQ(tag_manager_id(json::object{}), "");
  EXPECT_EQ(tag_manager_id(json::parse(R"({"tagManager":{"containerId":"GTM-K9X2"}})").as_object()), "GTM-K9X2");
  EXPECT_THROW(tag_manager_id(json::parse(R"({"tagManager":{"containerId":"GTM-k9x2"}})").as_object()), std::runtime_error);
  EXPECT_THROW(tag_manager_id(json::parse(R"({"tagManager":{"containerId":42}})").as_object()), std::runtime_error);
  EXPECT_THROW(tag_manager_id(json::parse(R"({"tagManager":"GTM-K9X2"})").as_object()), std::runtime_error);
}

TEST(TagManager, OnlyATenantWithAContainerGetsItsOriginsInThePolicy) {
  Tenant plain;
  EXPECT_TRUE(tag_manager_origins(plain).empty());
  Tenant tracked;
  tracked.settings = json::parse(R"({"tagManager":{"containerId":"GTM-K9X2"}})").as_object();
  const auto origins = tag_manager_origins(tracked);
  EXPECT_NE(std::find(origins.begin(), origins.end(), "https://www.googletagmanager.com"), origins.end());
}

// A tenant file with a malformed container id stops the import, naming the file.
TEST(TagManager, TenantFileWithABadIdIsRefusedAtImport) {
  const auto dir = std::filesystem::temp_directory_path() / ("portal-gtm-" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir);
  const auto file = dir / "bad.json";
  std::ofstream(file) << R"({"name":"bad","displayName":"Bad","defaultLocale":"en","defaultTheme":"light","colors":":root{}",
                            "settings":{"tagManager":{"containerId":"GTM-lower"}}})";
  try {
    read_tenant_file(file);
    ADD_FAILURE() << "a malformed tag manager id was imported";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("bad.json"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("tagManager.containerId"), std::string::npos);
  }
  std::filesystem::remove_all(dir);
}

TEST(AppSettings, ColoursDefaultToTheDefaultThemesPrimaryAndBackground) {
  json::object settings;
  const auto palette = json::parse(R"({"light":{"primary":"#111111","bg":"#ffffff"},"dark":{"primary":"#eeeeee","bg":"#000000"}})");
  complete_app_settings(settings, &palette.as_object(), "dark");
  EXPECT_EQ(settings.at("app").at("themeColor"), "#eeeeee");
  EXPECT_EQ(settings.at("app").at("backgroundColor"), "#000000");

  json::object own = json::parse(R"({"app":{"themeColor":"#123456"}})").as_object();
  complete_app_settings(own, &palette.as_object(), "light");
  EXPECT_EQ(own.at("app").at("themeColor"), "#123456");
  EXPECT_EQ(own.at("app").at("backgroundColor"), "#ffffff");

  json::object bad = json::parse(R"({"app":{"themeColor":"red;}body{"}})").as_object();
  EXPECT_THROW(complete_app_settings(bad, nullptr, "light"), std::runtime_error);
  json::object bad_icon = json::parse(R"j({"app":{"icons":[{"src":"javascript:alert(1)"}]}})j").as_object();
  EXPECT_THROW(complete_app_settings(bad_icon, nullptr, "light"), std::runtime_error);
}

TEST(WebManifest, NamesColoursAndAbsoluteIconsFromTheTenant) {
  Tenant t;
  t.name = "noor";
  t.display_name = "Noor";
  t.default_locale = "ar";
  t.settings = json::parse(R"({"images":{"logo":"/media/art/noor-logo.svg"},
      "metaData":{"description":{"ar":"وصف","en":"Description"}},
      "app":{"shortName":"Noor","themeColor":"#0f766e","backgroundColor":"#f7f3ea"}})").as_object();
  const auto m = json::value_from(web_manifest(t, "https://noor.example")).as_object();
  EXPECT_EQ(m.at("name"), "Noor");
  EXPECT_EQ(m.at("short_name"), "Noor");
  EXPECT_EQ(m.at("lang"), "ar");
  EXPECT_EQ(m.at("dir"), "rtl");
  EXPECT_EQ(m.at("description"), "وصف");
  EXPECT_EQ(m.at("start_url"), "/");
  EXPECT_EQ(m.at("display"), "standalone");
  EXPECT_EQ(m.at("theme_color"), "#0f766e");
  EXPECT_EQ(m.at("background_color"), "#f7f3ea");
  ASSERT_EQ(m.at("icons").as_array().size(), 1u);
  EXPECT_EQ(m.at("icons").at(0).at("src"), "https://noor.example/media/art/noor-logo.svg");
  EXPECT_EQ(m.at("icons").at(0).at("type"), "image/svg+xml");
  EXPECT_EQ(m.at("icons").at(0).at("sizes"), "any");

  t.settings["app"].as_object()["icons"] =
      json::parse(R"([{"src":"/media/art/noor-192.png","sizes":"192x192"},{"src":"//evil.example/x.png"}])");
  const auto listed = json::value_from(web_manifest(t, "https://noor.example")).as_object();
  ASSERT_EQ(listed.at("icons").as_array().size(), 1u);
  EXPECT_EQ(listed.at("icons").at(0).at("src"), "https://noor.example/media/art/noor-192.png");
  EXPECT_EQ(listed.at("icons").at(0).at("type"), "image/png");
  EXPECT_EQ(listed.at("icons").at(0).at("sizes"), "192x192");
}

}  // namespace
}  // namespace portal::tenants
