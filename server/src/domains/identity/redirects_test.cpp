#include "domains/identity/redirects.hpp"

#include "domains/tenants/tenants_service.hpp"

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

TEST(Redirects, OnlyTheExactOriginsOfTheTenant) {
  const auto t = aurora();
  // The tenant's origins for a request that reached this server on port 8080
  // (http::return_origins), and the origin of the page itself.
  auto origins = tenants::tenant_origins(t, tenants::Reached{false, 8080, false});
  origins.push_back("http://backend.example:9000");
  for (const char* ok : {"http://localhost:8080/x", "http://aurora.localhost:8080/", "https://aurora.example/p?q=1",
                         "https://aurora.example:443/", "http://partner.example:8443/", "http://backend.example:9000/a",
                         "HTTP://LOCALHOST:8080/Music"})
    EXPECT_TRUE(allowed_redirect(ok, origins)) << ok;
  // Any other port of a tenant host was accepted before (localhost:1, issue 11).
  for (const char* bad : {"http://localhost:1/", "http://localhost:5173/", "http://localhost/", "https://aurora.localhost/",
                          "https://localhost:8080/", "http://aurora.localhost:8081/",
                          "https://evil.example/", "http://localhost.evil.example/", "http://evil.example/?u=http://localhost/",
                          "http://partner.example/", "https://partner.example:8443/", "http://backend.example:9001/",
                          "http://vela.localhost:8080/", "//localhost:8080/", "http://localhost:8080.evil.example/",
                          "http://aurora.localhost:8080.evil.example/x", "http://localhost:80:80/", "http://localhost:99999/",
                          "http://localhost:8080@evil.example/", "http://localhost%2eevil.example/",
                          "http://localhost\\@evil.example/", "http://[::1].evil.example/", "http://localhost./"})
    EXPECT_FALSE(allowed_redirect(bad, origins)) << bad;
  EXPECT_FALSE(allowed_redirect("http://localhost:8080/", {}));
}

TEST(Redirects, CodeIsAddedToTheQuery) {
  EXPECT_EQ(with_code("http://localhost/x?articleId=1", "abc"), "http://localhost/x?articleId=1&code=abc");
  EXPECT_EQ(with_code("http://localhost/", "abc"), "http://localhost/?code=abc");
  EXPECT_EQ(origin_of("HTTP://Localhost:8080/x"), "http://localhost:8080");
}

}  // namespace
}  // namespace portal::identity
