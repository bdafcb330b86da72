// Issue 72 item 10: the server writes money as the storefront does. The cases are the client's
// (web/src/lib/__tests__/money-format-cases.json, which its Vitest checks against formatPrice and Intl): the six
// languages, the demo currencies (EUR, SAR), whole and fractional amounts, grouping, no decimals, a negative one.
#include "core/money_format.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace portal::core {
namespace {

boost::json::array shared_cases() {
  const auto file = std::filesystem::path(PORTAL_SOURCE_DIR).parent_path() / "web/src/lib/__tests__/money-format-cases.json";
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return boost::json::parse(text.str()).as_object().at("cases").as_array();
}

TEST(FormatMoney, WritesEveryCaseAsTheStorefrontDoes) {
  const auto cases = shared_cases();
  ASSERT_GE(cases.size(), 12u);
  std::set<std::string> covered;
  for (const auto& c : cases) {
    const auto& o = c.as_object();
    const std::string lang(o.at("lang").as_string());
    const std::string currency(o.at("currency").as_string());
    const auto minor = o.at("minor").as_int64();
    const int decimals = static_cast<int>(o.at("decimals").as_int64());
    EXPECT_EQ(format_money(lang, minor, currency, decimals), std::string(o.at("text").as_string()))
        << lang << " " << currency << " " << minor << "/" << decimals;
    covered.insert(lang + " " + currency);
  }
  for (const char* lang : {"en", "ar", "de", "fr", "es", "ro"})
    for (const char* currency : {"EUR", "SAR"}) EXPECT_TRUE(covered.count(std::string(lang) + " " + currency)) << lang << currency;
}

TEST(FormatMoney, TheIssuesExamples) {
  // The Arabic hosted checkout said "0.99 EUR", receipts "٣٫٩٩ SAR".
  EXPECT_EQ(format_money("ar", 99, "EUR"), "\u200F\u0660\u066B\u0669\u0669\u00A0\u20AC");
  EXPECT_EQ(format_money("ar", 399, "SAR"), "\u200F\u0663\u066B\u0669\u0669\u00A0\u0631.\u0633.\u200F");
  EXPECT_EQ(format_money("en", 1299, "JPY", 0), "\u00A51,299");
  EXPECT_EQ(format_money("xx", 1299, "EUR"), "\u20AC12.99");  // not one of the six: English
  EXPECT_EQ(format_money("de", 1200, "TICKETS"), "12,00 TICKETS");  // no currency ICU knows: after the number
  EXPECT_EQ(number_locale("ar"), "ar-EG-u-nu-arab");
}

}  // namespace
}  // namespace portal::core
