#pragma once
// Challenges (commerce §3 Challenge; docs/contracts.md "Challenges and
// rewards"): the steps' rules read from the catalog's challenge document, the
// progress a user made, and the rewards ledger. Plain data; no storage.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace portal::challenges {

// What a step counts (a step's "kind" in the catalog file; decisions.md),
// only from events the server recorded itself (events::Origin::server; what a
// client sends to POST /kafka/event/{name} counts for nothing):
//   PLAY_GAME    each start of the challenge's game (instantPlay: a game
//                session the server opened, payload.articleId = the game);
//   PLAY_TRACKS  each different full track listened to at least half way
//                (trackListened: a play ticket's counted report seconds
//                reached half the track's length).
// A step whose kind is missing or unknown never progresses (kind "UNKNOWN").
enum class StepKind { play_game, play_tracks, unknown };

std::string_view kind_name(StepKind k);

inline constexpr std::string_view kTickets = "TICKETS";
inline constexpr std::int64_t kMaxTarget = 1000;
// The notification kind of a credited step (notifications.kind.CHALLENGE_REWARD).
inline constexpr std::string_view kRewardNoteKind = "CHALLENGE_REWARD";

struct StepRule {
  std::int64_t id = 0;
  StepKind kind = StepKind::unknown;
  std::int64_t target = 1;   // how many counted plays complete it (1..kMaxTarget)
  std::int64_t tickets = 0;  // the TICKETS rewards of the step, summed
};

struct ChallengeRules {
  std::int64_t id = 0;
  std::int64_t game_id = 0;
  bool chained = false;
  std::string starts_at;  // ISO-8601 or "" (no start)
  std::string ends_at;    // ISO-8601 or "" (no end)
  std::vector<StepRule> steps;
};

// A challenge's title and its steps' titles (step id -> title) in the
// reader's language ("" where the document has none).
struct ChallengeTitles {
  std::string challenge;
  std::map<std::int64_t, std::string> steps;
};

// What a play event is, as far as challenges care (play_of in
// challenge_inputs.hpp reads it from an event).
struct Play {
  StepKind kind = StepKind::unknown;
  std::int64_t article_id = 0;
  std::string event_id;
  std::string at;  // when it was recorded (ISO-8601 UTC)
};
// The key that makes a play count once for a step (the event for a game
// start, the track for PLAY_TRACKS), or nullopt when the play is not for it.
std::optional<std::string> hit_key(const ChallengeRules& c, const StepRule& s, const Play& p);

// Whether `at` lies in the challenge's window (inclusive; missing ends open).
bool in_window(const ChallengeRules& c, std::string_view at);

struct StepProgress {
  std::int64_t step_id = 0;
  StepKind kind = StepKind::unknown;
  std::int64_t target = 1;
  std::int64_t count = 0;   // counted plays, at most target
  bool done = false;        // its reward is in the ledger
  bool open = false;        // plays count for it now (opted in, in the window, previous step done when chained)
  std::optional<std::string> rewarded_at;
  std::int64_t tickets = 0;
};

struct ChallengeProgress {
  std::int64_t challenge_id = 0;
  bool opted_in = false;
  std::optional<std::string> opted_in_at;
  std::vector<StepProgress> steps;
  std::int64_t completed = 0;      // steps done
  std::int64_t tickets_earned = 0;  // TICKETS credited for its steps
};

// The steps that are open for plays: none before opt-in or outside the
// window; chained: the first step not done; otherwise every step not done.
std::vector<StepProgress> progress_of(const ChallengeRules& c, bool opted_in, std::string_view now,
                                      const std::map<std::int64_t, std::int64_t>& counts,
                                      const std::map<std::int64_t, std::string>& credited);

// The steps whose hit count has reached the target and whose reward is not
// yet credited, in order; chained: stops at the first step still short.
std::vector<StepRule> due_steps(const ChallengeRules& c, const std::map<std::int64_t, std::int64_t>& counts,
                                const std::map<std::int64_t, std::string>& credited);

// A ledger row.
struct LedgerEntry {
  std::string id;
  std::string currency;
  std::int64_t amount = 0;
  std::string source_key;
  std::optional<std::int64_t> challenge_id;
  std::optional<std::int64_t> step_id;
  std::string created_at;
  // For the reader, resolved to their language ("" when the challenge is gone).
  std::string challenge_title;
  std::string step_title;
};

// A page of the caller's ledger with the balance (SUM of all their entries).
struct RewardsPage {
  std::int64_t balance = 0;
  std::string currency{kTickets};
  std::vector<LedgerEntry> entries;
  std::int64_t total = 0;
  std::int64_t offset = 0;
  std::int64_t limit = 0;
};

// A challenge the user opted in to, with the rules and when they opted in.
struct Participation {
  ChallengeRules rules;
  std::string opted_in_at;
};

}  // namespace portal::challenges
