// The shared frame of the hosted pages: look from the tenant and the theme
// cookie, direction from the language, escaping, and the form token.
#include "domains/hosted/hosted_frame.hpp"

#include "domains/tenants/tenants_service.hpp"

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
  const Frame frame = frame_for(tenant(), "ar", {});
  const std::string html = document(frame, "main{}", "Sign <in>", "<p>body</p>", true);
  EXPECT_NE(html.find("<html lang=\"ar\" dir=\"rtl\" data-theme=\"dark\" class=\"dark\">"), std::string::npos);
  EXPECT_NE(html.find("<title>Sign &lt;in&gt; · Aurora &lt;Play&gt;</title>"), std::string::npos);
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  const std::string nonce = " nonce=\"" + frame.nonce + "\"";
  EXPECT_NE(html.find("<style id=\"tenant-colors\"" + nonce + ">"), std::string::npos);
  EXPECT_NE(html.find("<style" + nonce + ">" + std::string(kBaseStyle) + "main{}</style>"), std::string::npos);
  EXPECT_NE(html.find("<link rel=\"icon\" href=\"/logo.svg\">"), std::string::npos);
  EXPECT_NE(html.find("<main class=\"wide\"><div class=\"brand\"><img src=\"/logo.svg\" alt=\"\">"), std::string::npos);
  EXPECT_NE(html.find("<p>body</p></main>"), std::string::npos);
}

TEST(HostedFrame, AFreshNonceAndTheTenantsOriginsAsFormTargetsInThePolicy) {
  tenants::Tenant t = tenant();
  t.hosts = {"aurora.example", "bad host;script-src *"};
  t.backend = {{"allowedOrigins", {"http://localhost:5173/", "https://x.example; script-src *", "javascript:alert(1)"}}};
  t.custom_style = "https://cdn.example/aurora.css";
  t.settings = {{"images", {{"logo", "/logo.svg"}, {"icon", "/icon.png"}}}};
  // The exact origins a redirect may go to (http::return_origins), never a host on any port.
  const auto origins = tenants::tenant_origins(t, tenants::Reached{false, 8080, false});
  const Frame a = frame_for(t, "en", {}, origins);
  const Frame b = frame_for(t, "en", {}, origins);
  EXPECT_EQ(a.nonce.size(), 32u);
  EXPECT_NE(a.nonce, b.nonce);
  EXPECT_EQ(a.icon, "/icon.png");
  EXPECT_EQ(a.form_targets, (std::vector<std::string>{"http://localhost:5173", "http://aurora.example:8080"}));
  EXPECT_TRUE(frame_for(t, "en", {}).form_targets.empty());

  http::Request req{http::Verb::get, "/backend/login/aurora", 11};
  const http::RequestContext ctx{req, "r1", boost::urls::url_view("/backend/login/aurora"), {}, nullptr, std::nullopt, "", {}};
  const auto res = html_response(ctx, http::Status::ok, a, "<p>x</p>");
  EXPECT_EQ(res["Content-Security-Policy"],
            "default-src 'none'; style-src 'self' 'nonce-" + a.nonce +
                "' https://cdn.example; font-src 'self' https://cdn.example; img-src 'self' data: https:; "
                "form-action 'self' http://localhost:5173 http://aurora.example:8080; "
                "frame-ancestors 'none'; base-uri 'none'");
  EXPECT_EQ(res["Referrer-Policy"], "same-origin");
  EXPECT_EQ(res["X-Frame-Options"], "DENY");
}

TEST(HostedFrame, KeepsAWellFormedSessionAndReplacesOthers) {
  http::Cookies cookies;
  const std::string session(64, 'a');
  cookies.add(std::string(kCsrfCookie), session);
  EXPECT_EQ(form_token(cookies, "aurora").cookie, session);
  http::Cookies short_session;
  short_session.add(std::string(kCsrfCookie), "abc");
  const auto fresh = form_token(short_session, "aurora");
  EXPECT_EQ(fresh.cookie.size(), 64u);
  EXPECT_NE(fresh.cookie, form_token(short_session, "aurora").cookie);
}

TEST(HostedFrame, FormTokenIsSignedForItsSessionAndScope) {
  set_form_key("unit-test-form-key-0123456789");
  http::Cookies cookies;
  cookies.add(std::string(kCsrfCookie), std::string(64, 'b'));
  const auto token = form_token(cookies, "aurora");
  EXPECT_EQ(token.field.size(), 64u);
  EXPECT_NE(token.field, token.cookie);  // not a copy of the cookie
  EXPECT_EQ(token.field, form_token(cookies, "aurora").field);
  EXPECT_NE(token.field, form_token(cookies, "noor").field);  // bound to the scope
  http::Cookies other;
  other.add(std::string(kCsrfCookie), std::string(64, 'c'));
  EXPECT_NE(token.field, form_token(other, "aurora").field);  // bound to the session

  http::Request req{http::Verb::post, "/backend/login/aurora", 11};
  const http::RequestContext ctx{req, "r1", boost::urls::url_view("/backend/login/aurora"), {}, nullptr, std::nullopt, "", {}};
  EXPECT_TRUE(form_trusted(ctx, cookies, Form{{"csrf", token.field}}, "aurora", "http://localhost"));
  EXPECT_FALSE(form_trusted(ctx, cookies, Form{{"csrf", token.field}}, "noor", "http://localhost"));
  EXPECT_FALSE(form_trusted(ctx, cookies, Form{{"csrf", std::string(64, 'b')}}, "aurora", "http://localhost"));
  EXPECT_FALSE(form_trusted(ctx, other, Form{{"csrf", token.field}}, "aurora", "http://localhost"));
}

}  // namespace
}  // namespace portal::hosted
