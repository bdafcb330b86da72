#pragma once
// Tournament news and videos as stored: a JSON file read once at start
// (data/tournaments/media.json), decoded here into MediaEntry values so that
// TournamentMediaService sees typed entries only.
#include <string>
#include <vector>

#include "domains/tournaments/bracket_types.hpp"

namespace portal::tournaments {

// {"news": [entry], "videos": [entry]}, entry = {id, tournamentId, tenants?,
// publishedAt, imageUrl, videoUrl?, duration?, title{lang}, summary{lang},
// body{lang}} (six languages, en required), newest first. A missing file is
// no entries; throws on a malformed file.
std::vector<MediaEntry> load_tournament_media(const std::string& path);

}  // namespace portal::tournaments
