#include "domains/media/media_work.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "db/test_database.hpp"

namespace portal::media {
namespace {

namespace fs = std::filesystem;

void work_be32(std::string& out, std::uint32_t v) {
  for (int shift : {24, 16, 8, 0}) out += static_cast<char>((v >> shift) & 0xFF);
}
void work_chunk(std::string& out, std::string_view type, std::string_view data) {
  work_be32(out, static_cast<std::uint32_t>(data.size()));
  const std::string body = std::string(type) + std::string(data);
  out += body;
  work_be32(out, static_cast<std::uint32_t>(
                     crc32(crc32(0, nullptr, 0), reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()))));
}

// A real PNG (RGB, 8 bits) of `width` × `height` pixels when `rows` is true; else one that declares that size and
// holds a few bytes of data (the hostile upload of issue 71 item 2).
std::string work_png(std::uint32_t width, std::uint32_t height, bool rows = true) {
  std::string out("\x89PNG\r\n\x1a\n", 8), ihdr;
  work_be32(ihdr, width);
  work_be32(ihdr, height);
  ihdr += std::string("\x08\x02\x00\x00\x00", 5);
  work_chunk(out, "IHDR", ihdr);
  std::string raw;
  if (rows)
    for (std::uint32_t y = 0; y < height; ++y) {
      raw += '\0';  // filter: none
      for (std::uint32_t x = 0; x < width; ++x) raw += {static_cast<char>(x), static_cast<char>(y), '\x40'};
    }
  else
    raw = std::string(64, '\0');
  std::string packed(compressBound(static_cast<uLong>(raw.size())), '\0');
  uLongf packed_size = static_cast<uLongf>(packed.size());
  compress(reinterpret_cast<Bytef*>(packed.data()), &packed_size, reinterpret_cast<const Bytef*>(raw.data()),
           static_cast<uLong>(raw.size()));
  packed.resize(packed_size);
  work_chunk(out, "IDAT", packed);
  work_chunk(out, "IEND", "");
  return out;
}

class MediaWorkImages : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("media-work-images");
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "out");
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  WorkResult work(Purpose purpose, const std::string& bytes, Limits limits = {}) {
    fs::remove_all(dir_ / "out");
    fs::create_directories(dir_ / "out");
    std::ofstream(dir_ / "upload", std::ios::binary) << bytes;
    return run_work(Kind::artwork, purpose, dir_ / "upload", dir_ / "out", limits, nullptr);
  }
  fs::path dir_;
};

TEST_F(MediaWorkImages, APngDeclaring90000SquaredIsRefusedBeforeAnyDecodeWithTheReason) {
  const auto hostile = work_png(90000, 90000, false);
  EXPECT_LT(hostile.size(), 200u);
  for (auto purpose : {Purpose::cover, Purpose::logo, Purpose::icon}) {
    const auto started = std::chrono::steady_clock::now();
    const auto r = work(purpose, hostile);
    const auto took = std::chrono::steady_clock::now() - started;
    EXPECT_FALSE(r.output);
    EXPECT_EQ(r.refusal, "the image is 90000 × 90000 pixels; at most 50 megapixels are accepted");
    EXPECT_TRUE(fs::is_empty(dir_ / "out")) << "cwebp never ran";
    // The bound, not a speed measurement: the header alone is read (microseconds; cwebp would decode 24 GB).
    EXPECT_LT(took, std::chrono::seconds(1));
  }
  // The limit is the configured one: 300 × 200 is over 50,000 pixels.
  const auto small_limit = work(Purpose::cover, work_png(300, 200), Limits{.image_pixels = 50'000});
  EXPECT_EQ(small_limit.refusal, "the image is 300 × 200 pixels; at most 50,000 pixels are accepted");
}

TEST_F(MediaWorkImages, ARealImageUnderTheLimitBecomesItsWebpSizes) {
  const auto cover = work(Purpose::cover, work_png(300, 200));
  ASSERT_TRUE(cover.output) << cover.refusal;
  EXPECT_TRUE(fs::exists(dir_ / "out" / "cover.webp"));
  EXPECT_TRUE(fs::exists(dir_ / "out" / "cover.w64.webp"));
  const auto logo = work(Purpose::logo, work_png(300, 200));
  ASSERT_TRUE(logo.output) << logo.refusal;
  EXPECT_EQ(logo.output->media, "logo.h96.webp");
  // Not an image at all: refused by the header reader, before cwebp.
  const auto text = work(Purpose::cover, "just some words, no picture at all");
  EXPECT_EQ(text.refusal, "not an image cwebp reads (PNG, JPEG, WebP, TIFF or PNM)");
  EXPECT_TRUE(fs::is_empty(dir_ / "out"));
}

TEST_F(MediaWorkImages, ASideLongerThanAWebpsOrACopyThatWouldBeIsRefusedBeforeItIsMade) {
  // 20000 × 100 is 2 megapixels, but no WebP is wider than 16383: refused before cwebp decodes it.
  const auto wide = work(Purpose::logo, work_png(20000, 100, false));
  EXPECT_EQ(wide.refusal, "the image is 20000 × 100 pixels; a side of at most 16383 pixels is accepted (a WebP's largest)");
  EXPECT_TRUE(fs::is_empty(dir_ / "out"));
  // 2 × 1000: its 64-pixel-wide copy would be 64 × 32000.
  const std::string narrow = "P5\n2 1000\n255\n" + std::string(2000, '\x80');
  const auto r = work(Purpose::cover, narrow);
  EXPECT_FALSE(r.output);
  EXPECT_EQ(r.refusal, "the image is 2 × 1000 pixels, too narrow for its 64-pixel-wide copy (64 × 32000; a side of at "
                       "most 16383 pixels is accepted)");
  EXPECT_FALSE(fs::exists(dir_ / "out" / "cover.w64.webp"));
}

TEST_F(MediaWorkImages, CwebpRunsUnderTheConfiguredAddressSpace) {
  // A real 2000 × 2000 image (12 MB of RGB once decoded, more in cwebp) under 16 MiB of address space: cwebp cannot
  // allocate it, and the job fails with a reason, not the machine.
  const auto r = work(Purpose::cover, work_png(2000, 2000), Limits{.tool_memory = 16LL << 20});
  EXPECT_FALSE(r.output);
  EXPECT_EQ(r.refusal, "the PNG image could not be decoded: its data is damaged, or decoding it needs more than the 16 "
                       "MiB a tool may use");
  const auto fits = work(Purpose::cover, work_png(2000, 2000));
  EXPECT_TRUE(fits.output) << fits.refusal;
}

}  // namespace
}  // namespace portal::media
