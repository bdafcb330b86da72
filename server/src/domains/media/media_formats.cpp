#include "domains/media/media_formats.hpp"

#include <algorithm>

namespace portal::media {

namespace {

// Containers of one file each, none of which opens another file by itself (mov's
// external references stay off: ffmpeg's enable_drefs defaults to 0).
const std::vector<std::string_view> kAudio{"mp3", "wav", "flac", "ogg", "mov", "aac", "aiff", "matroska"};
const std::vector<std::string_view> kVideo{"mov", "matroska", "avi", "mpegts"};
const std::vector<std::string_view> kNone{};

}  // namespace

const std::vector<std::string_view>& allowed_demuxers(Kind kind) {
  switch (kind) {
    case Kind::audio: return kAudio;
    case Kind::video: return kVideo;
    case Kind::artwork:
    case Kind::game: return kNone;
  }
  return kNone;
}

std::string demuxer_list(Kind kind) {
  std::string out;
  for (auto name : allowed_demuxers(kind)) {
    if (!out.empty()) out += ',';
    out += name;
  }
  return out;
}

std::optional<std::string> demuxer_for(Kind kind, std::string_view format_name) {
  const auto& allowed = allowed_demuxers(kind);
  for (std::size_t i = 0; i <= format_name.size();) {
    const auto j = std::min(format_name.find(',', i), format_name.size());
    const auto name = format_name.substr(i, j - i);
    if (!name.empty() && std::find(allowed.begin(), allowed.end(), name) != allowed.end()) return std::string(name);
    i = j + 1;
  }
  return std::nullopt;
}

}  // namespace portal::media
