#pragma once
// Tournament brackets (issue 15; docs/contracts.md "Tournament brackets"):
// single elimination seeded from the registered teams in registration order,
// byes for the top seeds when the count is not a power of two, matches whose
// result both captains report (or the tenant's organizer settles), the winner
// advancing. No SQL or HTTP types.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::tournaments {

// The role that may draw a bracket and settle a match (users.roles).
inline constexpr std::string_view kOrganizerRole = "organizer";

struct BracketRecord {
  std::int64_t tournament_id = 0;
  std::string state;  // REGISTRATION | DRAWN | FINISHED
  std::int64_t registered = 0;
  std::int64_t rounds = 0;
  std::optional<std::int64_t> champion_team_id;
  std::string created_at;
  std::optional<std::string> drawn_at;
};

struct MatchRecord {
  std::int64_t id = 0;
  std::int64_t tournament_id = 0;
  std::int64_t round = 1;
  std::int64_t position = 0;
  std::optional<std::int64_t> home_team_id;
  std::optional<std::int64_t> away_team_id;
  std::string status;  // WAITING | READY | BYE | DISPUTED | DONE
  std::optional<std::int64_t> winner_team_id;
  std::optional<std::string> decided_by;  // BYE | CAPTAINS | ORGANIZER
  std::int64_t reports = 0;
  std::optional<std::string> decided_at;
};

struct ReportRecord {
  std::int64_t match_id = 0;
  std::int64_t team_id = 0;
  std::int64_t winner_team_id = 0;
  std::string created_at;
};

// The reporter of a result.
struct Reporter {
  std::string uuid;
  bool organizer = false;
};

// Wire shapes.
struct BracketTeamDto {
  std::int64_t id = 0;
  std::string name;
  std::int64_t seed = 0;  // 1 = registered first
  std::int64_t members = 0;
  std::string captainUserId;
};
BOOST_DESCRIBE_STRUCT(BracketTeamDto, (), (id, name, seed, members, captainUserId))

struct MatchDto {
  std::int64_t id = 0;  // 0 in a preview (registration still open)
  std::int64_t round = 1;
  std::int64_t position = 0;
  std::optional<std::int64_t> homeTeamId;
  std::optional<std::int64_t> awayTeamId;
  std::string status;
  std::optional<std::int64_t> winnerTeamId;
  std::optional<std::string> decidedBy;
  std::vector<std::int64_t> reportedBy;  // team ids whose captain reported
  bool canReport = false;                // the caller may report it now
};
BOOST_DESCRIBE_STRUCT(MatchDto, (),
                      (id, round, position, homeTeamId, awayTeamId, status, winnerTeamId, decidedBy, reportedBy,
                       canReport))

struct RoundDto {
  std::int64_t round = 1;
  std::vector<MatchDto> matches;
};
BOOST_DESCRIBE_STRUCT(RoundDto, (), (round, matches))

struct BracketDto {
  std::int64_t tournamentId = 0;
  std::string format = "SINGLE_ELIMINATION";
  std::string state;  // REGISTRATION | DRAWN | FINISHED
  bool preview = false;  // the rounds are the draw as it would be now
  std::int64_t teamSize = 1;
  std::vector<BracketTeamDto> teams;
  std::vector<RoundDto> rounds;
  std::optional<std::int64_t> championTeamId;
  std::optional<std::int64_t> myTeamId;
  bool captain = false;     // the caller captains myTeamId
  bool organizer = false;   // the caller may draw and settle
  std::optional<std::string> drawnAt;
};
BOOST_DESCRIBE_STRUCT(BracketDto, (),
                      (tournamentId, format, state, preview, teamSize, teams, rounds, championTeamId, myTeamId,
                       captain, organizer, drawnAt))

// Tournament news and videos (data/tournaments/media.json), per language.
struct MediaEntry {
  std::int64_t id = 0;
  std::int64_t tournament_id = 0;
  std::string kind;  // news | video
  std::vector<std::string> tenants;  // empty: every tenant
  std::string published_at;
  std::string image_url;
  std::string video_url;  // videos only
  std::int64_t duration = 0;  // seconds, videos only
  // language -> text
  std::vector<std::pair<std::string, std::string>> title, summary, body;
};

struct MediaDto {
  std::int64_t id = 0;
  std::int64_t tournamentId = 0;
  std::string kind;
  std::string language;
  std::string title;
  std::string summary;
  std::string body;  // paragraphs separated by blank lines
  std::string imageUrl;
  std::string videoUrl;
  std::int64_t duration = 0;
  std::string publishedAt;
};
BOOST_DESCRIBE_STRUCT(MediaDto, (),
                      (id, tournamentId, kind, language, title, summary, body, imageUrl, videoUrl, duration,
                       publishedAt))

struct MediaListDto {
  std::vector<MediaDto> news;
  std::vector<MediaDto> videos;
};
BOOST_DESCRIBE_STRUCT(MediaListDto, (), (news, videos))

}  // namespace portal::tournaments
