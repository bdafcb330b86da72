// Look-alike app names (app_names.hpp): invisible characters, and the
// confusable key that the unique index apps.name_skeleton compares.
#include "domains/apps/app_names.hpp"

#include <gtest/gtest.h>

namespace portal::apps {
namespace {

TEST(AppNames, InvisibleAndFormatCharactersAreFound) {
  for (const char* name : {
           "Step\u200BCounter",       // zero-width space
           "Step\u200CCounter",       // zero-width non-joiner
           "Step\u200DCounter",       // zero-width joiner
           "Step\u2060Counter",       // word joiner
           "\uFEFFStep Counter",      // byte order mark
           "Step\u00ADCounter",       // soft hyphen
           "Step \u202EretnuoC",      // right-to-left override
           "Step\u2066Counter\u2069", // bidi isolate
           "Step\u3164Counter",       // Hangul filler (default ignorable, a letter by category)
           "Step\uFE0FCounter",       // variation selector
           "Step\u2028Counter",       // line separator
           "Step\uE000Counter",       // private use
           "Step\tCounter",           // control
           "Ste\u0301\u0301p",        // the same combining mark twice
       })
    EXPECT_TRUE(has_invisible_characters(name)) << name;
  for (const char* name : {"Step Counter", "Ünïcode Név", "عداد الخطوات", "Счётчик шагов", "步数计", "Cafe\u0301",
                           "Step\u00A0Counter"})
    EXPECT_FALSE(has_invisible_characters(name)) << name;
}

TEST(AppNames, LookAlikeNamesShareTheSkeleton) {
  const std::string key = name_skeleton("Step Counter");
  EXPECT_EQ(name_skeleton("Stеp Counter"), key);
  EXPECT_EQ(name_skeleton("Step Соunter"), key);
  EXPECT_EQ(name_skeleton("STEP COUNTER"), key);
  EXPECT_EQ(name_skeleton("step counter"), key);
  EXPECT_EQ(name_skeleton("Step \u200BCounter"), key);  // zero-width space dropped
  EXPECT_EQ(name_skeleton("Ｓｔｅｐ Ｃｏｕｎｔｅｒ"), key);  // full width (NFKC)
  EXPECT_EQ(name_skeleton("PayPaI"), name_skeleton("PayPal"));   // upper-case I for l
  EXPECT_EQ(name_skeleton("Pаypal"), name_skeleton("PayPal"));   // Cyrillic а and another case
  EXPECT_EQ(name_skeleton("Maіl"), name_skeleton("mail"));       // Cyrillic і
  EXPECT_EQ(name_skeleton("rnail"), name_skeleton("mail"));      // r n for m
  EXPECT_EQ(name_skeleton("C\u0327afe"), name_skeleton("Çafe"));  // canonical equivalents

  EXPECT_NE(name_skeleton("Step Counter 2"), key);
  EXPECT_NE(name_skeleton("Step Counters"), key);
  EXPECT_NE(name_skeleton("Sleep Counter"), key);
  EXPECT_NE(name_skeleton("عداد الخطوات"), name_skeleton("عداد الخطوة"));
  EXPECT_FALSE(name_skeleton("步数计").empty());
}

}  // namespace
}  // namespace portal::apps
