#include "core/links.hpp"

#include <gtest/gtest.h>

#include <string>

namespace portal::core {
namespace {

TEST(SafeLink, TakesHttpUrlsAndStorefrontPaths) {
  for (const char* ok : {"/", "/subscription", "/media/art/vela-logo.svg", "/search?q=a#top", "https://cdn.example.com/a.png",
                         "http://vela.localhost:8080/x", "https://192.0.2.1/", "https://[2001:db8::1]/x"})
    EXPECT_TRUE(safe_link(ok)) << ok;
}

TEST(SafeLink, RefusesSchemesOtherHostsAndWhatABrowserRewrites) {
  for (const char* bad : {"javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<script>", "vbscript:x",
                          "//evil.example", "/\\evil.example", "\\\\evil.example", "/\t/evil.example", "/\n/evil.example",
                          " /x", "/x y", "https://user@evil.example/", "https://evil.example:99999/",
                          "http://host:8080.evil.example/", "ftp://example.com/", "x", "relative/path", "/x\"onerror=",
                          "/x<script>", ""})
    EXPECT_FALSE(safe_link(bad)) << bad;
  EXPECT_FALSE(safe_link(std::string("/") + std::string(kMaxLinkLength, 'a')));
  EXPECT_FALSE(safe_link(std::string("/a\0b", 4)));
}

TEST(SafeColour, TakesHexKeywordsAndColourFunctions) {
  for (const char* ok : {"#fff", "#ffff", "#0f766e", "#0f766e80", "red", "transparent", "rgb(15 118 110)",
                         "rgba(15, 118, 110, 0.5)", "hsl(174deg 77% 26% / 50%)", "oklch(0.6 0.1 180)"})
    EXPECT_TRUE(safe_colour(ok)) << ok;
}

TEST(SafeColour, RefusesWhatReachesOutOfTheDeclaration) {
  for (const char* bad : {"url(//evil.example/x.png)", "expression(alert(1))", "var(--x)", "rgb(1,2,3);color:red",
                          "red;background:url(x)", "#ggg", "#12345", "rgb(url(x))", "rgb()", "rgb(1 2 3", "red blue",
                          "", "\"red\"", "rgb(1 2 3)}body{x:y"})
    EXPECT_FALSE(safe_colour(bad)) << bad;
}

}  // namespace
}  // namespace portal::core
