#include "domains/media/media_zip.hpp"

#include <gtest/gtest.h>
#include <zip.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "db/test_database.hpp"
#include "domains/media/media_work.hpp"

namespace portal::media {
namespace {

namespace fs = std::filesystem;

struct Entry {
  std::string name;
  std::string data;
  bool symlink = false;
  bool encrypted = false;
  std::uint32_t declared = 0xFFFFFFFE;  // the unpacked size said; default: data's size
  std::string extra = {};               // extra fields (local and central)
};

void put16(std::string& out, std::uint32_t v) {
  out += static_cast<char>(v & 0xFF);
  out += static_cast<char>((v >> 8) & 0xFF);
}
void put32(std::string& out, std::uint32_t v) {
  put16(out, v & 0xFFFF);
  put16(out, v >> 16);
}
std::uint32_t crc_of(std::string_view s) {
  return static_cast<std::uint32_t>(
      crc32(crc32(0, nullptr, 0), reinterpret_cast<const Bytef*>(s.data()), static_cast<uInt>(s.size())));
}

// A stored (uncompressed) zip as an archiver would write it: local entries, the central directory, the end record.
std::string make_zip(const std::vector<Entry>& entries) {
  std::string out, dir;
  for (const auto& e : entries) {
    const auto offset = static_cast<std::uint32_t>(out.size());
    const auto size = static_cast<std::uint32_t>(e.data.size());
    const std::uint32_t said = e.declared == 0xFFFFFFFE ? size : e.declared;
    const std::uint32_t crc = crc_of(e.data);
    put32(out, 0x04034b50);
    put16(out, 20), put16(out, e.encrypted ? 1 : 0), put16(out, 0), put16(out, 0), put16(out, 0);
    put32(out, crc), put32(out, size), put32(out, said);
    put16(out, static_cast<std::uint32_t>(e.name.size())), put16(out, static_cast<std::uint32_t>(e.extra.size()));
    out += e.name + e.extra + e.data;
    put32(dir, 0x02014b50);
    put16(dir, (3u << 8) | 20), put16(dir, 20), put16(dir, e.encrypted ? 1 : 0), put16(dir, 0), put16(dir, 0),
        put16(dir, 0);
    put32(dir, crc), put32(dir, size), put32(dir, said);
    put16(dir, static_cast<std::uint32_t>(e.name.size())), put16(dir, static_cast<std::uint32_t>(e.extra.size())),
        put16(dir, 0), put16(dir, 0), put16(dir, 0);
    put32(dir, (e.symlink ? 0120777u : 0100644u) << 16);
    put32(dir, offset);
    dir += e.name + e.extra;
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

// Info-ZIP's Unicode Path extra field (0x7075): the name unzip writes instead of the header's.
std::string unicode_path(std::string_view header_name, std::string_view name) {
  std::string field;
  put16(field, 0x7075);
  put16(field, static_cast<std::uint32_t>(5 + name.size()));
  field += '\1';
  put32(field, crc_of(header_name));
  field += name;
  return field;
}

std::int64_t bytes_under(const fs::path& dir) {
  std::int64_t total = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) total += static_cast<std::int64_t>(e.file_size());
  return total;
}

class MediaZip : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("media-zip");
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "out");
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  ZipVerdict unpack(const std::string& zip, ZipLimits limits = {}) {
    {
      std::ofstream(dir_ / "game.zip", std::ios::binary) << zip;
    }
    return unpack_zip(dir_ / "game.zip", dir_ / "out", limits);
  }
  fs::path out() const { return dir_ / "out"; }
  fs::path dir_;
};

TEST_F(MediaZip, UnpacksAGameWithItsIndexAtTheTop) {
  auto v = unpack(make_zip({{"index.html", "<!doctype html>"}, {"js/", ""}, {"js/game.js", "let x = 1;"}}));
  ASSERT_TRUE(v.listing) << v.refusal;
  EXPECT_EQ(v.listing->names, (std::vector<std::string>{"index.html", "js/game.js"}));
  EXPECT_EQ(v.listing->bytes, 25);
  EXPECT_EQ(bytes_under(out()), 25);
  EXPECT_TRUE(fs::is_regular_file(out() / "js" / "game.js"));
}

TEST_F(MediaZip, AnIngestedGameKeepsItsArchiveAsTheDownloadPackage) {
  // Issue 47 item 4: a download of the game is its whole package, not its entry page.
  const std::string zip = make_zip({{"index.html", "<!doctype html>"}, {"game.js", "let x = 1;"}});
  std::ofstream(dir_ / "upload.zip", std::ios::binary) << zip;
  fs::create_directories(out());
  auto r = run_work(Kind::game, Purpose::cover, dir_ / "upload.zip", out(), Limits{}, nullptr);
  ASSERT_TRUE(r.output) << r.refusal;
  EXPECT_EQ(r.output->media, "index.html");
  // Packed anew from the files written: exactly the checked names, each with its bytes.
  int error = 0;
  zip_t* package = zip_open((out() / "package.zip").c_str(), ZIP_RDONLY, &error);
  ASSERT_NE(package, nullptr);
  ASSERT_EQ(zip_get_num_entries(package, 0), 2);
  EXPECT_STREQ(zip_get_name(package, 0, 0), "index.html");
  EXPECT_STREQ(zip_get_name(package, 1, 0), "game.js");
  zip_stat_t st;
  ASSERT_EQ(zip_stat_index(package, 1, 0, &st), 0);
  EXPECT_EQ(st.size, 10u);
  zip_discard(package);
  EXPECT_FALSE(fs::exists(out() / "package.zip.part"));
}

TEST_F(MediaZip, RefusesEntriesThatEscapeTheirFolder) {
  for (const std::string name : {"../evil.html", "a/../../evil.html", "/etc/passwd", "a\\..\\b", "C:/x", ".."}) {
    auto v = unpack(make_zip({{"index.html", "x"}, {name, "y"}}));
    EXPECT_FALSE(v.listing) << name;
    EXPECT_NE(v.refusal.find("escapes"), std::string::npos) << name << ": " << v.refusal;
    EXPECT_TRUE(fs::is_empty(out())) << name << ": nothing is written for a refused name";
  }
  EXPECT_FALSE(fs::exists(dir_ / "evil.html"));
  EXPECT_TRUE(safe_entry_name("a/b..c/d.js"));
  EXPECT_TRUE(safe_entry_name("dir/"));
}

TEST_F(MediaZip, RefusesSymbolicLinks) {
  auto v = unpack(make_zip({{"index.html", "x"}, {"link", "/etc/passwd", true}}));
  EXPECT_FALSE(v.listing);
  EXPECT_NE(v.refusal.find("symbolic link"), std::string::npos) << v.refusal;
}

TEST_F(MediaZip, RefusesTooManyFilesAndTooManyDeclaredBytes) {
  std::vector<Entry> many{{"index.html", "x"}};
  for (int i = 0; i < 5; ++i) many.push_back({"f" + std::to_string(i), "y"});
  auto files = unpack(make_zip(many), ZipLimits{5, 1 << 20});
  EXPECT_FALSE(files.listing);
  EXPECT_NE(files.refusal.find("too many files"), std::string::npos) << files.refusal;

  // A small entry whose directory says it unpacks to 3 GB.
  auto said = unpack(make_zip({{"index.html", "x"}, {"big.bin", "z", false, false, 3000000000u}}));
  EXPECT_FALSE(said.listing);
  EXPECT_NE(said.refusal.find("too many bytes"), std::string::npos) << said.refusal;
  EXPECT_TRUE(fs::is_empty(out()));
}

// A deflated archive of `size` zero bytes whose directory (and local header) say `said`.
std::string deflated_bomb(std::size_t size, std::uint32_t said) {
  const std::string zeros(size, '\0');
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* mem = zip_source_buffer_create(nullptr, 0, 0, &error);
  zip_source_keep(mem);
  zip_t* za = zip_open_from_source(mem, ZIP_TRUNCATE, &error);
  zip_file_add(za, "index.html", zip_source_buffer(za, "<!doctype html>", 15, 0), 0);
  const auto big = zip_file_add(za, "data.bin", zip_source_buffer(za, zeros.data(), zeros.size(), 0), 0);
  zip_set_file_compression(za, static_cast<zip_uint64_t>(big), ZIP_CM_DEFLATE, 9);
  zip_close(za);
  zip_source_open(mem);
  zip_stat_t st;
  zip_source_stat(mem, &st);
  std::string bytes(st.size, '\0');
  zip_source_read(mem, bytes.data(), st.size);
  zip_source_close(mem);
  zip_source_free(mem);
  // The uncompressed size of data.bin, in its local header and its directory entry.
  std::string size_field;
  put32(size_field, static_cast<std::uint32_t>(size));
  std::string lie;
  put32(lie, said);
  for (std::size_t at = 0; (at = bytes.find("data.bin", at)) != std::string::npos; at += 8) {
    if (bytes.compare(at - 30, 4, "PK\3\4") == 0) bytes.replace(at - 30 + 22, 4, lie);
    if (at >= 46 && bytes.compare(at - 46, 4, "PK\1\2") == 0) bytes.replace(at - 46 + 24, 4, lie);
  }
  return bytes;
}

TEST_F(MediaZip, ABombIsStoppedByTheBytesWrittenNotTheDirectory) {
  // The directory says 1,000 bytes; the entry inflates to 4 MiB: never more than 1,000 of them are written.
  auto bomb = unpack(deflated_bomb(4 << 20, 1000), ZipLimits{100, 1 << 20});
  EXPECT_FALSE(bomb.listing);
  EXPECT_NE(bomb.refusal.find("more than the archive's directory says"), std::string::npos) << bomb.refusal;
  EXPECT_LE(bytes_under(out()), 1000 + 15);
}

TEST_F(MediaZip, AnHonestArchiveOverTheLimitIsRefusedBeforeItIsWritten) {
  auto big = unpack(deflated_bomb(4 << 20, 4 << 20), ZipLimits{100, 1 << 20});
  EXPECT_FALSE(big.listing);
  EXPECT_NE(big.refusal.find("too many bytes"), std::string::npos) << big.refusal;
  EXPECT_LE(bytes_under(out()), 1 << 20);
  // Under a limit it fits, it unpacks whole.
  fs::remove_all(out());
  fs::create_directories(out());
  auto fits = unpack(deflated_bomb(1 << 20, 1 << 20), ZipLimits{100, 2 << 20});
  ASSERT_TRUE(fits.listing) << fits.refusal;
  EXPECT_EQ(fits.listing->bytes, (1 << 20) + 15);
}

TEST_F(MediaZip, TheNameCheckedIsTheNameWritten) {
  // The header says safe.html; a Unicode-path extra field names another file (unzip wrote that one).
  const auto v = unpack(make_zip({{"index.html", "x"},
                                  {"safe.html", "y", false, false, 0xFFFFFFFE, unicode_path("safe.html", "unicode-pwn.html")}}));
  ASSERT_TRUE(v.listing) << v.refusal;
  std::vector<std::string> on_disk;
  for (const auto& e : fs::recursive_directory_iterator(out()))
    if (e.is_regular_file()) on_disk.push_back(fs::relative(e.path(), out()).string());
  std::sort(on_disk.begin(), on_disk.end());
  auto listed = v.listing->names;
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(on_disk, listed);
  // And one that escapes through the extra field is refused or kept inside, never written outside.
  fs::remove_all(out());
  fs::create_directories(out());
  const auto escape = unpack(make_zip(
      {{"index.html", "x"}, {"safe.html", "y", false, false, 0xFFFFFFFE, unicode_path("safe.html", "../pwn.html")}}));
  EXPECT_FALSE(fs::exists(dir_ / "pwn.html"));
  if (escape.listing)
    for (const auto& name : escape.listing->names) EXPECT_TRUE(safe_entry_name(name)) << name;
}

TEST_F(MediaZip, RefusesEncryptedEntriesDuplicatesAndAMissingIndex) {
  auto locked = unpack(make_zip({{"index.html", "x", false, true}}));
  EXPECT_FALSE(locked.listing);
  EXPECT_NE(locked.refusal.find("encrypted"), std::string::npos) << locked.refusal;
  auto twice = unpack(make_zip({{"index.html", "x"}, {"index.html", "y"}}));
  EXPECT_FALSE(twice.listing);
  fs::remove_all(out());
  fs::create_directories(out());
  auto nested = unpack(make_zip({{"game/index.html", "x"}}));
  EXPECT_FALSE(nested.listing);
  EXPECT_NE(nested.refusal.find("index.html"), std::string::npos);
}

TEST_F(MediaZip, RefusesWhatIsNoZipOrATruncatedOne) {
  auto words = unpack("this is not an archive at all, just words");
  EXPECT_FALSE(words.listing);
  EXPECT_NE(words.refusal.find("zip"), std::string::npos) << words.refusal;
  const auto zip = make_zip({{"index.html", "<!doctype html>"}});
  auto cut = unpack(zip.substr(0, zip.size() - 30));  // the end record and part of the directory gone
  EXPECT_FALSE(cut.listing);
  EXPECT_NE(cut.refusal.find("zip"), std::string::npos) << cut.refusal;
}

TEST_F(MediaZip, RefusesNamesThatAreNotUtf8TextBeforeWritingAnything) {
  // Issue 71 item 11: a\r\nb.html and overlong dots were published. Each is refused with the reason, nothing written.
  for (const auto& name : {std::string("a\r\nb.html"), std::string("\xC0\xAE\xC0\xAE/x.html"),
                                 std::string("a\x80" "b.html"), std::string("\xED\xA0\x80.html"),
                                 std::string("\xC2\x85next.html"), std::string("del\x7F.html"),
                                 std::string("\xF4\x90\x80\x80.html"), std::string("cut\xE2\x82"),
                                 std::string("tab\there.html"), std::string("\xE0\x80\xAE.html")}) {
    auto v = unpack(make_zip({{"index.html", "x"}, {name, "y"}}));
    EXPECT_FALSE(v.listing) << name;
    EXPECT_NE(v.refusal.find("not UTF-8 text"), std::string::npos) << v.refusal;
    EXPECT_EQ(v.refusal.find_first_of("\r\n\x7F"), std::string::npos) << "the reason shows the bytes escaped";
    EXPECT_TRUE(fs::is_empty(out())) << v.refusal;
  }
  EXPECT_NE(unpack(make_zip({{"index.html", "x"}, {"a\r\nb.html", "y"}})).refusal.find("a\\x0D\\x0Ab.html"),
            std::string::npos);
  // UTF-8 text of every length is a name like any other.
  auto fine = unpack(make_zip({{"index.html", "x"}, {"caf\xC3\xA9.html", "y"}, {"\xE6\x97\xA5\xE6\x9C\xAC/a.js", "z"},
                               {"\xF0\x9F\x8E\xAE.png", "w"}}));
  ASSERT_TRUE(fine.listing) << fine.refusal;
  EXPECT_EQ(fine.listing->names.size(), 4u);

  EXPECT_TRUE(text_entry_name("js/game.js"));
  EXPECT_TRUE(text_entry_name("\xEF\xBF\xBD"));           // U+FFFD
  EXPECT_TRUE(text_entry_name("\xF4\x8F\xBF\xBF"));       // U+10FFFF
  EXPECT_TRUE(text_entry_name("\xC2\xA0"));               // U+00A0, past C1
  EXPECT_FALSE(text_entry_name("\xC1\xAE"));              // overlong "."
  EXPECT_FALSE(text_entry_name("\xF0\x80\x80\xAE"));      // overlong "." in four bytes
  EXPECT_FALSE(text_entry_name("\xED\xBF\xBF"));          // a low surrogate
  EXPECT_FALSE(text_entry_name("\xC2\x9F"));              // C1
  EXPECT_FALSE(text_entry_name("\xBF"));                  // a lone continuation byte
  EXPECT_FALSE(text_entry_name("\xF8\x88\x80\x80\x80"));  // five bytes
  EXPECT_FALSE(text_entry_name(std::string_view("a\0b", 3)));
}

// Two stored entries the second of which lies inside the first's data: its local header and bytes are the first's
// too (the "quoted" overlap of David Fifield's zip bomb). Each local header names its own entry.
std::string quoted_overlap_zip() {
  std::string inner;  // b.bin's local header and data, which index.html's data holds
  const std::string b_data = "hello";
  put32(inner, 0x04034b50);
  put16(inner, 20), put16(inner, 0), put16(inner, 0), put16(inner, 0), put16(inner, 0);
  put32(inner, crc_of(b_data)), put32(inner, 5), put32(inner, 5);
  put16(inner, 5), put16(inner, 0);
  inner += "b.bin" + b_data;
  std::string out, dir;
  const std::string a_name = "index.html";
  put32(out, 0x04034b50);
  put16(out, 20), put16(out, 0), put16(out, 0), put16(out, 0), put16(out, 0);
  put32(out, crc_of(inner)), put32(out, static_cast<std::uint32_t>(inner.size())),
      put32(out, static_cast<std::uint32_t>(inner.size()));
  put16(out, static_cast<std::uint32_t>(a_name.size())), put16(out, 0);
  out += a_name;
  const auto b_offset = static_cast<std::uint32_t>(out.size());
  out += inner;
  const auto central = [&](const std::string& name, const std::string& data, std::uint32_t offset) {
    put32(dir, 0x02014b50);
    put16(dir, (3u << 8) | 20), put16(dir, 20), put16(dir, 0), put16(dir, 0), put16(dir, 0), put16(dir, 0);
    put32(dir, crc_of(data)), put32(dir, static_cast<std::uint32_t>(data.size())),
        put32(dir, static_cast<std::uint32_t>(data.size()));
    put16(dir, static_cast<std::uint32_t>(name.size())), put16(dir, 0), put16(dir, 0), put16(dir, 0), put16(dir, 0);
    put32(dir, 0100644u << 16);
    put32(dir, offset);
    dir += name;
  };
  central(a_name, inner, 0);
  central("b.bin", b_data, b_offset);
  const auto dir_offset = static_cast<std::uint32_t>(out.size());
  out += dir;
  put32(out, 0x06054b50);
  put16(out, 0), put16(out, 0), put16(out, 2), put16(out, 2);
  put32(out, static_cast<std::uint32_t>(dir.size())), put32(out, dir_offset);
  put16(out, 0);
  return out;
}

// The overlap_1999.zip in small: one local header with a deflated block of `size` zero bytes, and `count`
// directory entries (index.html, then f1.bin, f2.bin, ...) that all point at it, each unpacking to the block.
std::string full_overlap_zip(int count, std::size_t size) {
  const std::string zeros(size, '\0');
  std::string deflated(compressBound(static_cast<uLong>(size)) + 64, '\0');
  z_stream z{};
  deflateInit2(&z, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY);  // raw deflate, as in a zip
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(zeros.data()));
  z.avail_in = static_cast<uInt>(zeros.size());
  z.next_out = reinterpret_cast<Bytef*>(deflated.data());
  z.avail_out = static_cast<uInt>(deflated.size());
  deflate(&z, Z_FINISH);
  deflated.resize(z.total_out);
  deflateEnd(&z);
  const std::uint32_t crc = crc_of(zeros);
  std::string out, dir;
  put32(out, 0x04034b50);
  put16(out, 20), put16(out, 0), put16(out, 8), put16(out, 0), put16(out, 0);
  put32(out, crc), put32(out, static_cast<std::uint32_t>(deflated.size())), put32(out, static_cast<std::uint32_t>(size));
  put16(out, 10), put16(out, 0);
  out += "index.html" + deflated;
  for (int i = 0; i < count; ++i) {
    const std::string name = i == 0 ? "index.html" : "f" + std::to_string(i) + ".bin";
    put32(dir, 0x02014b50);
    put16(dir, (3u << 8) | 20), put16(dir, 20), put16(dir, 0), put16(dir, 8), put16(dir, 0), put16(dir, 0);
    put32(dir, crc), put32(dir, static_cast<std::uint32_t>(deflated.size())), put32(dir, static_cast<std::uint32_t>(size));
    put16(dir, static_cast<std::uint32_t>(name.size())), put16(dir, 0), put16(dir, 0), put16(dir, 0), put16(dir, 0);
    put32(dir, 0100644u << 16);
    put32(dir, 0);
    dir += name;
  }
  const auto dir_offset = static_cast<std::uint32_t>(out.size());
  out += dir;
  put32(out, 0x06054b50);
  put16(out, 0), put16(out, 0), put16(out, static_cast<std::uint32_t>(count)), put16(out, static_cast<std::uint32_t>(count));
  put32(out, static_cast<std::uint32_t>(dir.size())), put32(out, dir_offset);
  put16(out, 0);
  return out;
}

