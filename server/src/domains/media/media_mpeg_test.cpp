#include "domains/media/media_mpeg.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace portal::media {
namespace {

// MPEG-1 layer III, 128 kbit/s, 44.1 kHz, joint stereo, no padding: 417 bytes of 1152 samples.
constexpr std::size_t kFrame = 417;
constexpr double kFrameSeconds = 1152.0 / 44100;
const std::string kHeader("\xFF\xFB\x90\x40", 4);

std::string be32(std::uint32_t v) {
  return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
}

std::string frame(char fill = '\x55') { return kHeader + std::string(kFrame - 4, fill); }

// A first frame holding a Xing/Info header (after 32 bytes of side information) with a frame count.
std::string info_frame(std::uint32_t frames, const char* tag = "Info") {
  std::string f = kHeader + std::string(32, '\0') + tag + be32(0x1 | 0x2) + be32(frames) + be32(frames * kFrame);
  return f + std::string(kFrame - f.size(), '\0');
}

std::string vbri_frame(std::uint32_t frames) {
  std::string f = kHeader + std::string(32, '\0') + "VBRI" + std::string("\0\x01\0\0\0\x4B", 6) +
                  be32(frames * kFrame) + be32(frames);
  return f + std::string(kFrame - f.size(), '\0');
}

std::string frames(int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += frame();
  return out;
}

std::optional<MpegAudio> read(const std::string& bytes) {
  std::istringstream in(bytes);
  return read_mpeg_audio(in, static_cast<std::int64_t>(bytes.size()));
}

TEST(MediaMpeg, AWholeStreamWithoutHeaderIsItsFrames) {
  auto m = read(frames(200));
  ASSERT_TRUE(m);
  EXPECT_EQ(m->frames, 200);
  EXPECT_NEAR(m->seconds, 200 * kFrameSeconds, 1e-6);
  EXPECT_FALSE(m->cut_off);
  EXPECT_FALSE(m->declared_seconds);
}

TEST(MediaMpeg, TheInfoHeaderDeclaresTheWholeLengthOfACutFile) {
  const std::string whole = info_frame(3000) + frames(2999);
  auto m = read(whole);
  ASSERT_TRUE(m);
  EXPECT_NEAR(*m->declared_seconds, 3000 * kFrameSeconds, 1e-6);
  EXPECT_FALSE(m->cut_off);
  // The first 200 KB: the header still says the whole length; the frames stop in the middle of one.
  auto cut = read(whole.substr(0, 200000));
  ASSERT_TRUE(cut);
  EXPECT_NEAR(*cut->declared_seconds, 3000 * kFrameSeconds, 1e-6);
  EXPECT_TRUE(cut->cut_off);
  EXPECT_EQ(cut->frames, 200000 / kFrame);
  EXPECT_TRUE(read(info_frame(500, "Xing") + frames(499))->declared_seconds);
  EXPECT_NEAR(*read(vbri_frame(800) + frames(799))->declared_seconds, 800 * kFrameSeconds, 1e-6);
}

TEST(MediaMpeg, AStreamWithoutHeaderCutInAFrameIsCutOff) {
  const std::string whole = frames(500);
  auto cut = read(whole.substr(0, 100000));
  ASSERT_TRUE(cut);
  EXPECT_TRUE(cut->cut_off);
  EXPECT_FALSE(cut->declared_seconds);
  // Cut between two frames the bytes are a whole, shorter stream: nothing tells (the tools' length is taken).
  auto even = read(whole.substr(0, 100 * kFrame));
  ASSERT_TRUE(even);
  EXPECT_FALSE(even->cut_off);
  EXPECT_EQ(even->frames, 100);
}

TEST(MediaMpeg, TagsBeforeAndAfterTheFramesAreAllowed) {
  // An ID3v2 tag of 300 bytes (sizes in 7-bit bytes), then frames, then an ID3v1 tag.
  const std::string id3v2 = std::string("ID3\x03\x00\x00\x00\x00\x02\x2C", 10) + std::string(300, '\0');
  const std::string id3v1 = "TAG" + std::string(125, ' ');
  auto m = read(id3v2 + info_frame(100) + frames(99) + id3v1);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->frames, 100);
  EXPECT_FALSE(m->cut_off);
  EXPECT_NEAR(*m->declared_seconds, 100 * kFrameSeconds, 1e-6);
  // A few bytes of junk before the first frame.
  auto junk = read(std::string(7, '\0') + frames(50));
  ASSERT_TRUE(junk);
  EXPECT_EQ(junk->frames, 50);
}

TEST(MediaMpeg, OtherFilesAreNoMpegAudio) {
  EXPECT_FALSE(read(""));
  EXPECT_FALSE(read("RIFF" + std::string(5000, '\0')));
  EXPECT_FALSE(read(std::string(100000, '\xFF')));  // no valid header: a bitrate index of 15
  // One frame header in the middle of other bytes is no stream.
  EXPECT_FALSE(read(std::string(3000, 'x') + frame() + std::string(30000, 'y')));
  // Frames that cover only a little of the file (a big trailer after them): left to the tools.
  EXPECT_FALSE(read(frames(10) + std::string(100000, 'z')));
}

TEST(MediaMpeg, AMissingFileIsNoMpegAudio) { EXPECT_FALSE(read_mpeg_audio(std::filesystem::path("/nonexistent/x.mp3"))); }

}  // namespace
}  // namespace portal::media
