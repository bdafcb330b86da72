// The strict reading of an app's redirect address (redirect_uri.hpp): what an
// attacker probed (a port past 65535, "..%2f" that normalising made "/../"),
// and each rule with its reason; what is accepted and how it is stored.
#include "domains/apps/redirect_uri.hpp"

#include <gtest/gtest.h>

#include "domains/apps/apps_answers.hpp"

namespace portal::apps {
namespace {

std::string refusal(std::string_view uri) {
  auto r = redirect_uri(uri);
  if (r) return "accepted as " + *r;
  EXPECT_EQ(r.error().code, ErrorCode::invalid_field);
  EXPECT_EQ(r.error().field, "redirectUri") << uri;
  const http::Error wire = http_error(r.error());
  EXPECT_EQ(wire.status, 400);
  EXPECT_EQ(wire.code, "VALIDATION_ERROR");
  EXPECT_EQ(wire.data.as_object().at("field").as_string(), "redirectUri") << uri;
  return std::string(wire.data.as_object().at("reason").as_string());
}

TEST(RedirectUri, AcceptsHttpsAddressesAndStoresThemNormalised) {
  const std::pair<const char*, const char*> cases[] = {
      {"https://acme.example/callback", "https://acme.example/callback"},
      {"HTTPS://Acme.Example", "https://acme.example/"},
      {"https://acme.example:8443/cb?state=1&x=%20y", "https://acme.example:8443/cb?state=1&x=%20y"},
      {"https://acme.example:1/", "https://acme.example:1/"},
      {"https://acme.example:65535/", "https://acme.example:65535/"},
      {"https://xn--bcher-kva.example/a%7Eb", "https://xn--bcher-kva.example/a~b"},
      {"https://127.0.0.1/cb", "https://127.0.0.1/cb"},
      {"https://[::1]:8443/cb", "https://[::1]:8443/cb"},
      {"https://acme.example/v1.2/file.name", "https://acme.example/v1.2/file.name"},
      {"https://acme.example/a%20b/", "https://acme.example/a%20b/"},
  };
  for (const auto& [in, stored] : cases) {
    auto r = redirect_uri(in);
    ASSERT_TRUE(r) << in << ": " << r.error().message;
    EXPECT_EQ(*r, stored) << in;
  }
}

TEST(RedirectUri, RefusesWhatTheProbeSent) {
  EXPECT_EQ(refusal("https://probe.example:99999/"), "must have a port from 1 to 65535");
  EXPECT_EQ(refusal("https://evil.example/..%2f"), "must not contain encoded slashes, backslashes or dots in its path");
}

TEST(RedirectUri, RefusesPortsOutsideOneTo65535) {
  for (const char* uri : {"https://a.example:0/", "https://a.example:65536/", "https://a.example:/",
                          "https://a.example:123456/", "https://a.example:99999999999999999999/"})
    EXPECT_EQ(refusal(uri), "must have a port from 1 to 65535") << uri;
  EXPECT_NE(refusal("https://a.example:0443x/").find("accepted"), 0u);
  // Boost.URL reads "8080.evil.example" as a port and a path; a browser as a host.
  EXPECT_NE(refusal("https://acme.example:8080.evil.example/").find("accepted"), 0u);
}

TEST(RedirectUri, RefusesDotSegmentsAndEncodedSeparators) {
  const std::string dots = "must not contain . or .. segments in its path";
  const std::string encoded = "must not contain encoded slashes, backslashes or dots in its path";
  EXPECT_EQ(refusal("https://a.example/../x"), dots);
  EXPECT_EQ(refusal("https://a.example/a/./b"), dots);
  EXPECT_EQ(refusal("https://a.example/a/.."), dots);
  for (const char* uri : {"https://a.example/%2e%2e/x", "https://a.example/%2E./x", "https://a.example/a%2fb",
                          "https://a.example/a%2Fb", "https://a.example/a%5cb", "https://a.example/..%5c",
                          "https://a.example/a%2eb", "https://a.example/%252e%252e/x", "https://a.example/a%252fb"})
    EXPECT_EQ(refusal(uri), encoded) << uri;
}

TEST(RedirectUri, RefusesControlCharactersSpacesAndRawNonAscii) {
  for (const char* uri : {"https://a.example/a%00b", "https://a.example/a%0Ab", "https://a.example/cb?x=%0d%0a",
                          "https://a.example/a%7f"})
    EXPECT_EQ(refusal(uri), "must not contain control characters") << uri;
  for (std::string uri : {std::string("https://a.example/a b"), std::string("https://a.example/\x01"),
                          std::string("https://a.example/caf\xc3\xa9"), std::string(" https://a.example/")})
    EXPECT_EQ(refusal(uri), "must not contain spaces, control characters or unencoded non-ASCII characters") << uri;
}

TEST(RedirectUri, RefusesOtherSchemesHostsUserInfoAndFragments) {
  EXPECT_EQ(refusal(""), "is required");
  EXPECT_EQ(refusal("https://a.example/" + std::string(300, 'x')), "must be at most 300 characters");
  EXPECT_EQ(refusal("acme.example/cb"), "must be an absolute URL");
  EXPECT_EQ(refusal("https://a.example/a\\b"), "must be an absolute URL");
  for (const char* uri : {"http://a.example/", "javascript:alert(1)", "data:text/html,x", "ftp://a.example/"})
    EXPECT_EQ(refusal(uri), "must use https") << uri;
  EXPECT_EQ(refusal("https:///cb"), "must name a host");
  EXPECT_EQ(refusal("https:cb"), "must name a host");
  EXPECT_EQ(refusal("https://u:p@a.example/"), "must not contain a user name or password");
  EXPECT_EQ(refusal("https://@a.example/"), "must not contain a user name or password");
  for (const char* uri : {"https://a..example/", "https://a.example./", "https://-a.example/x%", "https://a_b.example/",
                          "https://%61.example/", "https://[v1.x]/", "https://a.example%2f.evil/"})
    EXPECT_NE(refusal(uri).find("accepted"), 0u) << uri;
  EXPECT_EQ(refusal("https://a_b.example/"), "must name a host of DNS labels or an IP address");
  EXPECT_EQ(refusal("https://a.example/cb#x"), "must not contain a fragment (#)");
  EXPECT_EQ(refusal("https://a.example/cb#"), "must not contain a fragment (#)");
}

}  // namespace
}  // namespace portal::apps
