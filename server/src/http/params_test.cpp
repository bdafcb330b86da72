#include "http/params.hpp"

#include <gtest/gtest.h>

#include "http/error.hpp"

namespace portal::http {
namespace {

TEST(Params, AnIdIsPositiveDecimalDigitsOnly) {
  EXPECT_EQ(parse_id("1"), 1);
  EXPECT_EQ(parse_id("8505"), 8505);
  EXPECT_EQ(parse_id("007"), 7);
  EXPECT_EQ(parse_id("9223372036854775807"), INT64_MAX);
  for (std::string_view bad : {"", "0", "-5", "+5", " 5", "5 ", "5a", "0x10", "1e3", "1.0", "9223372036854775808",
                               "99999999999999999999", "smartlink"})
    EXPECT_FALSE(parse_id(bad)) << "'" << bad << "'";
}

TEST(Params, ACanonicalIdHasOneSpelling) {
  EXPECT_EQ(parse_canonical_id("1"), 1);
  EXPECT_EQ(parse_canonical_id("8505"), 8505);
  for (std::string_view bad : {"01", "007", "+1", " 1", "1 ", "1abc", "1.0", "0", "", "-1", "%31"})
    EXPECT_FALSE(parse_canonical_id(bad)) << "'" << bad << "'";
}

TEST(Params, TheThrowingFormsSayWhatIsMissing) {
  EXPECT_EQ(id_or_404("12", "ARTICLE_NOT_FOUND", "Article"), 12);
  try {
    id_or_404("abc", "ARTICLE_NOT_FOUND", "Article");
    FAIL();
  } catch (const http::ErrorException& e) {
    EXPECT_EQ(e.error.status, 404);
    EXPECT_EQ(e.error.code, "ARTICLE_NOT_FOUND");
    EXPECT_EQ(e.error.message, "Article 'abc' not found");
  }
  try {
    id_or_400("-1", "subsTypeId");
    FAIL();
  } catch (const http::ErrorException& e) {
    EXPECT_EQ(e.error.status, 400);
    EXPECT_EQ(e.error.code, "VALIDATION_ERROR");
    EXPECT_EQ(e.error.data.at("field").as_string(), "subsTypeId");
  }
}

}  // namespace
}  // namespace portal::http
