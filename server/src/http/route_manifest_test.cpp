#include "http/route_manifest.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

namespace portal::http {
namespace {

RouteManifest sample_manifest() {
  return RouteManifest::parse(boost::json::parse(R"({
    "languages":[{"code":"en","iso":"en-US","name":"English","dir":"ltr"},{"code":"ar","iso":"ar-EG","name":"العربية","dir":"rtl"}],
    "defaultLanguage":"en",
    "routes":[
      {"path":"/","name":"home","titleKey":"meta.home.title"},
      {"path":"/:name","name":"catch-all"},
      {"path":"/search","name":"search"},
      {"path":"/music/albums/:artist/:album","name":"album"},
      {"path":"/music/albums/category/:name","name":"album-category"},
      {"path":"/articles/:category?/:article","name":"article"},
      {"path":"/profile","name":"profile","protected":true}
    ]})"));
}

TEST(RouteManifest, MatchesPrefixedAndUnprefixed) {
  auto m = sample_manifest();
  EXPECT_EQ(m.match("/").route->name, "home");
  auto ar = m.match("/ar/");
  ASSERT_NE(ar.route, nullptr);
  EXPECT_EQ(ar.route->name, "home");
  EXPECT_EQ(ar.lang, "ar");
  EXPECT_EQ(m.match("/ar").route->name, "home");
  auto search = m.match("/ar/search");
  EXPECT_EQ(search.route->name, "search");
  EXPECT_EQ(search.unprefixed, "/search");
  EXPECT_TRUE(m.match("/profile").route->is_protected);
}

TEST(RouteManifest, MostSpecificWinsAndCatchAllIsOneSegment) {
  auto m = sample_manifest();
  EXPECT_EQ(m.match("/music/albums/category/rock").route->name, "album-category");
  EXPECT_EQ(m.match("/music/albums/queen/42").route->name, "album");
  EXPECT_EQ(m.match("/anything").route->name, "catch-all");
  EXPECT_EQ(m.match("/does/not/exist/here").route, nullptr);
}

TEST(RouteManifest, OptionalSegments) {
  auto m = sample_manifest();
  EXPECT_EQ(m.match("/articles/tech/42").route->name, "article");
  EXPECT_EQ(m.match("/articles/42").route->name, "article");
}

TEST(RouteManifest, TrailingSlashIsNotAPage) {
  auto m = sample_manifest();
  EXPECT_EQ(m.match("/search/").route, nullptr);
}

TEST(RouteManifest, ReadsEachRoutesModulesAndKeepsOnlyPathsOfThisOrigin) {
  auto m = RouteManifest::parse(boost::json::parse(R"({
    "languages":[{"code":"en","iso":"en-US","name":"English","dir":"ltr"}],
    "routes":[
      {"path":"/","name":"home","modules":["/assets/home-1.js","//evil.example/x.js","https://evil.example/y.js",7,"/assets/rail-2.js"]},
      {"path":"/search","name":"search"}
    ]})"));
  EXPECT_EQ(m.match("/").route->modules, (std::vector<std::string>{"/assets/home-1.js", "/assets/rail-2.js"}));
  EXPECT_TRUE(m.match("/search").route->modules.empty());
}

TEST(RouteManifest, FallbackKnowsTheLanguagesAndHome) {
  auto m = RouteManifest::fallback();
  EXPECT_EQ(m.languages().size(), 6u);
  EXPECT_EQ(m.language("ar")->dir, "rtl");
  EXPECT_NE(m.match("/de/").route, nullptr);
}

}  // namespace
}  // namespace portal::http
