#include "domains/i18n/i18n_service.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace portal::i18n {
namespace {

TEST(ChooseLanguage, CookieThenTenantThenBrowserThenEnglish) {
  EXPECT_EQ(choose_language("fr", "ar", "de-DE,de;q=0.9"), "fr");
  EXPECT_EQ(choose_language("", "ar", "de-DE,de;q=0.9"), "ar");
  EXPECT_EQ(choose_language("xx", "", "de-DE,de;q=0.9"), "de");
  EXPECT_EQ(choose_language("", "", "pt-BR,es;q=0.8"), "es");
  EXPECT_EQ(choose_language("", "", "ro-RO, en;q=0.5"), "en");  // exact match beats base match
  EXPECT_EQ(choose_language("", "", "pt-BR,ja"), "en");
  EXPECT_EQ(choose_language("", "", ""), "en");
}

TEST(ChooseLanguage, OnlyAmongTheTenantsLanguages) {
  const std::vector<std::string> offered{"en", "ar"};
  EXPECT_EQ(choose_language("fr", "ar", "de", offered), "ar");  // a stored choice the tenant does not offer
  EXPECT_EQ(choose_language("en", "ar", "de", offered), "en");
  EXPECT_EQ(choose_language("", "fr", "de, ar", offered), "ar");
  EXPECT_EQ(choose_language("", "", "de", {"ro", "fr"}), "ro");
}

TEST(I18nService, LoadsMergesAndLooksUp) {
  namespace fs = std::filesystem;
  const auto dir = fs::temp_directory_path() / ("portal-i18n-" + std::to_string(::getpid()));
  fs::create_directories(dir / "en");
  fs::create_directories(dir / "ar");
  std::ofstream(dir / "en" / "a.json") << R"({"meta":{"home":{"title":"Home"}},"x":"1"})";
  std::ofstream(dir / "en" / "b.json") << R"({"meta":{"home":{"description":"Welcome"}}})";
  std::ofstream(dir / "ar" / "a.json") << R"({"meta":{"home":{"title":"الرئيسية"}}})";
  I18nService service(dir);
  EXPECT_EQ(service.text("en", "meta.home.title"), "Home");
  EXPECT_EQ(service.text("en", "meta.home.description"), "Welcome");
  EXPECT_EQ(service.text("ar", "meta.home.title"), "الرئيسية");
  EXPECT_EQ(service.text("ar", "meta.home.description"), "Welcome");  // falls back to en
  EXPECT_EQ(service.text("de", "nope.nothing"), std::nullopt);
  EXPECT_EQ(service.bundle("xx"), nullptr);
  ASSERT_NE(service.bundle("fr"), nullptr);  // missing folder: empty bundle
  EXPECT_EQ(service.bundle("fr")->serialized, "{}");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace portal::i18n