TEST_F(MediaZip, RefusesEntriesThatShareDataBeforeWritingAnything) {
  // Issue 71 item 4: 1,999 entries sharing one deflated block wrote 298 MB from 110 KB. Here 20 entries of 1 MiB
  // each from one block: within the limits (2,000 files, 300 MiB), so only the overlap refuses it.
  const auto bomb = full_overlap_zip(20, 1 << 20);
  EXPECT_LT(bomb.size(), 4096u);
  auto full = unpack(bomb);
  EXPECT_FALSE(full.listing);
  EXPECT_NE(full.refusal.find("share data"), std::string::npos) << full.refusal;
  EXPECT_TRUE(fs::is_empty(out())) << "nothing is written";

  auto quoted = unpack(quoted_overlap_zip());
  EXPECT_FALSE(quoted.listing);
  EXPECT_EQ(quoted.refusal, "the archive's entries share data: index.html and b.bin overlap (an overlapping zip bomb)")
      << quoted.refusal;
  EXPECT_TRUE(fs::is_empty(out()));

  // One entry alone on the block is an ordinary archive.
  auto one = unpack(full_overlap_zip(1, 1 << 20));
  ASSERT_TRUE(one.listing) << one.refusal;
  EXPECT_EQ(one.listing->bytes, 1 << 20);
}

