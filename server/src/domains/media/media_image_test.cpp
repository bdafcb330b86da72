#include "domains/media/media_image.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "db/test_database.hpp"
#include "domains/media/media_process.hpp"
#include "domains/media/media_work.hpp"

namespace portal::media {
namespace {

// Crafted headers: big- and little-endian fields, a PNG chunk with its CRC.
void img_be16(std::string& out, std::uint32_t v) {
  out += static_cast<char>((v >> 8) & 0xFF);
  out += static_cast<char>(v & 0xFF);
}
void img_be32(std::string& out, std::uint32_t v) {
  img_be16(out, v >> 16);
  img_be16(out, v & 0xFFFF);
}
void img_le16(std::string& out, std::uint32_t v) {
  out += static_cast<char>(v & 0xFF);
  out += static_cast<char>((v >> 8) & 0xFF);
}
void img_le32(std::string& out, std::uint32_t v) {
  img_le16(out, v & 0xFFFF);
  img_le16(out, v >> 16);
}
void png_chunk(std::string& out, std::string_view type, std::string_view data) {
  img_be32(out, static_cast<std::uint32_t>(data.size()));
  const std::string body = std::string(type) + std::string(data);
  out += body;
  img_be32(out, static_cast<std::uint32_t>(
                    crc32(crc32(0, nullptr, 0), reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()))));
}

// A PNG that declares width × height (RGB, 8 bits) and holds a few hundred bytes of data: what an attacker uploads.
std::string png_declaring(std::uint32_t width, std::uint32_t height) {
  std::string out("\x89PNG\r\n\x1a\n", 8), ihdr;
  img_be32(ihdr, width);
  img_be32(ihdr, height);
  ihdr += std::string("\x08\x02\x00\x00\x00", 5);
  png_chunk(out, "IHDR", ihdr);
  png_chunk(out, "IDAT", std::string("\x78\x9c\x63\x00\x00\x00\x01\x00\x01", 9));
  png_chunk(out, "IEND", "");
  return out;
}

// A baseline JPEG's first segments: SOI, APP0 (JFIF), DQT, then SOF0 of width × height, three components.
std::string jpeg_declaring(std::uint32_t width, std::uint32_t height, std::string before_frame = {}) {
  std::string out("\xFF\xD8", 2);
  out += std::string("\xFF\xE0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00", 18);
  out += std::string("\xFF\xDB\x00\x43\x00", 5) + std::string(64, '\x10');
  out += before_frame;
  out += std::string("\xFF\xC0\x00\x11\x08", 5);
  img_be16(out, height);
  img_be16(out, width);
  out += std::string("\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01", 10);
  out += std::string("\xFF\xDA\x00\x0C\x03\x01\x00\x02\x11\x03\x11\x00\x3F\x00", 14);
  return out;
}

std::string riff(std::string chunks) {
  std::string out = "RIFF";
  img_le32(out, static_cast<std::uint32_t>(4 + chunks.size()));
  return out + "WEBP" + chunks;
}
std::string webp_chunk(std::string_view tag, std::string data) {
  std::string out(tag);
  img_le32(out, static_cast<std::uint32_t>(data.size()));
  out += data;
  if (data.size() & 1) out += '\0';
  return out;
}
std::string vp8_frame(std::uint32_t width, std::uint32_t height) {
  std::string f("\x50\x02\x00\x9d\x01\x2a", 6);  // a key frame's tag and start code
  img_le16(f, width);
  img_le16(f, height);
  return f + std::string(8, '\0');
}
std::string vp8l_frame(std::uint32_t width, std::uint32_t height) {
  std::string f("\x2f", 1);
  img_le32(f, (width - 1) | ((height - 1) << 14));
  return f + std::string(4, '\0');
}
std::string vp8x(std::uint32_t width, std::uint32_t height, std::uint8_t flags = 0) {
  std::string d(1, static_cast<char>(flags));
  d += std::string(3, '\0');
  const auto le24 = [&](std::uint32_t v) {
    d += static_cast<char>(v & 0xFF), d += static_cast<char>((v >> 8) & 0xFF), d += static_cast<char>((v >> 16) & 0xFF);
  };
  le24(width - 1);
  le24(height - 1);
  return webp_chunk("VP8X", d);
}

// A TIFF's header and first directory (ImageWidth, ImageLength, then BitsPerSample), in either byte order.
std::string tiff_declaring(bool little, std::uint32_t width, std::uint32_t height, std::uint16_t width_type = 4,
                           bool twice = false) {
  std::string out = little ? std::string("II\x2a\x00", 4) : std::string("MM\x00\x2a", 4);
  const auto u16 = [&](std::uint32_t v) { little ? img_le16(out, v) : img_be16(out, v); };
  const auto u32 = [&](std::uint32_t v) { little ? img_le32(out, v) : img_be32(out, v); };
  u32(8);
  u16(twice ? 4 : 3);
  const auto entry = [&](std::uint32_t tag, std::uint32_t type, std::uint32_t value) {
    u16(tag), u16(type), u32(1);
    if (type == 3) u16(value), u16(0);
    else u32(value);
  };
  entry(256, width_type, width);
  entry(257, 4, height);
  if (twice) entry(256, 4, 1);
  entry(258, 3, 8);
  u32(0);
  return out;
}

TEST(MediaImage, APngOfAFewHundredBytesDeclaring90000SquaredIsReadAndRefusedWithTheReason) {
  const auto png = png_declaring(90000, 90000);
  EXPECT_LT(png.size(), 100u);
  const auto h = read_image_header(png);
  ASSERT_TRUE(h.size) << h.refusal;
  EXPECT_EQ(h.size->format, ImageFormat::png);
  EXPECT_EQ(h.size->width, 90000u);
  EXPECT_EQ(h.size->height, 90000u);
  EXPECT_EQ(h.size->pixels(), 8'100'000'000u);
  EXPECT_EQ(too_many_pixels(90000, 90000, 50'000'000),
            std::optional<std::string>("the image is 90000 × 90000 pixels; at most 50 megapixels are accepted"));
  EXPECT_EQ(too_many_pixels(16383, 16383, 50'000'000).value_or(""),
            "the image is 16383 × 16383 pixels; at most 50 megapixels are accepted");
  EXPECT_FALSE(too_many_pixels(10000, 5000, 50'000'000));  // 50 megapixels exactly
  EXPECT_EQ(too_many_pixels(10001, 5000, 50'000'000).value_or("").find("10001 × 5000"), 13u);
  EXPECT_NE(too_many_pixels(2, 2, 3).value_or("").find("at most 3 pixels"), std::string::npos);
}

TEST(MediaImage, ReadsEachFormatCwebpReads) {
  const auto size_of = [](const std::string& bytes) {
    const auto h = read_image_header(bytes);
    EXPECT_TRUE(h.size) << h.refusal;
    return h.size ? std::pair{h.size->width, h.size->height} : std::pair{0u, 0u};
  };
  EXPECT_EQ(size_of(png_declaring(300, 200)), std::pair(300u, 200u));
  EXPECT_EQ(size_of(jpeg_declaring(640, 480)), std::pair(640u, 480u));
  // Fill bytes before a marker, a restart marker and a comment before the frame header, a progressive frame (SOF2).
  auto progressive = jpeg_declaring(1024, 768, std::string("\xFF\xFF\xFF\xFE\x00\x05" "abc\xFF\xD0", 11));
  progressive[progressive.find(std::string("\xFF\xC0", 2)) + 1] = '\xC2';
  EXPECT_EQ(size_of(progressive), std::pair(1024u, 768u));
  EXPECT_EQ(size_of(riff(webp_chunk("VP8 ", vp8_frame(500, 400)))), std::pair(500u, 400u));
  EXPECT_EQ(size_of(riff(webp_chunk("VP8L", vp8l_frame(16384, 3)))), std::pair(16384u, 3u));
  EXPECT_EQ(size_of(riff(vp8x(700, 100, 0x10) + webp_chunk("ALPH", "xyz") + webp_chunk("VP8 ", vp8_frame(700, 100)))),
            std::pair(700u, 100u));
  EXPECT_EQ(size_of(tiff_declaring(true, 4000, 3000)), std::pair(4000u, 3000u));
  EXPECT_EQ(size_of(tiff_declaring(false, 4000, 3000)), std::pair(4000u, 3000u));
  EXPECT_EQ(size_of(tiff_declaring(false, 600, 3000, 3)), std::pair(600u, 3000u));  // a SHORT width
  EXPECT_EQ(size_of("P6\n600 200\n255\n" + std::string(600 * 200 * 3, 'x')), std::pair(600u, 200u));
  EXPECT_EQ(size_of("P5\n# a comment\n\n33 44\n# another\n255\nxxxx"), std::pair(33u, 44u));
  EXPECT_EQ(size_of("P7\nWIDTH 90000\nHEIGHT 90000\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"),
            std::pair(90000u, 90000u));
  for (auto f : {ImageFormat::png, ImageFormat::jpeg, ImageFormat::webp, ImageFormat::tiff, ImageFormat::pnm})
    EXPECT_FALSE(image_format_name(f).empty());
}

TEST(MediaImage, EveryTruncationOfAHeaderIsRefusedNeverRead) {
  const std::vector<std::string> images{
      png_declaring(300, 200), jpeg_declaring(640, 480), riff(webp_chunk("VP8 ", vp8_frame(500, 400))),
      riff(webp_chunk("VP8L", vp8l_frame(20, 30))), riff(vp8x(700, 100) + webp_chunk("VP8 ", vp8_frame(700, 100))),
      tiff_declaring(true, 40, 30), tiff_declaring(false, 40, 30), "P6\n600 200\n255\n",
      "P7\nWIDTH 9\nHEIGHT 9\nDEPTH 3\nMAXVAL 255\nENDHDR\n"};
  for (const auto& image : images) {
    ASSERT_TRUE(read_image_header(image).size) << read_image_header(image).refusal;
    // Cut anywhere up to the end of its size fields: refused, with a reason.
    const std::size_t header_end = image.starts_with("\x89PNG") ? 33
                                   : image.starts_with("\xFF\xD8") ? image.find(std::string("\xFF\xDA", 2))
                                   : image.starts_with("P") ? image.size() - 1
                                   : image.starts_with("RIFF") ? image.size() - 8
                                                               : image.size() - 4;
    for (std::size_t cut = 0; cut < header_end; ++cut) {
      const auto h = read_image_header(std::string_view(image).substr(0, cut));
      EXPECT_FALSE(h.size) << "cut at " << cut << " of " << image.size();
      EXPECT_FALSE(h.refusal.empty());
    }
  }
  EXPECT_EQ(read_image_header(png_declaring(300, 200).substr(0, 20)).refusal, "the image is truncated: its header is cut off");
}

TEST(MediaImage, AHeaderThatLiesOrContradictsItselfIsRefused) {
  const auto refused = [](const std::string& bytes, std::string_view why) {
    const auto h = read_image_header(bytes);
    EXPECT_FALSE(h.size) << why;
    EXPECT_NE(h.refusal.find(why), std::string::npos) << h.refusal;
  };
  // PNG: a wrong checksum (libpng refuses the chunk; the size there is no fact), another first chunk, 0 or 2^31.
  auto bad_crc = png_declaring(300, 200);
  bad_crc[19] = '\x02';  // the width's last byte, after the CRC was made
  refused(bad_crc, "checksum");
  std::string text_first("\x89PNG\r\n\x1a\n", 8);
  png_chunk(text_first, "tEXt", "Comment\0x");
  refused(text_first + png_declaring(1, 1).substr(8), "IHDR");
  refused(png_declaring(0, 200), "declares 0 × 200");
  refused(png_declaring(0x80000000u, 1), "declares 2147483648 × 1");
  std::string long_ihdr("\x89PNG\r\n\x1a\n", 8);
  png_chunk(long_ihdr, "IHDR", std::string(14, '\1'));
  refused(long_ihdr, "13-byte IHDR");

  // JPEG: data before any frame header; a byte where a marker belongs (libjpeg would skip ahead to whatever
  // frame header follows); a frame header whose length disagrees with its components; a height left to DNL.
  refused(std::string("\xFF\xD8\xFF\xDA\x00\x08", 6) + std::string(20, '\0'), "no frame header");
  refused(std::string("\xFF\xD8\xFF\xD9", 4) + std::string(20, '\0'), "no frame header");
  refused(jpeg_declaring(640, 480, std::string("junk", 4)), "no marker where one belongs");
  auto wrong_length = jpeg_declaring(640, 480);
  wrong_length[wrong_length.find(std::string("\xFF\xC0", 2)) + 3] = '\x12';
  refused(wrong_length, "length is wrong");
  refused(jpeg_declaring(640, 0), "declares 640 × 0");
  refused(std::string("\xFF\xD8\xFF\xE0\x00\x01", 6) + std::string(20, '\0'), "length is wrong");

  // WebP: a canvas that is not its frame's size (the decoder would refuse it; this reader never takes either),
  // an animation, an inter frame, a lossless frame of a version that does not exist.
  refused(riff(vp8x(16384, 16384) + webp_chunk("VP8 ", vp8_frame(100, 100))), "its canvas is 16384 × 16384 pixels but its frame 100 × 100");
  refused(riff(vp8x(100, 100, 0x02) + webp_chunk("ANIM", std::string(6, '\0'))), "animated");
  refused(riff(vp8x(100, 100) + webp_chunk("ANMF", std::string(16, '\0'))), "animated");
  auto inter = vp8_frame(100, 100);
  inter[0] = '\x51';
  refused(riff(webp_chunk("VP8 ", inter)), "no key frame");
  auto version = vp8l_frame(10, 10);
  version[4] = static_cast<char>(version[4] | 0x20);
  refused(riff(webp_chunk("VP8L", version)), "lossless signature");
  refused(riff(webp_chunk("ICCP", "abcd")), "no frame where its first chunk belongs");

  // TIFF: its size twice (which one would a decoder take?), none, a width of 0, a size of two values.
  refused(tiff_declaring(true, 40, 30, 4, true), "given twice");
  std::string no_size("II\x2a\x00\x08\x00\x00\x00\x01\x00\x02\x01\x03\x00\x01\x00\x00\x00\x08\x00\x00\x00\x00\x00\x00\x00", 26);
  refused(no_size, "has no size");
  refused(tiff_declaring(false, 0, 30), "declares 0 × 30");
  auto two = tiff_declaring(true, 40, 30);
  two[14] = '\x02';  // ImageWidth's count
  refused(two, "not one SHORT or LONG");
  std::string far("II\x2a\x00\xff\xff\xff\x7f", 8);
  refused(far + std::string(8, '\0'), "cut off");

  // PNM: what cwebp's reader does not take as this reader takes it.
  refused("P6 600 200 255\n" + std::string(40, 'x'), "not one cwebp reads");
  refused("P6\n600 200 7\n255\n", "not one cwebp reads");
  refused("P6\n+600 200\n255\n", "not one cwebp reads");
  refused("P6\n600 200\n70000\n", "not one cwebp reads");
  refused("P6\n" + std::string(2000, '#') + "\n1 1\n255\n", "not one cwebp reads");
  refused("P7\nWIDTH 9\nWIDTH 9\nHEIGHT 9\nDEPTH 3\nMAXVAL 255\nENDHDR\n", "not one cwebp reads");
  refused("P7\nWIDTH 9\nHEIGHT 9\nMAXVAL 255\nENDHDR\n", "not one cwebp reads");
  refused("P7\nWIDTH 9\nHEIGHT 9\nDEPTH 3\nMAXVAL 255\n", "cut off");

  // No image cwebp reads: GIF, BMP, text, a file too short to tell.
  refused(std::string("GIF89a\x10\x00\x10\x00\x00\x00\x00", 13), "not an image cwebp reads");
  refused("BM" + std::string(60, '\0'), "not an image cwebp reads");
  refused("P4\n10 10\n" + std::string(20, '\x80'), "not an image cwebp reads");
  refused("\x89PNG", "too short");
}

TEST(MediaImage, RandomBytesAfterEachMagicNeverReadOutOfBounds) {
  // Bounds-checked everywhere: thousands of mutated headers answer a size or a refusal (ASan in CI would catch a read
  // past the bytes), and a size is never 0 on a side.
  const std::vector<std::string> seeds{png_declaring(300, 200), jpeg_declaring(640, 480),
                                       riff(vp8x(700, 100) + webp_chunk("VP8 ", vp8_frame(700, 100))),
                                       tiff_declaring(true, 40, 30), "P7\nWIDTH 9\nHEIGHT 9\nDEPTH 3\nMAXVAL 255\nENDHDR\n"};
  std::mt19937 random(71);
  for (const auto& seed : seeds)
    for (int round = 0; round < 3000; ++round) {
      std::string bytes = seed;
      const int changes = 1 + static_cast<int>(random() % 4);
      for (int c = 0; c < changes; ++c) bytes[4 + random() % (bytes.size() - 4)] = static_cast<char>(random() & 0xFF);
      bytes.resize(random() % (bytes.size() + 1));
      const auto h = read_image_header(bytes);
      if (h.size) {
        EXPECT_GT(h.size->width, 0u);
        EXPECT_GT(h.size->height, 0u);
      } else {
        EXPECT_FALSE(h.refusal.empty());
      }
    }
}

TEST(MediaImage, ReadsWhatTheToolsWriteAsCwebpReadsIt) {
  // Files as editors make them (ffmpeg's PNG, JPEG, TIFF, PGM, PPM, PAM; cwebp's lossy, lossless and alpha WebP,
  // the last a VP8X): this reader and cwebp's summary say the same size.
  namespace fs = std::filesystem;
  using namespace std::chrono_literals;
  const auto dir = db::test_directory("media-image-tools");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const auto make = [&](const std::string& name, std::vector<std::string> options) {
    std::vector<std::string> argv{"ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=321x123",
                                  "-frames:v", "1"};
    argv.insert(argv.end(), options.begin(), options.end());
    argv.push_back((dir / name).string());
    const auto run = run_tool(argv, 60s, ToolLimits{});
    EXPECT_TRUE(run.ok()) << name << ": " << run.err_tail;
    return dir / name;
  };
  std::vector<fs::path> files{make("a.png", {}), make("b.jpg", {}), make("c.tiff", {}), make("d.pgm", {"-pix_fmt", "gray"}),
                              make("e.ppm", {}), make("f.pam", {"-pix_fmt", "rgba"})};
  {  // Half transparent: cwebp keeps its alpha, in a VP8X file.
    const auto run = run_tool({"ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                               "color=c=red@0.5:size=321x123,format=rgba", "-frames:v", "1", (dir / "g.png").string()},
                              60s, ToolLimits{});
    EXPECT_TRUE(run.ok()) << run.err_tail;
    files.push_back(dir / "g.png");
  }
  for (const auto& [name, options] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"h.webp", {"-q", "70"}}, {"i.webp", {"-lossless"}}, {"j.webp", {"-q", "70", "-alpha_q", "50"}}}) {
    std::vector<std::string> argv{"cwebp", "-quiet"};
    argv.insert(argv.end(), options.begin(), options.end());
    argv.insert(argv.end(), {(dir / "g.png").string(), "-o", (dir / name).string()});
    const auto run = run_tool(argv, 60s, ToolLimits{});
    EXPECT_TRUE(run.ok()) << name << ": " << run.err_tail;
    files.push_back(dir / name);
  }
  std::ifstream alpha(dir / "j.webp", std::ios::binary);
  std::string head(16, '\0');
  alpha.read(head.data(), 16);
  EXPECT_EQ(head.substr(12), "VP8X");
  for (const auto& file : files) {
    const auto h = read_image_header_file(file);
    ASSERT_TRUE(h.size) << file << ": " << h.refusal;
    EXPECT_EQ(h.size->width, 321u) << file;
    EXPECT_EQ(h.size->height, 123u) << file;
    const auto read = run_tool({"cwebp", file.string(), "-o", (dir / "out.webp").string()}, 60s, ToolLimits{});
    EXPECT_EQ(cwebp_dimension(read.err_tail), std::optional(std::pair{321, 123})) << file << ": " << read.err_tail;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace portal::media
