#pragma once
// Tournament brackets (issue 15; docs/contracts.md "Tournament brackets"):
// single elimination seeded from the registered teams in registration order,
// byes for the top seeds when the count is not a power of two, matches whose
// result both captains report (or the tenant's organizer settles), the winner
// advancing. No SQL or HTTP types.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
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

// A team as the bracket shows it.
struct BracketTeam {
  std::int64_t id = 0;
  std::string name;
  std::int64_t seed = 0;  // 1 = registered first
  std::int64_t members = 0;
  std::string captain_user_id;
};

// A match (id 0 in a preview) with what the caller may do with it.
struct BracketMatch : MatchRecord {
  std::vector<std::int64_t> reported_by;  // team ids whose captain reported
  bool can_report = false;                // the caller may report it now
};

struct BracketRound {
  std::int64_t round = 1;
  std::vector<BracketMatch> matches;
};

// A tournament's single-elimination bracket as the caller sees it.
struct Bracket {
  std::int64_t tournament_id = 0;
  std::string state;     // REGISTRATION | DRAWN | FINISHED
  bool preview = false;  // the rounds are the draw as it would be now
  std::int64_t team_size = 1;
  std::vector<BracketTeam> teams;
  std::vector<BracketRound> rounds;
  std::optional<std::int64_t> champion_team_id;
  std::optional<std::int64_t> my_team_id;
  std::vector<std::int64_t> my_pending_team_ids;  // teams the caller asked to join, not answered yet
  bool captain = false;    // the caller captains my_team_id
  bool organizer = false;  // the caller may draw and settle
  std::optional<std::string> drawn_at;
};

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

// An entry in one language (body "" in lists).
struct MediaText {
  std::int64_t id = 0;
  std::int64_t tournament_id = 0;
  std::string kind;  // news | video
  std::string language;
  std::string title;
  std::string summary;
  std::string body;  // paragraphs separated by blank lines
  std::string image_url;
  std::string video_url;
  std::int64_t duration = 0;
  std::string published_at;
};

struct MediaList {
  std::vector<MediaText> news;
  std::vector<MediaText> videos;
};

}  // namespace portal::tournaments
