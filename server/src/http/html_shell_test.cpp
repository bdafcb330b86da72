#include "http/html_shell.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

namespace portal::http {
namespace {

TEST(HtmlShell, FillsLanguageTitleMetaAndPayload) {
  const auto manifest = RouteManifest::fallback();
  ShellPage page;
  page.lang = "ar";
  page.dir = "rtl";
  page.theme = "dark";
  page.title = "Home <script>";
  page.description = "Music & more";
  page.origin = "http://noor.localhost";
  page.path = "/ar";
  page.unprefixed = "/";
  page.colors_css = ":root{--color-primary:#0a0}</style><script>";
  page.languages = &manifest.languages();
  page.payload = boost::json::object{{"evil", "</script><script>alert(1)</script>"}};
  const std::string html = render_shell(
      "<!doctype html><html lang=\"en\"><head><title>Portal</title><!--portal-head--></head>"
      "<body><div id=\"root\"></div><!--portal-payload--><script type=\"module\" src=\"/assets/x.js\"></script></body></html>",
      page);
  EXPECT_NE(html.find("<html lang=\"ar\" dir=\"rtl\" data-theme=\"dark\" class=\"dark\">"), std::string::npos);
  EXPECT_NE(html.find("<title>Home &lt;script&gt;</title>"), std::string::npos);
  EXPECT_NE(html.find("content=\"Music &amp; more\""), std::string::npos);
  EXPECT_NE(html.find("hreflang=\"de\" href=\"http://noor.localhost/de\""), std::string::npos);
  EXPECT_NE(html.find("hreflang=\"x-default\" href=\"http://noor.localhost/\""), std::string::npos);
  EXPECT_NE(html.find("<link rel=\"canonical\" href=\"http://noor.localhost/ar\">"), std::string::npos);
  // Nothing a tenant or a payload holds can close the style or script element.
  EXPECT_EQ(html.find("</style><script>"), std::string::npos);
  EXPECT_EQ(html.find("alert(1)</script>"), std::string::npos);
  EXPECT_LT(html.find("__PORTAL_DATA__"), html.find("/assets/x.js"));
}

TEST(HtmlShell, SplicesPreSerialisedMembersIntoThePayload) {
  ShellPage page;
  page.payload = boost::json::object{{"lang", "en"}};
  const std::string messages = script_safe(R"({"nav":{"home":"Home </script>"}})");
  page.raw_payload_members.emplace_back("messages", messages);
  const std::string html = render_shell("<html><head></head><body><!--portal-payload--></body></html>", page);
  const auto start = html.find('>', html.find("__PORTAL_DATA__")) + 1;
  const auto json = boost::json::parse(html.substr(start, html.find("</script>", start) - start));
  EXPECT_EQ(json.at("lang"), "en");
  EXPECT_EQ(json.at("messages").at("nav").at("home"), "Home </script>");

  page.payload = boost::json::object{};  // no comma before the first member
  const std::string empty = render_shell("<html><body><!--portal-payload--></body></html>", page);
  EXPECT_NE(empty.find(R"({"messages":{"nav")"), std::string::npos);
}

TEST(HtmlShell, PutsTheResponseNonceWhereTheBuildAsksAndOnTheTenantColours) {
  ShellPage page;
  page.nonce = "0123456789abcdef0123456789abcdef";
  page.title = "__PORTAL_CSP_NONCE__";  // page text never receives the nonce
  page.colors_css = ":root{--color-primary:#0a0}";
  page.icon = "/media/art/t-logo.svg";
  const std::string html = render_shell(
      "<html><head><link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\" /><title>Portal</title>"
      "<meta property=\"csp-nonce\" nonce=\"__PORTAL_CSP_NONCE__\"><!--portal-head-->"
      "<script type=\"module\" crossorigin src=\"/assets/i.js\" nonce=\"__PORTAL_CSP_NONCE__\"></script>"
      "<link rel=\"modulepreload\" crossorigin href=\"/assets/v.js\" nonce=\"__PORTAL_CSP_NONCE__\"></head>"
      "<body><!--portal-payload--></body></html>",
      page);
  EXPECT_NE(html.find("<meta property=\"csp-nonce\" nonce=\"0123456789abcdef0123456789abcdef\">"), std::string::npos);
  EXPECT_NE(html.find("src=\"/assets/i.js\" nonce=\"0123456789abcdef0123456789abcdef\"></script>"), std::string::npos);
  EXPECT_NE(html.find("href=\"/assets/v.js\" nonce=\"0123456789abcdef0123456789abcdef\">"), std::string::npos);
  EXPECT_NE(html.find("<style id=\"tenant-colors\" nonce=\"0123456789abcdef0123456789abcdef\">"), std::string::npos);
  EXPECT_NE(html.find("<title>__PORTAL_CSP_NONCE__</title>"), std::string::npos);
  EXPECT_NE(html.find("<link rel=\"icon\" href=\"/media/art/t-logo.svg\"><title>"), std::string::npos);
  EXPECT_EQ(html.find("favicon.svg"), std::string::npos);
}

TEST(HtmlShell, PreloadsThePageChunksWithTheNonceAndTheFirstImageFirst) {
  ShellPage page;
  page.nonce = "0123456789abcdef0123456789abcdef";
  page.modules = {"/assets/home-1.js", "/assets/rail-2.js"};
  page.preload_image = "/media/art/hero.svg?format=webp&a=\"b\"";
  const std::string html = render_shell(
      "<html><head><title>Portal</title><!--portal-head-->"
      "<script type=\"module\" crossorigin src=\"/assets/i.js\" nonce=\"__PORTAL_CSP_NONCE__\"></script></head>"
      "<body><!--portal-payload--></body></html>",
      page);
  const auto image = html.find(
      "<link rel=\"preload\" as=\"image\" href=\"/media/art/hero.svg?format=webp&amp;a=&quot;b&quot;\" fetchpriority=\"high\">");
  ASSERT_NE(image, std::string::npos);
  EXPECT_LT(image, html.find("<meta name=\"description\""));
  const auto home = html.find("<link rel=\"modulepreload\" crossorigin href=\"/assets/home-1.js\" nonce=\"0123456789abcdef0123456789abcdef\">");
  const auto rail = html.find("<link rel=\"modulepreload\" crossorigin href=\"/assets/rail-2.js\" nonce=\"0123456789abcdef0123456789abcdef\">");
  ASSERT_NE(home, std::string::npos);
  ASSERT_NE(rail, std::string::npos);
  // After the build's entry script, before the head ends.
  EXPECT_LT(html.find("/assets/i.js"), home);
  EXPECT_LT(home, rail);
  EXPECT_LT(rail, html.find("</head>"));
}

TEST(HtmlShell, NoPreloadsWithoutModulesOrImage) {
  ShellPage page;
  const std::string html = render_shell("<html><head><!--portal-head--></head><body><!--portal-payload--></body></html>", page);
  EXPECT_EQ(html.find("preload"), std::string::npos);
}

TEST(HtmlShell, LinksTheTenantManifestAndItsThemeColour) {
  ShellPage page;
  page.theme_color = "#0f766e";
  const std::string html = render_shell("<html><head><!--portal-head--></head><body><!--portal-payload--></body></html>", page);
  EXPECT_NE(html.find("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"), std::string::npos);
  EXPECT_NE(html.find("<meta name=\"theme-color\" content=\"#0f766e\">"), std::string::npos);
  ShellPage plain;
  EXPECT_EQ(render_shell("<html><head><!--portal-head--></head></html>", plain).find("theme-color"), std::string::npos);
}

TEST(HtmlShell, LocalizedPaths) {
  EXPECT_EQ(localized_path("ar", "/"), "/ar");
  EXPECT_EQ(localized_path("fr", "/music/tracks"), "/fr/music/tracks");
  EXPECT_EQ(localized_path("", "/music"), "/music");
}

TEST(HtmlShell, APageWithAFirstViewAsksForItsScriptsAfterTheFirstPaint) {
  ShellPage page;
  page.nonce = "n0nce";
  page.modules = {"/assets/page.js"};
  page.first_view = "<main>first</main>";
  const std::string html = render_shell(
      "<html><head><script type=\"module\" crossorigin src=\"/assets/entry.js\" nonce=\"__PORTAL_CSP_NONCE__\"></script>\n"
      "<link rel=\"modulepreload\" crossorigin href=\"/assets/vendor.js\" nonce=\"__PORTAL_CSP_NONCE__\">\n"
      "<link rel=\"stylesheet\" href=\"/assets/app.css\"></head><body><div id=\"root\"></div><!--portal-payload--></body></html>",
      page);
  EXPECT_NE(html.find("<div id=\"root\"><main>first</main></div>"), std::string::npos);
  // No parser-inserted script or preload is left in the head; the stylesheet stays.
  EXPECT_EQ(html.find("<script type=\"module\""), std::string::npos);
  EXPECT_EQ(html.find("<link rel=\"modulepreload\""), std::string::npos);
  EXPECT_NE(html.find("<link rel=\"stylesheet\" href=\"/assets/app.css\">"), std::string::npos);
  // One nonce'd script adds them, the build's preloads and the page's, then the entry.
  const auto loader = html.find("<script nonce=\"n0nce\">");
  ASSERT_NE(loader, std::string::npos);
  EXPECT_LT(html.find("__PORTAL_DATA__"), loader);
  EXPECT_NE(html.find(R"(p=["/assets/vendor.js","/assets/page.js"],e="/assets/entry.js")", loader), std::string::npos);
  // Once the first contentful paint is presented; a frame callback where paint timing is missing.
  EXPECT_NE(html.find("getEntriesByName('first-contentful-paint')", loader), std::string::npos);
  EXPECT_NE(html.find("requestAnimationFrame", loader), std::string::npos);
}

TEST(HtmlShell, APageWithoutAFirstViewKeepsTheBuildsTags) {
  ShellPage page;
  page.nonce = "n0nce";
  const std::string html = render_shell(
      "<html><head><script type=\"module\" src=\"/assets/entry.js\"></script></head><body><div id=\"root\"></div></body></html>", page);
  EXPECT_NE(html.find("<script type=\"module\" src=\"/assets/entry.js\"></script>"), std::string::npos);
  EXPECT_NE(html.find("<div id=\"root\"></div>"), std::string::npos);
  EXPECT_EQ(html.find("requestAnimationFrame"), std::string::npos);
}

}  // namespace
}  // namespace portal::http
