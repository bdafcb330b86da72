#include "http/cookies.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

TEST(Cookies, ParsesEveryCookieHeader) {
  Request req{Verb::get, "/", 11};
  req.insert(bhttp::field::cookie, "i18n_redirected=ar; alternat_theme=1");
  req.insert(bhttp::field::cookie, "other=x");
  auto cookies = parse_cookies(req);
  EXPECT_EQ(cookie(cookies, "i18n_redirected"), "ar");
  EXPECT_EQ(cookie(cookies, "alternat_theme"), "1");
  EXPECT_EQ(cookie(cookies, "other"), "x");
  EXPECT_EQ(cookie(cookies, "missing"), "");
}

TEST(Cookies, WritesSetCookieWithAttributes) {
  const auto header = set_cookie("user_token", "abc", {std::chrono::hours(24), "/", "Lax", true, true});
  EXPECT_NE(header.find("user_token=abc"), std::string::npos);
  EXPECT_NE(header.find("expires="), std::string::npos) << header;
  EXPECT_NE(header.find("HttpOnly"), std::string::npos);
  EXPECT_NE(header.find("secure"), std::string::npos);
  EXPECT_NE(header.find("SameSite=Lax"), std::string::npos);
}

}  // namespace
}  // namespace portal::http
