#include "store/object_zip.hpp"

#include <gtest/gtest.h>
#include <zip.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/ids.hpp"

namespace portal::store {
namespace {

namespace fs = std::filesystem;

struct Folder {
  fs::path root = fs::temp_directory_path() / ("object-zip-" + core::random_hex(6));
  std::unique_ptr<MediaStore> store = folder_store(root);
  ~Folder() { fs::remove_all(root); }
  void write(const std::string& key, const std::string& bytes) { store->put(key, bytes); }
};

// The whole archive, read in pieces of `piece`: each at most a piece and the small records around it, but the
// last (the central directory).
std::string drain(ObjectZip& zip, std::size_t piece) {
  std::string all;
  std::size_t before = 0;
  for (std::string p = zip.next(piece); !p.empty(); p = zip.next(piece)) {
    EXPECT_LE(before, piece + 30 + 64 + 16);
    before = p.size();
    all += p;
  }
  return all;
}

// What libzip (the reader the game uploads use, with its consistency checks) reads of `bytes`: name -> data.
std::vector<std::pair<std::string, std::string>> unzip(const std::string& bytes) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  zip_t* archive = zip_open_from_source(source, ZIP_CHECKCONS | ZIP_RDONLY, &error);
  EXPECT_NE(archive, nullptr) << zip_error_strerror(&error);
  std::vector<std::pair<std::string, std::string>> out;
  if (!archive) return out;
  for (zip_int64_t i = 0; i < zip_get_num_entries(archive, 0); ++i) {
    zip_stat_t st;
    zip_stat_index(archive, i, 0, &st);
    EXPECT_EQ(st.comp_method, ZIP_CM_STORE);
    std::string data(st.size, '\0');
    zip_file_t* f = zip_fopen_index(archive, i, 0);  // libzip checks each entry's CRC as it reads to the end
    EXPECT_EQ(zip_fread(f, data.data(), data.size()), static_cast<zip_int64_t>(data.size()));
    char more;
    EXPECT_EQ(zip_fread(f, &more, 1), 0) << "the CRC matches: no error at the end";
    zip_fclose(f);
    out.emplace_back(zip_get_name(archive, i, ZIP_FL_ENC_RAW), std::move(data));
  }
  zip_close(archive);
  return out;
}

TEST(ObjectZip, StreamsTheObjectsAsAZipEveryReaderOpens) {
  Folder folder;
  std::string big(300000, '\0');
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 7 % 251);
  folder.write("audio/1.mp3", big);
  folder.write("audio/2.mp3", "second");
  folder.write("audio/3.mp3", "");
  std::vector<ZipEntry> entries{{"01 Midnight Drive.mp3", "audio/1.mp3", big.size()},
                                {"02 مطر النيون.mp3", "audio/2.mp3", 6},
                                {"03 Silence.mp3", "audio/3.mp3", 0}};
  const auto expected = zip_size(entries);
  ASSERT_TRUE(expected);
  ObjectZip zip(*folder.store, entries, std::chrono::system_clock::now());
  EXPECT_EQ(zip.size(), *expected);
  const std::string bytes = drain(zip, 64 * 1024);
  EXPECT_EQ(bytes.size(), zip.size()) << "the length promised before the first byte";
  EXPECT_EQ(zip.next(1024), "") << "nothing after the end";
  const auto files = unzip(bytes);
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(files[0].first, "01 Midnight Drive.mp3");
  EXPECT_EQ(files[0].second, big);
  EXPECT_EQ(files[1].first, "02 مطر النيون.mp3") << "UTF-8 names (flag bit 11)";
  EXPECT_EQ(files[1].second, "second");
  EXPECT_EQ(files[2].second, "");
  // The same archive in tiny pieces.
  ObjectZip again(*folder.store, entries, std::chrono::system_clock::now());
  EXPECT_EQ(drain(again, 7).size(), bytes.size());
}

TEST(ObjectZip, AnObjectShorterThanItsSizeStopsTheArchive) {
  Folder folder;
  folder.write("audio/1.mp3", "abc");
  ObjectZip zip(*folder.store, {{"1.mp3", "audio/1.mp3", 10}}, std::chrono::system_clock::now());
  EXPECT_THROW(drain(zip, 1024), std::runtime_error);
  ObjectZip gone(*folder.store, {{"2.mp3", "audio/2.mp3", 10}}, std::chrono::system_clock::now());
  EXPECT_THROW(drain(gone, 1024), std::runtime_error);
}

TEST(ObjectZip, APlainZipHasItsLimits) {
  EXPECT_EQ(zip_size({}), 22u) << "the end record alone";
  EXPECT_FALSE(zip_size({{"a", "k", kZipMaxBytes}})) << "past 4 GiB is Zip64's";
  EXPECT_FALSE(zip_size(std::vector<ZipEntry>(kZipMaxEntries + 1, {"a", "k", 0})));
}

TEST(FolderStore, ReadsAPieceAndTellsTheSize) {
  Folder folder;
  folder.write("audio/1.mp3", "0123456789");
  EXPECT_EQ(folder.store->size("audio/1.mp3"), 10u);
  EXPECT_EQ(folder.store->size("audio/none.mp3"), std::nullopt);
  EXPECT_EQ(folder.store->read("audio/1.mp3", 3, 4), "3456");
  EXPECT_EQ(folder.store->read("audio/1.mp3", 8, 4), "89");
  EXPECT_EQ(folder.store->read("audio/1.mp3", 20, 4), "");
  EXPECT_EQ(folder.store->read("audio/none.mp3", 0, 4), "");
}

}  // namespace
}  // namespace portal::store
