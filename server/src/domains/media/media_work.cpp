#include "domains/media/media_work.hpp"

#include <boost/json.hpp>  // free-form: ffprobe's output, a foreign document whose members vary by file; three are read
#include <charconv>
#include <cmath>
#include <csignal>
#include <fstream>

#include "domains/media/media_formats.hpp"
#include "domains/media/media_image.hpp"
#include "domains/media/media_mpeg.hpp"
#include "domains/media/media_process.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/media/media_zip.hpp"

namespace portal::media {
namespace fs = std::filesystem;
namespace json = boost::json;

namespace {

using namespace std::chrono_literals;
constexpr auto kProbeTimeout = 60s;
constexpr auto kTranscodeTimeout = std::chrono::seconds(2 * 3600);
constexpr auto kImageTimeout = 120s;
constexpr double kPreviewSeconds = 30;
// The largest file a tool may write (RLIMIT_FSIZE, media_process.hpp), by what it makes: ffprobe writes none;
// an HLS segment is 4 seconds and the preview 8; an MP3 of the declared length four times over, at least 256 MiB
// (4.6 hours at 128 kbit/s: a VBR file's length may be misjudged from its first frames); a WebP at most the
// image's RGBA bytes.
constexpr std::int64_t kProbeFileBytes = 1LL << 20;
constexpr std::int64_t kSegmentFileBytes = 256LL << 20;
constexpr std::int64_t kMinTrackFileBytes = 256LL << 20;

ToolLimits tool_limits(const Limits& limits, std::int64_t file_bytes) { return {limits.tool_memory, file_bytes}; }

std::int64_t track_file_bytes(double seconds, int kbit_per_second) {
  const double bytes = 4 * (std::max(seconds, 0.0) + 60) * kbit_per_second * 1000 / 8;
  return std::max<std::int64_t>(kMinTrackFileBytes, static_cast<std::int64_t>(std::min(bytes, 64e9)));
}

WorkResult refuse(std::string why) { return {std::nullopt, std::move(why)}; }

// The first line of a tool's complaint, for a reason an editor can read.
std::string first_line(const std::string& text) {
  auto s = text.substr(0, text.find('\n'));
  if (s.size() > 200) s.resize(200);
  return s;
}

// Why a tool's run failed, for the editor: over its time, over one of its limits (media_process.hpp), or its complaint.
std::string failed_tool(const std::string& what, const ToolRun& run) {
  if (run.timed_out) return what + " took too long";
  if (run.not_started) return what + ": the tool could not be started";
  if (run.signal == SIGXCPU) return what + " used up its CPU time";
  if (run.signal == SIGXFSZ) return what + " wrote a file over its size limit";
  if (run.signal) return what + " was stopped (signal " + std::to_string(run.signal) + ")";
  return what + " failed" + (run.err_tail.empty() ? std::string() : ": " + first_line(run.err_tail));
}

struct Probe {
  bool audio = false;
  bool video = false;  // a moving picture (not a cover image inside an audio file)
  double seconds = 0;
  fs::path input;       // the one staged file
  std::string demuxer;  // the one the probe found among the kind's (media_formats.hpp), forced on ffmpeg
};

std::string format_refusal(Kind kind, std::string_view found) {
  std::string accepted;
  for (auto name : allowed_demuxers(kind)) accepted += (accepted.empty() ? "" : ", ") + std::string(name);
  return "not a format accepted for " + std::string(kind_name(kind)) + " uploads (" +
         (found.empty() ? std::string("unknown") : std::string(found)) +
         "): one file of " + accepted + " is read, never a playlist, a list of files or an image sequence";
}

// ffprobe's "[hls @ 0x55…] Format not on whitelist '…'": the demuxer the probe found outside the kind's list.
std::optional<std::string> refused_demuxer(const std::string& err) {
  const auto at = err.find("Format not on whitelist");
  if (at == std::string::npos) return std::nullopt;
  const auto open = err.rfind('[', at);
  const auto sep = open == std::string::npos ? std::string::npos : err.find(" @ ", open);
  if (sep == std::string::npos || sep > at) return std::string();
  return err.substr(open + 1, sep - open - 1);
}

// The probe reads the one file (file protocol only) with the demuxers the kind allows, never one that opens
// further files (a playlist, a concat list, an image sequence: media_formats.hpp).
std::optional<Probe> probe(Kind kind, const fs::path& input, const Limits& limits, std::string& why) {
  auto run = run_tool({"ffprobe", "-v", "error", "-protocol_whitelist", "file", "-format_whitelist", demuxer_list(kind),
                       "-print_format", "json", "-show_format", "-show_streams", input.string()},
                      kProbeTimeout, tool_limits(limits, kProbeFileBytes));
  if (!run.ok()) {
    if (auto found = refused_demuxer(run.err_tail)) {
      why = format_refusal(kind, *found);
      return std::nullopt;
    }
    // Its complaint without the staging file's path ("<path>: Invalid data found ..."): the editor's reason.
    std::string complaint = first_line(run.err_tail);
    if (const auto prefix = input.string() + ": "; complaint.starts_with(prefix)) complaint.erase(0, prefix.size());
    why = run.signal ? failed_tool("reading the file", run)
                     : "not a media file ffprobe can read" + (complaint.empty() ? std::string() : ": " + complaint);
    return std::nullopt;
  }
  boost::system::error_code ec;
  auto doc = json::parse(run.out, ec);
  if (ec || !doc.is_object()) {
    why = "not a media file ffprobe can read";
    return std::nullopt;
  }
  Probe p;
  p.input = input;
  if (auto* format = doc.as_object().if_contains("format"); format && format->is_object())
    if (auto* name = format->as_object().if_contains("format_name"); name && name->is_string()) {
      const std::string found(name->as_string());
      if (auto demuxer = demuxer_for(kind, found)) p.demuxer = *demuxer;
      else {
        why = format_refusal(kind, found);
        return std::nullopt;
      }
    }
  if (p.demuxer.empty()) {
    why = "not a media file ffprobe can read: no format found";
    return std::nullopt;
  }
  if (auto* streams = doc.as_object().if_contains("streams"); streams && streams->is_array())
    for (const auto& s : streams->as_array()) {
      if (!s.is_object()) continue;
      const auto* type = s.as_object().if_contains("codec_type");
      if (!type || !type->is_string()) continue;
      if (*type == "audio") p.audio = true;
      if (*type == "video") {
        bool picture = false;
        if (auto* d = s.as_object().if_contains("disposition"); d && d->is_object())
          if (auto* a = d->as_object().if_contains("attached_pic"); a && a->is_int64()) picture = a->as_int64() == 1;
        if (!picture) p.video = true;
      }
    }
  if (auto* format = doc.as_object().if_contains("format"); format && format->is_object())
    if (auto* d = format->as_object().if_contains("duration"); d && d->is_string()) {
      try {
        p.seconds = std::stod(std::string(d->as_string()));
      } catch (...) {
      }
    }
  return p;
}

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

// ffmpeg with -progress on its standard output; the decoded length is kept so a
// file shorter than its header says (a truncated one) shows.
struct Transcode {
  ToolRun run;
  double decoded = 0;
};

// The input: one file, read by the demuxer named (the probed one for an upload), by the file protocol only.
Transcode ffmpeg(const fs::path& input, const std::string& demuxer, std::vector<std::string> args, double seconds,
                 int from, int to, const ToolLimits& tool, const ProgressFn& progress) {
  // Global options first: after the output they would be trailing options ffmpeg may ignore.
  std::vector<std::string> argv{"ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-progress", "pipe:1",
                                "-nostats", "-protocol_whitelist", "file", "-f", demuxer, "-i", input.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  Transcode t;
  t.run = run_tool(argv, kTranscodeTimeout, tool, [&](std::string_view line) {
    if (line.starts_with("out_time_us=")) {
      std::int64_t us = 0;
      const auto v = line.substr(12);
      if (std::from_chars(v.data(), v.data() + v.size(), us).ec == std::errc{} && us > 0) t.decoded = us / 1e6;
    }
    if (auto p = progress_of(line, seconds, from, to); p && progress) progress(*p);
  });
  return t;
}

WorkResult audio(const fs::path& input, const fs::path& out, const Limits& limits, const ProgressFn& progress) {
  std::string why;
  auto p = probe(Kind::audio, input, limits, why);
  if (!p) return refuse(why);
  if (!p->audio) return refuse("the file has no audio (is it the right kind?)");
  if (!(p->seconds > 0)) return refuse("the file has no length: truncated, or not audio");
  // An MP3 cut short: ffprobe takes its length from the bytes there are, so what the file says of itself
  // decides (media_mpeg.hpp): its header's length, or a last frame that runs past the end.
  const auto mpeg = read_mpeg_audio(input);
  if (mpeg && mpeg->cut_off)
    return refuse("the file is truncated: its last audio frame is cut off after " + seconds_text(mpeg->seconds) +
                  " seconds");
  const double expected = std::max(p->seconds, mpeg ? mpeg->declared_seconds.value_or(0) : 0);
  progress(5);
  auto full = ffmpeg(p->input, p->demuxer, {"-map", "0:a:0", "-vn", "-ac", "2", "-ar", "44100", "-c:a", "libmp3lame",
                      "-b:a", "128k", (out / "track.mp3").string()},
                     p->seconds, 5, 75, tool_limits(limits, track_file_bytes(expected, 128)), progress);
  if (!full.run.ok()) return refuse(failed_tool("transcoding the audio", full.run));
  if (full.decoded + 1.0 < expected * 0.9)
    return refuse("the file is truncated: " + seconds_text(full.decoded) + " of " + seconds_text(expected) +
                  " seconds could be read");
  // The preview: the first 30 seconds, loudness normalised (EBU R128, -16 LUFS), faded in and out.
  const double length = std::min(p->seconds, kPreviewSeconds);
  const double fade = std::min(2.0, length / 4);
  const std::string filter = "loudnorm=I=-16:TP=-1.5:LRA=11,afade=t=in:d=" + seconds_text(std::min(1.0, length / 4)) +
                             ",afade=t=out:st=" + seconds_text(length - fade) + ":d=" + seconds_text(fade);
  auto preview = ffmpeg(p->input, p->demuxer, {"-map", "0:a:0", "-vn", "-t", seconds_text(length), "-af", filter, "-ar",
                         "44100", "-ac", "2", "-c:a", "libmp3lame", "-b:a", "96k", (out / "track-preview.mp3").string()},
                        length, 75, 99, tool_limits(limits, track_file_bytes(length, 96)), progress);
  if (!preview.run.ok()) return refuse(failed_tool("making the preview", preview.run));
  return {WorkOutput{"track.mp3", "track-preview.mp3", static_cast<std::int64_t>(std::lround(p->seconds))}, {}};
}

WorkResult video(const fs::path& input, const fs::path& out, const Limits& limits, const ProgressFn& progress) {
  std::string why;
  auto p = probe(Kind::video, input, limits, why);
  if (!p) return refuse(why);
  if (!p->video) return refuse("the file has no video (is it the right kind?)");
  if (!(p->seconds > 0)) return refuse("the file has no length: truncated, or not video");
  progress(5);
  // The ladder of scripts/generate-media: 240p/360p/720p, 4-second segments.
  std::vector<std::string> args{"-filter_complex",
                                "[0:v]split=3[a][b][c];[a]scale=-2:240[v0];[b]scale=-2:360[v1];[c]scale=-2:720[v2]"};
  for (int i = 0; i < 3; ++i) {
    args.insert(args.end(), {"-map", "[v" + std::to_string(i) + "]"});
    if (p->audio) args.insert(args.end(), {"-map", "0:a:0"});
  }
  args.insert(args.end(), {"-c:v", "libx264", "-preset", "superfast", "-profile:v", "main", "-pix_fmt", "yuv420p", "-g",
                           "50", "-keyint_min", "50", "-sc_threshold", "0", "-b:v:0", "350k", "-maxrate:v:0", "400k",
                           "-bufsize:v:0", "800k", "-b:v:1", "800k", "-maxrate:v:1", "900k", "-bufsize:v:1", "1600k",
                           "-b:v:2", "2500k", "-maxrate:v:2", "2800k", "-bufsize:v:2", "5000k"});
  if (p->audio) args.insert(args.end(), {"-c:a", "aac", "-b:a", "96k", "-ac", "2"});
  args.insert(args.end(), {"-f", "hls", "-hls_time", "4", "-hls_playlist_type", "vod", "-hls_flags",
                           "independent_segments", "-hls_segment_filename", (out / "%v/seg_%03d.ts").string(),
                           "-master_pl_name", "master.m3u8", "-var_stream_map",
                           p->audio ? "v:0,a:0,name:240p v:1,a:1,name:360p v:2,a:2,name:720p"
                                    : "v:0,name:240p v:1,name:360p v:2,name:720p",
                           (out / "%v/index.m3u8").string()});
  auto hls = ffmpeg(p->input, p->demuxer, args, p->seconds, 5, 95, tool_limits(limits, kSegmentFileBytes), progress);
  if (!hls.run.ok()) return refuse(failed_tool("making the HLS renditions", hls.run));
  if (hls.decoded + 1.0 < p->seconds * 0.9)
    return refuse("the file is truncated: " + seconds_text(hls.decoded) + " of " + seconds_text(p->seconds) +
                  " seconds could be read");
  // Our own playlist (its segments beside it), not the upload: the one place the hls demuxer reads.
  auto preview = ffmpeg(out / "360p/index.m3u8", "hls", {"-t", "8", "-c", "copy", "-movflags", "+faststart",
                         (out / "preview.mp4").string()},
                        8, 95, 99, tool_limits(limits, kSegmentFileBytes), progress);
  if (!preview.run.ok()) return refuse(failed_tool("making the preview", preview.run));
  return {WorkOutput{"master.m3u8", "preview.mp4", static_cast<std::int64_t>(std::lround(p->seconds))}, {}};
}

// The largest side a WebP has (14 bits): cwebp would decode a wider image only to fail writing it.
constexpr std::uint64_t kWebpMaxSide = 16383;

std::string sides_text(std::uint64_t width, std::uint64_t height) {
  return std::to_string(width) + " × " + std::to_string(height);
}

// The image's size as its own header declares it (media_image.hpp), read before any tool decodes a byte of it: a
// file no reader here knows, a damaged header, more than limits.image_pixels or a side longer than a WebP's is
// refused with the reason.
ImageHeader declared_image(const fs::path& input, const Limits& limits) {
  auto header = read_image_header_file(input);
  if (!header.size) return header;
  const auto& size = *header.size;
  if (auto over = too_many_pixels(size.width, size.height, limits.image_pixels)) return {std::nullopt, *over};
  if (size.width > kWebpMaxSide || size.height > kWebpMaxSide)
    return {std::nullopt, "the image is " + sides_text(size.width, size.height) + " pixels; a side of at most " +
                              std::to_string(kWebpMaxSide) + " pixels is accepted (a WebP's largest)"};
  return header;
}

// One cwebp run from the upload to `out` (extra options before the input); its summary (standard error) tells the
// size it read. Its output is at most the image's RGBA bytes.
ToolRun cwebp(const fs::path& input, const fs::path& out, const std::string& quality, std::vector<std::string> options,
              const Limits& limits) {
  std::vector<std::string> argv{"cwebp", "-q", quality, "-m", "2"};
  argv.insert(argv.end(), options.begin(), options.end());
  argv.insert(argv.end(), {input.string(), "-o", out.string()});
  return run_tool(argv, kImageTimeout, tool_limits(limits, limits.image_pixels * 4 + (1LL << 20)));
}

// The first conversion of an artwork upload, once its header passed: cwebp must read the size the header declared
// (a header that tells this reader one size and the decoder another is refused).
ImageHeader first_conversion(const fs::path& input, const fs::path& out, const std::string& quality,
                             std::vector<std::string> options, const Limits& limits) {
  auto declared = declared_image(input, limits);
  if (!declared.size) return declared;
  const auto run = cwebp(input, out, quality, std::move(options), limits);
  if (run.timed_out) return {std::nullopt, "converting the image took too long"};
  if (run.signal || run.not_started) return {std::nullopt, failed_tool("converting the image", run)};
  const auto read = run.ok() ? cwebp_dimension(run.err_tail) : std::nullopt;
  // The header was read: a decoder that fails now met damaged data, or needed more memory than a tool may have.
  if (!read)
    return {std::nullopt, "the " + std::string(image_format_name(declared.size->format)) +
                              " image could not be decoded: its data is damaged, or decoding it needs more than the " +
                              std::to_string(limits.tool_memory >> 20) + " MiB a tool may use"};
  const auto& size = *declared.size;
  if (static_cast<std::uint32_t>(read->first) != size.width || static_cast<std::uint32_t>(read->second) != size.height)
    return {std::nullopt, "a damaged image: its header declares " + sides_text(size.width, size.height) +
                              " pixels but it reads as " + sides_text(read->first, read->second)};
  return declared;
}

WorkResult artwork(const fs::path& input, const fs::path& out, const Limits& limits, const ProgressFn& progress) {
  // The sizes of scripts/generate-media: the image's own, and 64 pixels wide (a blurred backdrop's).
  const auto full = first_conversion(input, out / "cover.webp", "80", {}, limits);
  if (!full.size) return refuse(full.refusal);
  progress(60);
  // The 64-pixel-wide copy of a very narrow image is taller than the image: it too must fit in a WebP (and so
  // holds at most 64 × 16383 pixels).
  const std::uint64_t width = full.size->width, height = full.size->height;
  const std::uint64_t thumb_height = (height * 64 + width / 2) / width;
  if (thumb_height > kWebpMaxSide)
    return refuse("the image is " + sides_text(width, height) + " pixels, too narrow for its 64-pixel-wide copy (" +
                  sides_text(64, thumb_height) + "; a side of at most " + std::to_string(kWebpMaxSide) +
                  " pixels is accepted)");
  auto thumb = cwebp(input, out / "cover.w64.webp", "80", {"-quiet", "-resize", "64", "0"}, limits);
  if (!thumb.ok()) return refuse(failed_tool("making the 64-pixel image", thumb));
  return {WorkOutput{"cover.webp", "", std::nullopt}, {}};
}

WorkResult logo(const fs::path& input, const fs::path& out, const Limits& limits, const ProgressFn& progress) {
  const auto full = first_conversion(input, out / "logo.webp", "85", {"-alpha_q", "100"}, limits);
  if (!full.size) return refuse(full.refusal);
  progress(60);
  // The header shows a logo at most 48 pixels high: 96 is that on a screen of twice the density (never larger
  // than the image: it is made only from a taller one).
  if (full.size->height <= 96) return {WorkOutput{"logo.webp", "logo.webp", std::nullopt}, {}};
  auto header = cwebp(input, out / "logo.h96.webp", "85", {"-alpha_q", "100", "-resize", "0", "96"}, limits);
  if (!header.ok()) return refuse(failed_tool("making the 96-pixel logo", header));
  return {WorkOutput{"logo.h96.webp", "logo.webp", std::nullopt}, {}};
}

WorkResult icon(const fs::path& input, const fs::path& out, const Limits& limits, const ProgressFn& progress) {
  // The first run reads the image and tells its size; a square about its middle is cut from it for each size.
  const auto read = first_conversion(input, out / "icon-source.webp", "85", {"-alpha_q", "100"}, limits);
  if (!read.size) return refuse(read.refusal);
  std::error_code ec;
  fs::remove(out / "icon-source.webp", ec);
  const auto w = static_cast<std::int64_t>(read.size->width), h = static_cast<std::int64_t>(read.size->height);
  const std::int64_t side = std::min(w, h);
  if (side < 192)
    return refuse("an icon needs at least 192 pixels a side; this image is " + std::to_string(w) + " x " +
                  std::to_string(h));
  const std::vector<std::string> square{"-crop", std::to_string((w - side) / 2), std::to_string((h - side) / 2),
                                        std::to_string(side), std::to_string(side)};
  progress(40);
  for (int pixels : {512, 192}) {
    auto options = square;
    options.insert(options.end(), {"-alpha_q", "100", "-resize", std::to_string(pixels), std::to_string(pixels)});
    auto made = cwebp(input, out / ("icon-" + std::to_string(pixels) + ".webp"), "85", options, limits);
    if (!made.ok()) return refuse(failed_tool("making the " + std::to_string(pixels) + "-pixel icon", made));
    progress(pixels == 512 ? 70 : 95);
  }
  return {WorkOutput{"icon-512.webp", "icon-192.webp", std::nullopt}, {}};
}

WorkResult structure_image(const fs::path& input, const fs::path& out, const Limits& limits, const ProgressFn& progress) {
  // The first run reads the image and tells its size; each width is made from the image itself.
  const auto read = first_conversion(input, out / "image-source.webp", "82", {}, limits);
  if (!read.size) return refuse(read.refusal);
  std::error_code ec;
  fs::remove(out / "image-source.webp", ec);
  const auto w = static_cast<std::int64_t>(read.size->width), h = static_cast<std::int64_t>(read.size->height);
  if (w < 320)
    return refuse("a banner or tile image needs at least 320 pixels across; this image is " + std::to_string(w) + " x " +
                  std::to_string(h));
  progress(40);
  for (int pixels : {1920, 640}) {
    const std::string name = "image.w" + std::to_string(pixels) + ".webp";
    std::vector<std::string> options{"-quiet"};
    if (w > pixels) options.insert(options.end(), {"-resize", std::to_string(pixels), "0"});
    auto made = cwebp(input, out / name, "82", options, limits);
    if (!made.ok()) return refuse(failed_tool("making the " + std::to_string(pixels) + "-pixel image", made));
    progress(pixels == 1920 ? 75 : 95);
  }
  return {WorkOutput{"image.w1920.webp", "image.w640.webp", std::nullopt}, {}};
}

WorkResult game(const fs::path& input, const fs::path& out, const Limits& limits, const ProgressFn& progress) {
  // Unpacked by this process with libzip, each entry checked and its bytes counted as written (media_zip.hpp).
  progress(10);
  const auto unpacked = unpack_zip(input, out, ZipLimits{limits.game_files, limits.game_unpacked});
  if (!unpacked.listing) return refuse("a refused game archive: " + unpacked.refusal);
  // What a download of the game saves (catalog game_package_name): the files checked and written, packed anew.
  if (!pack_zip(out, unpacked.listing->names, out / catalog::game_package_name))
    return refuse("the game's download package could not be written");
  progress(90);
  return {WorkOutput{"index.html", "", std::nullopt}, {}};
}

}  // namespace

std::optional<int> progress_of(std::string_view line, double seconds, int from, int to) {
  if (!line.starts_with("out_time_us=") || !(seconds > 0)) return std::nullopt;
  std::int64_t us = 0;
  const auto v = line.substr(12);
  if (std::from_chars(v.data(), v.data() + v.size(), us).ec != std::errc{} || us < 0) return std::nullopt;
  const double share = std::clamp(us / 1e6 / seconds, 0.0, 1.0);
  return from + static_cast<int>(share * (to - from));
}

std::optional<std::pair<int, int>> cwebp_dimension(std::string_view summary) {
  const auto at = summary.find("Dimension: ");
  if (at == std::string_view::npos) return std::nullopt;
  auto rest = summary.substr(at + 11);
  int width = 0, height = 0;
  auto r = std::from_chars(rest.data(), rest.data() + rest.size(), width);
  if (r.ec != std::errc{} || !std::string_view(r.ptr, rest.data() + rest.size()).starts_with(" x ")) return std::nullopt;
  r = std::from_chars(r.ptr + 3, rest.data() + rest.size(), height);
  if (r.ec != std::errc{} || width <= 0 || height <= 0) return std::nullopt;
  return std::pair{width, height};
}

WorkResult run_work(Kind kind, Purpose purpose, const fs::path& input, const fs::path& out_dir, const Limits& limits,
                    const ProgressFn& progress) {
  const ProgressFn report = progress ? progress : [](int) {};
  if (kind == Kind::artwork && purpose == Purpose::logo) return logo(input, out_dir, limits, report);
  if (kind == Kind::artwork && purpose == Purpose::icon) return icon(input, out_dir, limits, report);
  if (kind == Kind::artwork && purpose == Purpose::structure) return structure_image(input, out_dir, limits, report);
  switch (kind) {
    case Kind::audio: return audio(input, out_dir, limits, report);
    case Kind::video: return video(input, out_dir, limits, report);
    case Kind::artwork: return artwork(input, out_dir, limits, report);
    case Kind::game: return game(input, out_dir, limits, report);
  }
  return refuse("unknown kind");
}

}  // namespace portal::media
