#pragma once
// The work of one job: the tools run on an upload's file, writing into a
// folder of the job's own (docs/decisions.md "Media ingest"):
//   audio   ffprobe; ffmpeg to MP3 for the player (track.mp3) and a 30-second
//           preview with its loudness normalised to EBU R128 (loudnorm:
//           track-preview.mp3)
//   video   ffprobe; ffmpeg to HLS in 240p/360p/720p (master.m3u8, <r>/index.m3u8)
//           and an 8-second preview.mp4, the ladder of scripts/generate-media
//   artwork cwebp, by its purpose: a cover is cover.webp and the 64-pixel cover.w64.webp; a
//           logo is logo.webp (its own size) and logo.h96.webp (96 pixels high at most, the
//           header's); an icon is cut square about its middle into icon-512.webp and icon-192.webp
//           (the web app manifest's sizes; one under 192 pixels a side is refused); a page structure's
//           image (a banner slide, a grid tile) is image.w1920.webp, at most 1920 pixels wide (the
//           storefront's widest hero on a screen of twice the density; never wider than the image), and
//           image.w640.webp, at most 640 wide (a tile, the console's thumbnail); one under 320 pixels wide
//           is refused
//   game    unpacked with libzip, entry by entry, its checks and byte count as it
//           is written (media_zip.hpp)
// ffprobe and ffmpeg read the one staged file by the file protocol only, with a
// demuxer the kind allows (media_formats.hpp; never a playlist or a list of
// files), forced on ffmpeg; the caller runs them in the job's own folder
// (FolderScope) and passes absolute paths. A file that is no media of its kind
// is refused with the reason. Blocking.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "domains/media/media_types.hpp"

namespace portal::media {

struct WorkOutput {
  std::string media;    // relative to the job's folder: the file the article plays
  std::string preview;  // "" when the kind has none
  std::optional<std::int64_t> duration_seconds;
};

struct WorkResult {
  std::optional<WorkOutput> output;
  std::string refusal;  // no output: why, for the editor
};

// Progress in percent (0-100), called now and then.
using ProgressFn = std::function<void(int)>;

WorkResult run_work(Kind kind, Purpose purpose, const std::filesystem::path& input,
                    const std::filesystem::path& out_dir, const Limits& limits, const ProgressFn& progress);

// The "Dimension: <w> x <h>" cwebp writes of the image it read (its summary on standard error).
std::optional<std::pair<int, int>> cwebp_dimension(std::string_view summary);

// The percentage of an ffmpeg -progress line ("out_time_us=…") within [from, to] of a
// run that makes `seconds` of media; nullopt for other lines.
std::optional<int> progress_of(std::string_view line, double seconds, int from, int to);

}  // namespace portal::media
