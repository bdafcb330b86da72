#include "domains/tenants/tenant_settings.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "domains/tenants/settings_answers.hpp"
#include "domains/tenants/tenant_languages.hpp"
#include "domains/tenants/tenants_seed.hpp"

namespace portal::tenants {
namespace {

namespace json = boost::json;

json::object palette(std::string primary = "#6d28d9") {
  json::object theme;
  for (auto name : kColorNames) theme[name] = "#123456";
  theme["primary"] = primary;
  return json::object{{"light", theme}, {"dark", theme}};
}

Tenant current() {
  Tenant t;
  t.id = 4;
  t.name = "aurora";
  t.version = 3;
  t.backend = json::object{{"publicOrigin", "https://aurora.example"}};
  return t;
}

json::object document() {
  return json::object{{"version", 3},
                      {"displayName", "Aurora Play"},
                      {"hosts", json::array{"Aurora.Example", "localhost"}},
                      {"defaultLocale", "en"},
                      {"defaultTheme", "dark"},
                      {"colors", palette()},
                      {"customStyle", ""},
                      {"features", json::object{{"V2Modals", true}}},
                      {"settings", json::object{{"links", json::object{{"homeUrl", "/"}}}}},
                      {"redirects", json::array{json::object{{"from", "/old-music/"}, {"to", "/music"}},
                                                json::object{{"from", "/help"}, {"to", "https://help.example/faq"}, {"permanent", true}}}},
                      {"allowedOrigins", json::array{"https://Aurora.Example/"}}};
}

std::string field_of(json::object doc) {
  auto r = read_settings_edit(doc, current());
  if (r) return "(accepted)";
  EXPECT_EQ(r.error().code, SettingsErrorCode::invalid_field);
  return r.error().field;
}

TEST(TenantSettings, AValidEditBecomesTheTenantToWrite) {
  auto r = read_settings_edit(document(), current());
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->version, 3);
  const Tenant& t = r->tenant;
  EXPECT_EQ(t.id, 4);
  EXPECT_EQ(t.name, "aurora");  // never from the document
  EXPECT_EQ(t.hosts, (std::vector<std::string>{"aurora.example", "localhost"}));
  EXPECT_EQ(t.default_theme, "dark");
  EXPECT_NE(t.colors.find("--color-primary:#6d28d9;"), std::string::npos);
  EXPECT_EQ(t.backend.at("publicOrigin"), "https://aurora.example");  // kept: not an editable member
  EXPECT_EQ(t.backend.at("allowedOrigins"), (json::array{"https://aurora.example"}));
  auto rule = find_redirect(t, "/old-music");
  ASSERT_TRUE(rule);
  EXPECT_EQ(rule->to, "/music");
  EXPECT_FALSE(rule->permanent);
  EXPECT_TRUE(find_redirect(t, "/help/")->permanent);
  EXPECT_FALSE(find_redirect(t, "/music"));
}

TEST(TenantSettings, EachBadMemberIsNamed) {
  auto with = [](std::string_view key, json::value v) {
    auto d = document();
    d[key] = std::move(v);
    return d;
  };
  EXPECT_EQ(field_of(with("version", 0)), "version");
  EXPECT_EQ(field_of(with("displayName", "  ")), "displayName");
  EXPECT_EQ(field_of(with("displayName", json::string(std::string(81, 'x')))), "displayName");
  EXPECT_EQ(field_of(with("hosts", json::array{})), "hosts");
  EXPECT_EQ(field_of(with("hosts", json::array{"evil.example/x"})), "hosts");
  EXPECT_EQ(field_of(with("hosts", json::array{"a.example", "A.example"})), "hosts");
  EXPECT_EQ(field_of(with("defaultLocale", "it")), "defaultLocale");
  EXPECT_EQ(field_of(with("defaultTheme", "blue")), "defaultTheme");
  EXPECT_EQ(field_of(with("colors", palette("red;}body{display:none"))), "colors.light.primary");
  EXPECT_EQ(field_of(with("customStyle", "javascript:alert(1)")), "customStyle");
  EXPECT_EQ(field_of(with("features", json::array{})), "features");
  EXPECT_EQ(field_of(with("allowedOrigins", json::array{"https://a.example/path"})), "allowedOrigins");
  EXPECT_EQ(field_of(with("settings", json::object{{"tagManager", json::object{{"containerId", "<script>"}}}})), "settings");
  auto disclaimer = [&](json::value d) { return field_of(with("settings", json::object{{"externalRedirectDisclaimer", d}})); };
  EXPECT_EQ(disclaimer(true), "settings.externalRedirectDisclaimer");
  EXPECT_EQ(disclaimer(json::object{{"text", json::object{}}}), "settings.externalRedirectDisclaimer.enabled");
  EXPECT_EQ(disclaimer(json::object{{"enabled", true}, {"text", json::object{{"it", "Ciao"}}}}),
            "settings.externalRedirectDisclaimer.text.it");
  EXPECT_EQ(disclaimer(json::object{{"enabled", true}, {"text", json::object{{"en", json::string(std::string(501, 'x'))}}}}),
            "settings.externalRedirectDisclaimer.text.en");
}

TEST(TenantSettings, LanguagesAreASubsetOfTheSixHoldingTheDefault) {
  auto with = [](json::value languages, std::string locale = "en") {
    auto d = document();
    d["languages"] = std::move(languages);
    d["defaultLocale"] = locale;
    return d;
  };
  auto reason = [](json::object doc) {
    auto r = read_settings_edit(doc, current());
    return r ? std::string("(accepted)") : r.error().field + ": " + r.error().reason;
  };
  EXPECT_EQ(field_of(with(json::array{})), "languages");
  EXPECT_EQ(field_of(with("en,ar")), "languages");
  EXPECT_EQ(field_of(with(json::array{"en", 3})), "languages");
  EXPECT_EQ(field_of(with(json::array{"en", "it"})), "languages");
  EXPECT_EQ(field_of(with(json::array{"en", "ar", "en"})), "languages");
  EXPECT_EQ(reason(with(json::array{"ar", "fr"})), "languages: must contain the default language 'en'");
  EXPECT_EQ(reason(with(json::array{"en", "ar", "ar"})), "languages: 'ar' is listed twice");
  EXPECT_EQ(reason(with(json::array{"en", "pt"})), "languages: 'pt' is not one of en, ar, fr, de, es, ro");

  auto r = read_settings_edit(with(json::array{"fr", "ar"}, "ar"), current());
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->tenant.languages, (std::vector<std::string>{"fr", "ar"}));  // the operator's order
  EXPECT_EQ(settings_dto(r->tenant).languages, (std::vector<std::string>{"fr", "ar"}));
  EXPECT_TRUE(offers_language(r->tenant, "fr"));
  EXPECT_FALSE(offers_language(r->tenant, "en"));

