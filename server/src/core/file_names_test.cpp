#include "core/file_names.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

TEST(FileNames, TitlesBecomeNamesSafeOnEveryOperatingSystem) {
  EXPECT_EQ(file_name("Neon Harbor - Midnight Drive", "mp3", "20001"), "Neon Harbor - Midnight Drive.mp3");
  // Path separators, the characters Windows refuses, and a colon (a chapter's "Chapter 1: Strangers").
  EXPECT_EQ(file_stem("AC/DC \\ Live | Best?"), "AC-DC - Live - Best");
  EXPECT_EQ(file_stem("Star Maps - Chapter 1: Strangers"), "Star Maps - Chapter 1 - Strangers");
  EXPECT_EQ(file_stem("\"Quoted\" <tag> *star*"), "Quoted tag star");
  // No leading dot (a hidden file), no trailing dot or space (Windows drops them), one space for a run.
  EXPECT_EQ(file_stem(" ..hidden  name... "), "hidden name");
  // Device names of Windows, in any case and before an extension.
  EXPECT_EQ(file_stem("con"), "_con");
  EXPECT_EQ(file_stem("LPT1.tar"), "_LPT1.tar");
  EXPECT_EQ(file_stem("Console"), "Console");
  // Controls, direction overrides (an RLO shows "3pm.exe" as "exe.mp3") and ill-formed UTF-8 go.
  EXPECT_EQ(file_stem("evil\xE2\x80\xAE" "3pm.exe"), "evil3pm.exe");
  EXPECT_EQ(file_stem("a\x01" "b\x7F" "c\xFF" "d\xC0\xAE" "e"), "abcde");
  // Arabic stays as it is.
  EXPECT_EQ(file_stem("قيادة منتصف الليل"), "قيادة منتصف الليل");
  // Nothing left: the fallback; no fallback either: "download".
  EXPECT_EQ(file_name("???", "mp3", "20001"), "20001.mp3");
  EXPECT_EQ(file_name("", "", ""), "download");
}

TEST(FileNames, ALongTitleIsCutBetweenCharacters) {
  std::string arabic;
  for (int i = 0; i < 100; ++i) arabic += "ب";  // two bytes each
  const auto stem = file_stem("x" + arabic, 120);
  EXPECT_LE(stem.size(), 120u);
  EXPECT_EQ(stem.size() % 2, 1u) << "the one-byte x and whole two-byte letters";
}

TEST(FileNames, Extensions) {
  EXPECT_EQ(file_extension("audio/20001.MP3"), "mp3");
  EXPECT_EQ(file_extension("games/lane-racer-4504/package.zip"), "zip");
  EXPECT_EQ(file_extension("audio/noext"), "");
  EXPECT_EQ(file_extension("audio/.hidden"), "");
  EXPECT_EQ(file_extension("a.b/c"), "");
  EXPECT_EQ(file_extension("x.m p3"), "");
}

TEST(FileNames, ContentDispositionCarriesTheUtf8NameAndAnAsciiFallback) {
  EXPECT_EQ(attachment_disposition("Neon Harbor - Midnight Drive.mp3", "20001.mp3"),
            "attachment; filename=\"Neon Harbor - Midnight Drive.mp3\"; "
            "filename*=UTF-8''Neon%20Harbor%20-%20Midnight%20Drive.mp3");
  // Arabic: no ASCII letter is left of the stem, so the fallback; filename* has every byte encoded.
  EXPECT_EQ(attachment_disposition("مطر.mp3", "20002.mp3"),
            "attachment; filename=\"20002.mp3\"; filename*=UTF-8''%D9%85%D8%B7%D8%B1.mp3");
  EXPECT_EQ(attachment_disposition("Neon Harbor - أفق النيون.zip", "2102.zip").substr(0, 44),
            "attachment; filename=\"Neon Harbor - _.zip\"; ");
  // A name partly Latin keeps its Latin part; % and ; never reach the quoted name.
  EXPECT_EQ(attachment_disposition("Horizon néon 100%; x.zip", "2102.zip"),
            "attachment; filename=\"Horizon n_on 100_ x.zip\"; filename*=UTF-8''Horizon%20n%C3%A9on%20100%25%3B%20x.zip");
}

}  // namespace
}  // namespace portal::core
