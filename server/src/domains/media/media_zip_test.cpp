#include "domains/media/media_zip.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace portal::media {
namespace {

struct Entry {
  std::string name;
  std::string data;
  bool symlink = false;
  bool encrypted = false;
  std::uint32_t declared = 0xFFFFFFFE;  // the unpacked size said; default: data's size
};

void put16(std::string& out, std::uint32_t v) {
  out += static_cast<char>(v & 0xFF);
  out += static_cast<char>((v >> 8) & 0xFF);
}
void put32(std::string& out, std::uint32_t v) {
  put16(out, v & 0xFFFF);
  put16(out, v >> 16);
}

// A stored (uncompressed) zip as unzip would read it: local entries, the central directory, the end record.
std::string make_zip(const std::vector<Entry>& entries) {
  std::string out, dir;
  for (const auto& e : entries) {
    const auto offset = static_cast<std::uint32_t>(out.size());
    const auto size = static_cast<std::uint32_t>(e.data.size());
    const std::uint32_t said = e.declared == 0xFFFFFFFE ? size : e.declared;
    put32(out, 0x04034b50);
    put16(out, 20), put16(out, e.encrypted ? 1 : 0), put16(out, 0), put16(out, 0), put16(out, 0);
    put32(out, 0), put32(out, size), put32(out, said);
    put16(out, static_cast<std::uint32_t>(e.name.size())), put16(out, 0);
    out += e.name + e.data;
    put32(dir, 0x02014b50);
    put16(dir, (3u << 8) | 20), put16(dir, 20), put16(dir, e.encrypted ? 1 : 0), put16(dir, 0), put16(dir, 0),
        put16(dir, 0);
    put32(dir, 0), put32(dir, size), put32(dir, said);
    put16(dir, static_cast<std::uint32_t>(e.name.size())), put16(dir, 0), put16(dir, 0), put16(dir, 0), put16(dir, 0);
    put32(dir, (e.symlink ? 0120777u : 0100644u) << 16);
    put32(dir, offset);
    dir += e.name;
  }
  const auto dir_offset = static_cast<std::uint32_t>(out.size());
  out += dir;
  put32(out, 0x06054b50);
  put16(out, 0), put16(out, 0), put16(out, static_cast<std::uint32_t>(entries.size())),
      put16(out, static_cast<std::uint32_t>(entries.size()));
  put32(out, static_cast<std::uint32_t>(dir.size())), put32(out, dir_offset);
  put16(out, 0);
  return out;
}

ZipVerdict check(const std::string& zip, ZipLimits limits = {}) {
  return check_zip(zip, static_cast<std::int64_t>(zip.size()), limits);
}

TEST(MediaZip, AcceptsAGameWithItsIndexAtTheTop) {
  auto v = check(make_zip({{"index.html", "<!doctype html>"}, {"js/game.js", "let x = 1;"}}));
  ASSERT_TRUE(v.listing) << v.refusal;
  EXPECT_EQ(v.listing->names.size(), 2u);
  EXPECT_EQ(v.listing->bytes, 25);
}

TEST(MediaZip, RefusesEntriesThatEscapeTheirFolder) {
  for (const std::string name : {"../evil.html", "a/../../evil.html", "/etc/passwd", "a\\..\\b", "C:/x", ".."}) {
    auto v = check(make_zip({{"index.html", "x"}, {name, "y"}}));
    EXPECT_FALSE(v.listing) << name;
    EXPECT_NE(v.refusal.find("escapes"), std::string::npos) << name << ": " << v.refusal;
  }
  EXPECT_TRUE(safe_entry_name("a/b..c/d.js"));
  EXPECT_TRUE(safe_entry_name("dir/"));
}

TEST(MediaZip, RefusesSymbolicLinks) {
  auto v = check(make_zip({{"index.html", "x"}, {"link", "/etc/passwd", true}}));
  EXPECT_FALSE(v.listing);
  EXPECT_NE(v.refusal.find("symbolic link"), std::string::npos) << v.refusal;
}

TEST(MediaZip, RefusesTooManyFilesAndTooManyBytes) {
  std::vector<Entry> many{{"index.html", "x"}};
  for (int i = 0; i < 5; ++i) many.push_back({"f" + std::to_string(i), "y"});
  auto files = check(make_zip(many), ZipLimits{5, 1 << 20});
  EXPECT_FALSE(files.listing);
  EXPECT_NE(files.refusal.find("too many files"), std::string::npos) << files.refusal;

  // A bomb: a small entry that says it unpacks to 3 GB.
  auto bomb = check(make_zip({{"index.html", "x"}, {"big.bin", "z", false, false, 3000000000u}}));
  EXPECT_FALSE(bomb.listing);
  EXPECT_NE(bomb.refusal.find("too many bytes"), std::string::npos) << bomb.refusal;
}

TEST(MediaZip, RefusesEncryptedEntriesAndAMissingIndex) {
  auto locked = check(make_zip({{"index.html", "x", false, true}}));
  EXPECT_FALSE(locked.listing);
  EXPECT_NE(locked.refusal.find("encrypted"), std::string::npos);
  auto nested = check(make_zip({{"game/index.html", "x"}}));
  EXPECT_FALSE(nested.listing);
  EXPECT_NE(nested.refusal.find("index.html"), std::string::npos);
}

TEST(MediaZip, RefusesWhatIsNoZipOrATruncatedOne) {
  EXPECT_FALSE(check("this is not an archive at all, just words").listing);
  const auto zip = make_zip({{"index.html", "<!doctype html>"}});
  const auto cut = zip.substr(0, zip.size() - 30);  // the end record and part of the directory gone
  auto v = check(cut);
  EXPECT_FALSE(v.listing);
  EXPECT_NE(v.refusal.find("zip"), std::string::npos) << v.refusal;
  // The tail of a larger file: the directory is found by its offset in the whole file.
  const std::string big = std::string(1000, 'p') + zip;
  EXPECT_FALSE(check_zip(big.substr(900), static_cast<std::int64_t>(big.size()), {}).listing);  // offsets say 0
}

}  // namespace
}  // namespace portal::media
