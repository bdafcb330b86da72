// The security headers: transport headers on every answer, the page policy
// with its nonce and the origins a caller names, and the origin filter that
// keeps configuration from adding directives.
#include "http/security_headers.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

TEST(SecurityHeaders, NonceIsFreshAnd128Bits) {
  const std::string a = csp_nonce(), b = csp_nonce();
  EXPECT_EQ(a.size(), 32u);
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(a, b);
}

TEST(SecurityHeaders, NosniffAlwaysHstsOnlyOverTls) {
  Response plain;
  set_transport_headers(plain, false);
  EXPECT_EQ(plain["X-Content-Type-Options"], "nosniff");
  EXPECT_EQ(plain.find(bhttp::field::strict_transport_security), plain.end());
  Response tls;
  set_transport_headers(tls, true);
  EXPECT_EQ(tls[bhttp::field::strict_transport_security], "max-age=31536000");
}

TEST(SecurityHeaders, OriginsOnlyInTheirPlainForm) {
  EXPECT_EQ(csp_origin("https://API.example.com:8443/backend?x=1"), "https://api.example.com:8443");
  EXPECT_EQ(csp_origin("http://localhost/backend"), "http://localhost");
  EXPECT_EQ(csp_origin("/media/styles/vela.css"), "");
  EXPECT_EQ(csp_origin(""), "");
  EXPECT_EQ(csp_origin("javascript:alert(1)"), "");
  EXPECT_EQ(csp_origin("data:text/css,x"), "");
  EXPECT_EQ(csp_origin("https://x.example;script-src *"), "");
  EXPECT_EQ(csp_origin("https://x.example%3Bscript-src/"), "");
  EXPECT_EQ(csp_origin("https://[::1]:8080/"), "");
}

TEST(SecurityHeaders, PagePolicyIsStrictAndNamesOnlyWhatItIsGiven) {
  const std::string bare = page_policy("n0nce", {});
  EXPECT_EQ(bare,
            "default-src 'self'; script-src 'nonce-n0nce' 'strict-dynamic' 'self'; style-src 'self' 'nonce-n0nce'; "
            "img-src 'self' data: https:; media-src 'self' data: blob:; connect-src 'self'; frame-src 'self'; "
            "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'");
  const std::string other = page_policy("n", {{"https://api.example"}, {"https://cdn.example"}});
  EXPECT_NE(other.find("style-src 'self' 'nonce-n' https://cdn.example; font-src 'self' https://cdn.example;"),
            std::string::npos);
  EXPECT_NE(other.find("connect-src 'self' https://api.example;"), std::string::npos);
  EXPECT_NE(other.find("media-src 'self' data: blob: https://api.example;"), std::string::npos);
  EXPECT_EQ(other.find("unsafe"), std::string::npos);
}

TEST(SecurityHeaders, TrackingOriginsJoinScriptsAndConnectionsOnly) {
  PageSources sources;
  sources.tracking = {"https://www.googletagmanager.com"};
  const std::string p = page_policy("n", sources);
  EXPECT_NE(p.find("script-src 'nonce-n' 'strict-dynamic' 'self' https://www.googletagmanager.com;"), std::string::npos);
  EXPECT_NE(p.find("connect-src 'self' https://www.googletagmanager.com;"), std::string::npos);
  EXPECT_NE(p.find("media-src 'self' data: blob:;"), std::string::npos);
  EXPECT_EQ(p.find("style-src 'self' 'nonce-n' https"), std::string::npos);
}

TEST(SecurityHeaders, AdFramesJoinFrameSourcesOnly) {
  PageSources sources;
  sources.frames = {"https://googleads.g.doubleclick.net"};
  const std::string p = page_policy("n", sources);
  EXPECT_NE(p.find("frame-src 'self' https://googleads.g.doubleclick.net;"), std::string::npos) << p;
  EXPECT_NE(page_policy("n", {}).find("frame-src 'self';"), std::string::npos);
}

TEST(SecurityHeaders, HostedPolicyRunsNoScript) {
  EXPECT_EQ(hosted_policy("n", {"http://localhost:*"}, {}),
            "default-src 'none'; style-src 'self' 'nonce-n'; img-src 'self' data: https:; "
            "form-action 'self' http://localhost:*; frame-ancestors 'none'; base-uri 'none'");
  EXPECT_EQ(hosted_policy("", {}, {}).find("nonce"), std::string::npos);
}

TEST(SecurityHeaders, GamePolicySandboxesWithoutTheSameOrigin) {
  const std::string p = game_policy({"https://vela.example"});
  EXPECT_TRUE(p.starts_with("sandbox allow-scripts allow-pointer-lock; ")) << p;
  EXPECT_EQ(p.find("allow-same-origin"), std::string::npos);
  EXPECT_EQ(p.find("allow-popups"), std::string::npos);
  EXPECT_EQ(p.find("allow-top-navigation"), std::string::npos);
  EXPECT_EQ(p.find("allow-forms"), std::string::npos);
  EXPECT_NE(p.find("; connect-src 'none';"), std::string::npos);
  EXPECT_NE(p.find("; script-src 'self';"), std::string::npos);
  EXPECT_NE(p.find("; form-action 'none';"), std::string::npos);
  EXPECT_TRUE(p.ends_with("; frame-ancestors 'self' https://vela.example")) << p;
  EXPECT_EQ(p.find("unsafe"), std::string::npos);
}

}  // namespace
}  // namespace portal::http