  auto absent = document();
  absent.erase("languages");
  auto all = read_settings_edit(absent, current());
  ASSERT_TRUE(all);
  EXPECT_EQ(all->tenant.languages, (std::vector<std::string>{"en", "ar", "fr", "de", "es", "ro"}));
}

TEST(TenantLanguages, TheColumnReadsBackKnownLanguagesWithTheDefault) {
  EXPECT_EQ(languages_text({"en", "ar"}), "en,ar");
  EXPECT_EQ(languages_from_text("en,ar", "en"), (std::vector<std::string>{"en", "ar"}));
  EXPECT_EQ(languages_from_text("fr,xx,fr", "ar"), (std::vector<std::string>{"ar", "fr"}));
  EXPECT_EQ(languages_from_text("", "en").size(), 6u);
  EXPECT_FALSE(languages_problem({"ro"}, "ro"));
}

TEST(TenantSettings, RedirectRulesAreStrict) {
  auto rules = [](json::array r) {
    auto d = document();
    d["redirects"] = std::move(r);
    return d;
  };
  auto rule = [](json::value from, json::value to) { return json::object{{"from", from}, {"to", to}}; };
  EXPECT_EQ(field_of(rules({rule("music", "/x")})), "redirects[0].from");
  EXPECT_EQ(field_of(rules({rule("//evil.example", "/x")})), "redirects[0].from");
  EXPECT_EQ(field_of(rules({rule("/a?b=1", "/x")})), "redirects[0].from");
  EXPECT_EQ(field_of(rules({rule("/a", "//evil.example")})), "redirects[0].to");
  EXPECT_EQ(field_of(rules({rule("/a", "javascript:alert(1)")})), "redirects[0].to");
  EXPECT_EQ(field_of(rules({rule("/a", "/a/")})), "redirects[0].to");
  EXPECT_EQ(field_of(rules({rule("/a", "/b"), rule("/a/", "/c")})), "redirects[1].from");
  EXPECT_EQ(field_of(rules({rule("/a", "/../admin")})), "redirects[0].to");
  json::array many;
  for (int i = 0; i < 201; ++i) many.push_back(rule(json::string("/p" + std::to_string(i)), "/x"));
  EXPECT_EQ(field_of(rules(many)), "redirects");
}

TEST(TenantSettings, TheAnswerReadsTheStoredColoursBack) {
  auto r = read_settings_edit(document(), current());
  ASSERT_TRUE(r);
  r->tenant.version = 4;
  const SettingsDto dto = settings_dto(r->tenant);
  EXPECT_EQ(dto.version, 4);
  EXPECT_EQ(dto.colors.light.at("primary"), "#6d28d9");
  EXPECT_EQ(dto.colors.dark.size(), std::size(kColorNames));
  ASSERT_EQ(dto.redirects.size(), 2u);
  EXPECT_EQ(dto.redirects[0].from, "/old-music");
  EXPECT_FALSE(dto.settings.contains("redirects"));  // one place for them on the wire
  EXPECT_EQ(dto.allowedOrigins, (std::vector<std::string>{"https://aurora.example"}));
  EXPECT_FALSE(parse_colors_css("body{color:red}"));
}

TEST(TenantSettings, ErrorsMapToTheOneShape) {
  SettingsError conflict{SettingsErrorCode::version_conflict, "changed", "version", {}, 7, {}, {}};
  auto e = http_error(conflict);
  EXPECT_EQ(e.status, 409);
  EXPECT_EQ(e.code, "SETTINGS_VERSION_CONFLICT");
  EXPECT_EQ(e.data.at("version"), 7);
  EXPECT_EQ(http_error(SettingsError::invalid("hosts", "bad")).status, 400);
  EXPECT_EQ(http_error({SettingsErrorCode::host_taken, "", "hosts", "taken", 0, {}, {}}).code, "HOST_TAKEN");
}

}  // namespace
}  // namespace portal::tenants
