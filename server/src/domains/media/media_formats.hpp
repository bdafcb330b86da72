#pragma once
// Which of ffmpeg's demuxers may read an upload of a kind (issue 45 item 2). An
// upload is one file: a demuxer that opens further files (a playlist such as
// HLS or DASH, a concat list, an image sequence, a tee of URLs) would let an
// upload name a file on the server (`../../../audio/<tenant>/...`) and have the
// transcode publish it. So the probe is restricted to the kind's list
// (ffprobe -format_whitelist), the demuxer it found is checked here once more
// and forced on ffmpeg (-f), and both tools read only the file protocol
// (-protocol_whitelist file). Pure.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domains/media/media_types.hpp"

namespace portal::media {

// The demuxers (ffmpeg's short names) an upload of `kind` may be read with; empty for
// the kinds no ffmpeg reads (artwork, game).
const std::vector<std::string_view>& allowed_demuxers(Kind kind);

// The same, comma-separated: ffprobe's -format_whitelist.
std::string demuxer_list(Kind kind);

// The demuxer to force for a file ffprobe named `format_name` (its format.format_name, a
// comma-separated list such as "mov,mp4,m4a,3gp,3g2,mj2"): the first of those names the
// kind allows; nullopt when none is (a playlist, a concat list, an image sequence, ...).
std::optional<std::string> demuxer_for(Kind kind, std::string_view format_name);

}  // namespace portal::media
