#pragma once
// What an MPEG audio file (MP3; MPEG-1, 2 and 2.5, layers I to III) says of
// its own length, read from its bytes rather than asked of the tools: the
// frame count of its Xing/Info or VBRI header (written by the encoder once the
// whole file was made), and whether its frames run to the end of the file or
// the last one is cut off. A file cut short (the first 200 KB of a long
// track) keeps its header's frame count or, without a header (sox and
// streaming encoders write none), ends in the middle of a frame; the decoder
// cannot tell either (it decodes what is there, ffprobe estimates the length
// from the bytes). Pure: no tools, no SQL.
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>

namespace portal::media {

struct MpegAudio {
  std::optional<double> declared_seconds;  // the Xing/Info or VBRI header's frame count, as seconds
  std::int64_t frames = 0;                 // whole frames one after the other from the first
  double seconds = 0;                      // their length
  bool cut_off = false;                    // the last frame runs past the end of the file
};

// nullopt when the bytes are no MPEG audio stream: after any ID3v2 tag, a
// frame must start within the first 64 KiB, be followed by one of the same
// stream, and the frames from there must cover at least 90% of what follows
// (tags at the end are allowed; anything else is left to the tools).
// `in` holds `size` bytes, read from its start.
std::optional<MpegAudio> read_mpeg_audio(std::istream& in, std::int64_t size);
// The same of a file; nullopt when it cannot be read.
std::optional<MpegAudio> read_mpeg_audio(const std::filesystem::path& file);

}  // namespace portal::media
