#include "core/csv.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

TEST(Csv, QuotesOnlyWhatNeedsIt) {
  EXPECT_EQ(csv_cell("plain text"), "plain text");
  EXPECT_EQ(csv_cell(""), "");
  EXPECT_EQ(csv_cell("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_cell("two\nlines"), "\"two\nlines\"");
}

TEST(Csv, DefusesWhatASpreadsheetWouldRun) {
  for (const char* formula : {"=cmd|' /C calc'!A0", "+1", "-1+2", "@SUM(A1)", "\tx", "\rx"})
    EXPECT_EQ(csv_cell(formula).substr(0, 2), "\"'") << formula;
  EXPECT_EQ(csv_cell("=cmd"), "\"'=cmd\"");
}

}  // namespace
}  // namespace portal::core
