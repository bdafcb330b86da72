#include "core/text.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

TEST(Text, ReplacesEveryPlaceholderOnce) {
  EXPECT_EQ(replace_all("{{a}} and {{a}}", "{{a}}", "x"), "x and x");
  EXPECT_EQ(replace_all("{{a}}", "{{a}}", "{{a}}{{a}}"), "{{a}}{{a}}");  // the value is not read again
  EXPECT_EQ(replace_all("none", "{{a}}", "x"), "none");
  EXPECT_EQ(replace_all("keep", "", "x"), "keep");
}

TEST(Text, EscapesWhatHtmlReads) {
  EXPECT_EQ(escape_html(R"(<a href="x">Tom & 'Jerry'</a>)"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
  EXPECT_EQ(escape_html("موسيقى"), "موسيقى");
}

TEST(Text, LowersAsciiOnly) {
  EXPECT_EQ(lower("Ab-Z@Example.COM"), "ab-z@example.com");
  EXPECT_EQ(lower("\xC3\x84x"), "\xC3\x84x");  // Ä stays: bytes above ASCII are not letters here
  EXPECT_EQ(lower(""), "");
}

TEST(Text, UppersAsciiOnly) {
  EXPECT_EQ(upper("ab-z@example.Com 9"), "AB-Z@EXAMPLE.COM 9");
  EXPECT_EQ(upper("\xC3\xA4x"), "\xC3\xA4X");  // ä stays: bytes above ASCII are not letters here
  EXPECT_EQ(upper(""), "");
}

TEST(Text, ComparesAsciiCaseBlind) {
  EXPECT_TRUE(iequals("Content-Type", "content-TYPE"));
  EXPECT_TRUE(iequals("", ""));
  EXPECT_FALSE(iequals("abc", "abd"));
  EXPECT_FALSE(iequals("abc", "abcd"));
  EXPECT_FALSE(iequals("\xC3\x84", "\xC3\xA4"));  // Ä and ä differ: bytes above ASCII are compared as they are
  EXPECT_FALSE(iequals("@", "`"));                  // the neighbours of A-Z and a-z are not letters
}

TEST(Text, TrimsAsciiBlanksAtBothEnds) {
  EXPECT_EQ(trim("  a b\t\r\n"), "a b");
  EXPECT_EQ(trim(" \t "), "");
  EXPECT_EQ(trim("x"), "x");
}

}  // namespace
}  // namespace portal::core
