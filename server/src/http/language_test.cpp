#include "http/language.hpp"

#include <gtest/gtest.h>

#include <boost/url/parse.hpp>

#include "core/tenant.hpp"

namespace portal::http {
namespace {

TEST(Language, AcceptLanguageExactThenBase) {
  EXPECT_EQ(accept_language_choice("de-CH,de;q=0.9,en;q=0.8"), "de");
  EXPECT_EQ(accept_language_choice("pt-BR, fr-CA;q=0.8"), "fr");
  EXPECT_EQ(accept_language_choice("AR"), "ar");
  EXPECT_FALSE(accept_language_choice("pt, ja"));
  EXPECT_FALSE(accept_language_choice(""));
}

TEST(Language, AcceptLanguageByWeight) {
  EXPECT_EQ(accept_language_choice("fr;q=0.1, en"), "en");
  EXPECT_EQ(accept_language_choice("de;q=0.5, ar;q=0.9, en;q=0.5"), "ar");
  EXPECT_EQ(accept_language_choice("de;q=0.5, en;q=0.5"), "de");  // equal weights: the order given
  EXPECT_EQ(accept_language_choice("de-CH;q=0.9, fr;q=0.5"), "fr");  // an exact tag before a base language
  EXPECT_EQ(accept_language_choice("de-CH, es-MX;q=0.5"), "de");      // bases by weight too
  EXPECT_EQ(accept_language_choice("ro;q=0, en;q=0.2"), "en");     // q=0: not acceptable
  EXPECT_FALSE(accept_language_choice("ro;q=0"));
  EXPECT_EQ(accept_language_choice("ro;q=2, es"), "es");           // a weight out of range drops its range
  EXPECT_EQ(accept_language_choice("ro;Q=0.3;x=1, es;q=0.2"), "ro");
}

TEST(Language, ExplicitThenQueryThenAcceptLanguageThenTenantDefault) {
  auto tenant = std::make_shared<core::Tenant>();
  tenant->default_locale = "ar";
  auto lang = [&](std::string target, std::string accept, std::optional<std::string> choice = std::nullopt) {
    Request req{Verb::get, target, 11};
    if (!accept.empty()) req.set(bhttp::field::accept_language, accept);
    RequestContext ctx{req, "r", *boost::urls::parse_origin_form(req.target()), {}, tenant, std::nullopt, "", {}};
    return api_language(ctx, choice);
  };
  EXPECT_EQ(lang("/x?lang=fr", "de", "ro"), "ro");
  EXPECT_EQ(lang("/x?lang=fr", "de", "xx"), "fr");
  EXPECT_EQ(lang("/x?lang=xx", "de-AT"), "de");
  EXPECT_EQ(lang("/x", "ja"), "ar");
  EXPECT_EQ(lang("/x", ""), "ar");
}

TEST(Language, OnlyTheTenantsLanguagesAnswer) {
  auto tenant = std::make_shared<core::Tenant>();
  tenant->default_locale = "en";
  tenant->languages = {"en", "ar"};
  auto lang = [&](std::string target, std::string accept, std::optional<std::string> choice = std::nullopt) {
    Request req{Verb::get, target, 11};
    if (!accept.empty()) req.set(bhttp::field::accept_language, accept);
    RequestContext ctx{req, "r", *boost::urls::parse_origin_form(req.target()), {}, tenant, std::nullopt, "", {}};
    return api_language(ctx, choice);
  };
  EXPECT_EQ(lang("/x?lang=fr", ""), "en");
  EXPECT_EQ(lang("/x?lang=ar", ""), "ar");
  EXPECT_EQ(lang("/x", "", "de"), "en");
  EXPECT_EQ(lang("/x", "fr-FR,fr;q=0.9"), "en");
  EXPECT_EQ(lang("/x", "fr-FR,ar;q=0.5"), "ar");
  EXPECT_EQ(accept_language_choice("fr, ar-EG", {"en", "ar"}), "ar");
  EXPECT_FALSE(accept_language_choice("fr, de", {"en", "ar"}));
}

}  // namespace
}  // namespace portal::http
