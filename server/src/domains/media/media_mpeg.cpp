#include "domains/media/media_mpeg.hpp"

#include <array>
#include <fstream>
#include <istream>
#include <string>

namespace portal::media {
namespace {

constexpr std::int64_t kSearch = 64 << 10;  // where the first frame may start, after the ID3v2 tags
constexpr double kCovered = 0.9;            // the frames' share of the bytes from the first on

// One frame header (4 bytes). version: 1 (MPEG-1), 2 (MPEG-2), 25 (MPEG-2.5).
struct Header {
  int version = 0;
  int layer = 0;
  int sample_rate = 0;
  int channels = 2;
  std::int64_t length = 0;  // bytes, header included
  int samples = 0;          // per frame
  bool same_stream(const Header& o) const {
    return version == o.version && layer == o.layer && sample_rate == o.sample_rate;
  }
};

std::optional<Header> header_of(const unsigned char* b) {
  if (b[0] != 0xFF || (b[1] & 0xE0) != 0xE0) return std::nullopt;
  const int version_bits = (b[1] >> 3) & 3, layer_bits = (b[1] >> 1) & 3;
  const int bitrate_index = b[2] >> 4, rate_index = (b[2] >> 2) & 3, padding = (b[2] >> 1) & 1;
  if (version_bits == 1 || layer_bits == 0 || bitrate_index == 0 || bitrate_index == 15 || rate_index == 3)
    return std::nullopt;  // reserved values; a free-format bitrate (0) has no length to walk by
  Header h;
  h.version = version_bits == 3 ? 1 : version_bits == 2 ? 2 : 25;
  h.layer = 4 - layer_bits;
  static constexpr std::array<std::array<int, 15>, 5> kBitrates{{
      {0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448},  // MPEG-1 layer I
      {0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384},     // MPEG-1 layer II
      {0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320},      // MPEG-1 layer III
      {0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256},     // MPEG-2/2.5 layer I
      {0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160},          // MPEG-2/2.5 layers II, III
  }};
  const int table = h.version == 1 ? h.layer - 1 : (h.layer == 1 ? 3 : 4);
  const std::int64_t bitrate = kBitrates[table][bitrate_index] * 1000LL;
  static constexpr std::array<int, 3> kRates{44100, 48000, 32000};
  h.sample_rate = kRates[rate_index] / (h.version == 1 ? 1 : h.version == 2 ? 2 : 4);
  h.channels = (b[3] >> 6) == 3 ? 1 : 2;
  if (h.layer == 1) {
    h.samples = 384;
    h.length = (12 * bitrate / h.sample_rate + padding) * 4;
  } else {
    h.samples = h.layer == 3 && h.version != 1 ? 576 : 1152;
    h.length = h.samples / 8 * bitrate / h.sample_rate + padding;
  }
  if (h.length < 4) return std::nullopt;
  return h;
}

std::uint32_t big_endian(const unsigned char* b) {
  return (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) | (std::uint32_t{b[2]} << 8) | b[3];
}

// Reads n bytes at `at`; fewer at the end of the stream.
std::string read_at(std::istream& in, std::int64_t at, std::int64_t n) {
  std::string out(static_cast<std::size_t>(n), '\0');
  in.clear();
  in.seekg(at);
  in.read(out.data(), n);
  out.resize(static_cast<std::size_t>(in.gcount()));
  return out;
}

const unsigned char* bytes_of(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }

// The frame count of a Xing/Info header (in the side information's place) or a VBRI one (32 bytes after
// the header), read from the first frame's bytes.
std::optional<std::uint32_t> declared_frames(const Header& h, const std::string& frame) {
  const std::size_t side = h.version == 1 ? (h.channels == 1 ? 17 : 32) : (h.channels == 1 ? 9 : 17);
  const auto* b = bytes_of(frame);
  if (h.layer == 3 && frame.size() >= 4 + side + 12) {
    const std::string_view tag(frame.data() + 4 + side, 4);
    if (tag == "Xing" || tag == "Info") {
      if ((big_endian(b + 4 + side + 4) & 1) == 0) return std::nullopt;  // no frame count given
      return big_endian(b + 4 + side + 8);
    }
  }
  if (frame.size() >= 36 + 18 && std::string_view(frame.data() + 36, 4) == "VBRI") return big_endian(b + 36 + 14);
  return std::nullopt;
}

}  // namespace

std::optional<MpegAudio> read_mpeg_audio(std::istream& in, std::int64_t size) {
  // ID3v2 tags first (one or more): "ID3", version, flags, a 28-bit size in four 7-bit bytes, maybe a footer.
  std::int64_t at = 0;
  for (;;) {
    const auto tag = read_at(in, at, 10);
    if (tag.size() < 10 || !tag.starts_with("ID3")) break;
    const auto* b = bytes_of(tag);
    if ((b[6] | b[7] | b[8] | b[9]) & 0x80) return std::nullopt;
    at += 10 + ((std::int64_t{b[6]} << 21) | (b[7] << 14) | (b[8] << 7) | b[9]) + ((b[5] & 0x10) ? 10 : 0);
  }
  // The first frame: a header followed by another of the same stream (or by the end).
  const auto window = read_at(in, at, kSearch + 4);
  std::optional<Header> first;
  std::int64_t start = 0;
  for (std::size_t i = 0; i + 4 <= window.size() && !first; ++i) {
    auto h = header_of(bytes_of(window) + i);
    if (!h) continue;
    const auto next = read_at(in, at + static_cast<std::int64_t>(i) + h->length, 4);
    if (next.size() < 4) continue;
    if (auto n = header_of(bytes_of(next)); n && n->same_stream(*h)) {
      first = h;
      start = at + static_cast<std::int64_t>(i);
    }
  }
  if (!first) return std::nullopt;
  MpegAudio out;
  if (auto frames = declared_frames(*first, read_at(in, start, first->length)); frames && *frames > 0)
    out.declared_seconds = static_cast<double>(*frames) * first->samples / first->sample_rate;
  // Frame after frame to the end, or to bytes that are no frame of the stream (an ID3v1 or APE tag).
  std::int64_t pos = start;
  in.clear();
  in.seekg(pos);
  std::array<unsigned char, 4> b{};
  while (pos < size) {
    in.clear();
    in.seekg(pos);
    in.read(reinterpret_cast<char*>(b.data()), 4);
    const auto got = in.gcount();
    if (got < 4) {
      out.cut_off = got > 0 && b[0] == 0xFF;  // a header's first bytes and no more
      break;
    }
    auto h = header_of(b.data());
    if (!h || !h->same_stream(*first)) break;
    if (pos + h->length > size) {
      out.cut_off = true;
      pos = size;
      break;
    }
    ++out.frames;
    out.seconds += static_cast<double>(h->samples) / h->sample_rate;
    pos += h->length;
  }
  if (out.frames < 2 || static_cast<double>(pos - start) < kCovered * static_cast<double>(size - start)) return std::nullopt;
  return out;
}

std::optional<MpegAudio> read_mpeg_audio(const std::filesystem::path& file) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(file, ec);
  if (ec) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  return read_mpeg_audio(in, static_cast<std::int64_t>(size));
}

}  // namespace portal::media
