#include "domains/identity/redirects.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

namespace portal::identity {
namespace {

tenants::Tenant aurora() {
  tenants::Tenant t;
  t.name = "aurora";
  t.hosts = {"localhost", "aurora.localhost"};
  t.backend = boost::json::parse(R"({"allowedOrigins":["https://aurora.example","http://partner.example:8443"]})").as_object();
  return t;
}

TEST(Redirects, CanonicalFormDropsCodeAndFragmentAndKeepsTheRest) {
  EXPECT_EQ(*canonical_redirect("HTTP://LocalHost:8080/Music?code=x&articleId=1&purchaseType=a&typeID=2&subTypeId=3#top"),
            "http://localhost:8080/Music?articleId=1&purchaseType=a&typeID=2&subTypeId=3");
  EXPECT_EQ(*canonical_redirect("http://localhost:8080"), "http://localhost:8080/");
  EXPECT_EQ(*canonical_redirect("http://localhost/x?code=1"), "http://localhost/x");
  for (const char* bad : {"", "/relative", "//evil.example/", "javascript:alert(1)", "data:text/html,x",
                          "ftp://localhost/", "http://user:pw@localhost/", "http:///nohost", "http://local host/"})
    EXPECT_FALSE(canonical_redirect(bad)) << bad;
}

TEST(Redirects, AllowedOriginsHostsAndTheRequestOrigin) {
  const auto t = aurora();
  const char* own = "http://backend.example:9000";
  for (const char* ok : {"http://localhost:8080/x", "http://localhost:5173/", "https://aurora.localhost/",
                         "https://aurora.example/p?q=1", "http://partner.example:8443/", "http://backend.example:9000/a"})
    EXPECT_TRUE(allowed_redirect(t, ok, own)) << ok;
  for (const char* bad : {"https://evil.example/", "http://localhost.evil.example/", "http://evil.example/?u=http://localhost/",
                          "http://partner.example/", "https://partner.example:8443/", "http://backend.example:9001/",
                          "http://vela.localhost/", "//localhost/", "http://localhost:8080.evil.example/",
                          "http://aurora.localhost:8080.evil.example/x", "http://localhost:80:80/", "http://localhost:99999/",
                          "http://localhost:8080@evil.example/", "http://localhost%2eevil.example/",
                          "http://localhost\\@evil.example/", "http://[::1].evil.example/", "http://localhost./"})
    EXPECT_FALSE(allowed_redirect(t, bad, own)) << bad;
}

TEST(Redirects, CodeIsAddedToTheQuery) {
  EXPECT_EQ(with_code("http://localhost/x?articleId=1", "abc"), "http://localhost/x?articleId=1&code=abc");
  EXPECT_EQ(with_code("http://localhost/", "abc"), "http://localhost/?code=abc");
  EXPECT_EQ(origin_of("HTTP://Localhost:8080/x"), "http://localhost:8080");
}

}  // namespace
}  // namespace portal::identity
