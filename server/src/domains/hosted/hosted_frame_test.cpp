// The shared frame of the hosted pages: look from the tenant and the theme
// cookie, direction from the language, escaping, and the form token.
#include "domains/hosted/hosted_frame.hpp"

#include <gtest/gtest.h>

namespace portal::hosted {
namespace {

tenants::Tenant tenant() {
  tenants::Tenant t;
  t.name = "aurora";
  t.display_name = "Aurora <Play>";
  t.default_theme = "dark";
  t.colors = ":root{--color-bg:#000}</style><script>";
  t.settings = {{"images", {{"logo", "/logo.svg"}}}};
  return t;
}

TEST(HostedFrame, TakesTheTenantsLookAndTheThemeCookie) {
  http::Cookies none;
  const Frame ar = frame_for(tenant(), "ar", none);
  EXPECT_EQ(ar.dir, "rtl");
  EXPECT_EQ(ar.theme, "dark");
  EXPECT_EQ(ar.site, "Aurora <Play>");
  EXPECT_EQ(ar.logo, "/logo.svg");
  http::Cookies alternate;
  alternate.add("alternat_theme", "1");
  const Frame en = frame_for(tenant(), "en", alternate);
  EXPECT_EQ(en.dir, "ltr");
  EXPECT_EQ(en.theme, "light");
}

TEST(HostedFrame, EscapesAndKeepsTheTenantCssInsideItsStyle) {
  const std::string html = document(frame_for(tenant(), "ar", {}), "main{}", "Sign <in>", "<p>body</p>", true);
  EXPECT_NE(html.find("<html lang=\"ar\" dir=\"rtl\" data-theme=\"dark\" class=\"dark\">"), std::string::npos);
  EXPECT_NE(html.find("<title>Sign &lt;in&gt; · Aurora &lt;Play&gt;</title>"), std::string::npos);
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_NE(html.find(std::string("<style>") + std::string(kBaseStyle) + "main{}</style>"), std::string::npos);
  EXPECT_NE(html.find("<main class=\"wide\"><div class=\"brand\"><img src=\"/logo.svg\" alt=\"\">"), std::string::npos);
  EXPECT_NE(html.find("<p>body</p></main>"), std::string::npos);
}

TEST(HostedFrame, KeepsAWellFormedTokenAndReplacesOthers) {
  http::Cookies cookies;
  const std::string token(64, 'a');
  cookies.add(std::string(kCsrfCookie), token);
  EXPECT_EQ(csrf_token(cookies), token);
  http::Cookies short_token;
  short_token.add(std::string(kCsrfCookie), "abc");
  const std::string fresh = csrf_token(short_token);
  EXPECT_EQ(fresh.size(), 64u);
  EXPECT_NE(fresh, csrf_token(short_token));
}

}  // namespace
}  // namespace portal::hosted
