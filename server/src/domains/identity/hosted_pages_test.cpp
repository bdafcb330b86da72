#include "domains/identity/hosted_pages.hpp"

#include <gtest/gtest.h>

namespace portal::identity {
namespace {

TEST(HostedPages, EscapesEverythingAndNeverShowsThePassword) {
  PageFrame frame{"ar", "rtl", "dark", "<Site>", "/logo\".svg", ":root{--x:#fff}</style><script>", ""};
  FormPage page;
  page.action = "/backend/login/t?redirectUrl=\"><script>";
  page.csrf = "c";
  page.error = "<b>bad</b>";
  page.email = "\"><img src=x onerror=alert(1)>";
  const Texts t = [](std::string_view key) { return "<" + std::string(key) + ">"; };
  const std::string html = render_login(frame, page, t);
  EXPECT_NE(html.find("<html lang=\"ar\" dir=\"rtl\" data-theme=\"dark\" class=\"dark\">"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<img src=x"), std::string::npos);
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  EXPECT_NE(html.find("&lt;b&gt;bad&lt;/b&gt;"), std::string::npos);
  EXPECT_NE(html.find("role=\"alert\""), std::string::npos);
  EXPECT_NE(html.find("aria-invalid=\"true\""), std::string::npos);
  EXPECT_EQ(html.find("type=\"password\" autocomplete=\"current-password\" required value"), std::string::npos);
}

TEST(HostedPages, AConfirmationPagePostsItsTokenBackAndARegistrationNoticeHasNoForm) {
  PageFrame frame{"en", "ltr", "light", "Site", "", "", ""};
  FormPage page;
  page.action = "/backend/email/confirm/t?lang=en";
  page.csrf = "c";
  page.token = "\"><script>";
  const std::string html = render_confirm(frame, page, {"Title", "Intro", "Confirm"});
  EXPECT_NE(html.find("<form method=\"post\" action=\"/backend/email/confirm/t?lang=en\""), std::string::npos);
  EXPECT_NE(html.find("name=\"token\" value=\"&quot;&gt;&lt;script&gt;\""), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);

  const Texts t = [](std::string_view key) { return std::string(key); };
  FormPage sent;
  sent.notice = "Check <b>mail</b>";
  sent.login_url = "/backend/login/t";
  const std::string notice = render_register(frame, sent, t);
  EXPECT_EQ(notice.find("<form"), std::string::npos);
  EXPECT_NE(notice.find("role=\"status\">Check &lt;b&gt;mail&lt;/b&gt;"), std::string::npos);
}

}  // namespace
}  // namespace portal::identity