TEST_F(MediaZip, AnEntryWhoseDataReachesIntoTheDirectoryOrALyingDirectoryIsRefused) {
  // The directory says the last entry's data is longer than the bytes before the directory.
  auto zip = make_zip({{"index.html", "<!doctype html>"}, {"b.js", "let b;"}});
  const auto at = zip.rfind("b.js") - 46 + 20;  // b.js's compressed size in its directory entry
  ASSERT_EQ(zip.compare(at - 20, 4, "PK\1\2"), 0);
  zip[at] = 40;
  auto into = unpack(zip);
  EXPECT_FALSE(into.listing);
  EXPECT_TRUE(fs::is_empty(out()));
  // An end record followed by bytes that are not its comment: not where an archive's end belongs.
  auto trailing = unpack(make_zip({{"index.html", "x"}}) + "trailing bytes");
  EXPECT_FALSE(trailing.listing);
  EXPECT_NE(trailing.refusal.find("end record"), std::string::npos) << trailing.refusal;
}

TEST_F(MediaZip, ArchivesWithDataDescriptorsOrZip64FieldsAreReadAlike) {
  // libzip's own archives, deflated (the layout reader and libzip agree on each entry).
  auto fits = unpack(deflated_bomb(1 << 16, 1 << 16));
  ASSERT_TRUE(fits.listing) << fits.refusal;
  // An entry whose local header has bit 3 (sizes in a data descriptor after the data).
  std::string out, dir;
  const std::string data = "<!doctype html>", name = "index.html";
  put32(out, 0x04034b50);
  put16(out, 20), put16(out, 8), put16(out, 0), put16(out, 0), put16(out, 0);
  put32(out, 0), put32(out, 0), put32(out, 0);
  put16(out, static_cast<std::uint32_t>(name.size())), put16(out, 0);
  out += name + data;
  put32(out, 0x08074b50), put32(out, crc_of(data)), put32(out, static_cast<std::uint32_t>(data.size())),
      put32(out, static_cast<std::uint32_t>(data.size()));
  put32(dir, 0x02014b50);
  put16(dir, (3u << 8) | 20), put16(dir, 20), put16(dir, 8), put16(dir, 0), put16(dir, 0), put16(dir, 0);
  put32(dir, crc_of(data)), put32(dir, static_cast<std::uint32_t>(data.size())), put32(dir, static_cast<std::uint32_t>(data.size()));
  put16(dir, static_cast<std::uint32_t>(name.size())), put16(dir, 0), put16(dir, 0), put16(dir, 0), put16(dir, 0);
  put32(dir, 0100644u << 16), put32(dir, 0);
  dir += name;
  const auto dir_offset = static_cast<std::uint32_t>(out.size());
  out += dir;
  put32(out, 0x06054b50);
  put16(out, 0), put16(out, 0), put16(out, 1), put16(out, 1);
  put32(out, static_cast<std::uint32_t>(dir.size())), put32(out, dir_offset);
  put16(out, 0);
  fs::remove_all(this->out());
  fs::create_directories(this->out());
  auto described = unpack(out);
  ASSERT_TRUE(described.listing) << described.refusal;
  EXPECT_EQ(described.listing->bytes, static_cast<std::int64_t>(data.size()));
}

}  // namespace
}  // namespace portal::media
