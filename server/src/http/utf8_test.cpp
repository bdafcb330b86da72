#include "http/utf8.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

namespace portal::http {
namespace {

const std::string kFffd = "\xEF\xBF\xBD";

TEST(Utf8, ValidTextIsKept) {
  for (std::string_view ok : {"", "plain", "caf\xC3\xA9", "\xE2\x82\xAC 5", "\xF0\x9F\x8E\xB5", "\xD9\x86\xD9\x88\xD8\xB1"}) {
    EXPECT_TRUE(is_valid_utf8(ok)) << ok;
    EXPECT_EQ(valid_utf8(ok), ok);
  }
}

TEST(Utf8, IllFormedSequencesBecomeReplacementCharacters) {
  // The attack of the issue: /backend/catalog/articles/%FF%FE.
  EXPECT_FALSE(is_valid_utf8("\xFF\xFE"));
  EXPECT_EQ(valid_utf8("a\xFF\xFE" "b"), "a" + kFffd + kFffd + "b");
  // One U+FFFD per maximal subpart (Unicode §3.9, U+FFFD substitution).
  EXPECT_EQ(valid_utf8("\xE2\x82"), kFffd);                 // truncated three-byte sequence
  EXPECT_EQ(valid_utf8("\xE2\x82x"), kFffd + "x");
  EXPECT_EQ(valid_utf8("\xC0\xAF"), kFffd + kFffd);         // overlong
  EXPECT_EQ(valid_utf8("\xED\xA0\x80"), kFffd + kFffd + kFffd);  // a surrogate
  EXPECT_EQ(valid_utf8("\xF4\x90\x80\x80"), kFffd + kFffd + kFffd + kFffd);  // above U+10FFFF
  EXPECT_EQ(valid_utf8("\x80"), kFffd);                     // a lone continuation byte
  EXPECT_EQ(valid_utf8("\xF0\x9F\x8E"), kFffd);
  for (std::string_view fixed : {valid_utf8("\xFF"), valid_utf8("\xE2\x82"), valid_utf8("\xED\xA0\x80")})
    EXPECT_TRUE(is_valid_utf8(fixed));
}

TEST(Utf8, APrefixNeverCutsACharacter) {
  const std::string text = "ab\xC3\xA9" "c\xF0\x9F\x8E\xB5";  // a b é c 🎵
  EXPECT_EQ(utf8_prefix(text, 100), text);
  EXPECT_EQ(utf8_prefix(text, 3), "ab");
  EXPECT_EQ(utf8_prefix(text, 4), "ab\xC3\xA9");
  EXPECT_EQ(utf8_prefix(text, 7), "ab\xC3\xA9" "c");
  EXPECT_EQ(utf8_prefix(text, 9), text);
  EXPECT_EQ(utf8_prefix(text, 0), "");
}

TEST(Utf8, JsonValuesAreFixedInPlace) {
  boost::json::value v = {{"field", "a\xFF"}, {"list", {"ok", "\xFE"}}};
  v.as_object()["k\xFF"] = 1;
  make_valid_utf8(v);
  const std::string text = boost::json::serialize(v);
  EXPECT_TRUE(is_valid_utf8(text)) << text;
  EXPECT_EQ(v.at("field").as_string(), "a" + kFffd);
  EXPECT_EQ(v.at("list").at(1).as_string(), kFffd);
  EXPECT_TRUE(v.as_object().contains("k" + kFffd));
}

}  // namespace
}  // namespace portal::http
