#include <algorithm>

#include "domains/challenges/challenges_types.hpp"

namespace portal::challenges {

std::string_view kind_name(StepKind k) {
  switch (k) {
    case StepKind::play_game: return "PLAY_GAME";
    case StepKind::play_tracks: return "PLAY_TRACKS";
    case StepKind::unknown: break;
  }
  return "UNKNOWN";
}

std::optional<std::string> hit_key(const ChallengeRules& c, const StepRule& s, const Play& p) {
  if (s.kind != p.kind) return std::nullopt;
  switch (s.kind) {
    case StepKind::play_game:
      if (p.article_id != c.game_id) return std::nullopt;
      return "play:" + p.event_id;
    case StepKind::play_tracks: return "track:" + std::to_string(p.article_id);
    case StepKind::unknown: break;
  }
  return std::nullopt;
}

bool in_window(const ChallengeRules& c, std::string_view at) {
  // ISO-8601 UTC texts of the same shape compare as they sort.
  if (!c.starts_at.empty() && at < std::string_view(c.starts_at)) return false;
  if (!c.ends_at.empty() && at > std::string_view(c.ends_at)) return false;
  return true;
}

std::vector<StepProgress> progress_of(const ChallengeRules& c, bool opted_in, std::string_view now,
                                      const std::map<std::int64_t, std::int64_t>& counts,
                                      const std::map<std::int64_t, std::string>& credited) {
  std::vector<StepProgress> out;
  const bool running = opted_in && in_window(c, now);
  bool previous_done = true;
  for (const auto& s : c.steps) {
    StepProgress p;
    p.step_id = s.id;
    p.kind = s.kind;
    p.target = s.target;
    p.tickets = s.tickets;
    if (auto it = counts.find(s.id); it != counts.end()) p.count = std::min(it->second, s.target);
    if (auto it = credited.find(s.id); it != credited.end()) {
      p.done = true;
      p.rewarded_at = it->second;
      p.count = s.target;
    } else if (s.tickets == 0 && p.count >= s.target) {
      p.done = true;  // a step without a reward is done once reached (nothing to credit)
    }
    p.open = running && !p.done && s.kind != StepKind::unknown && (!c.chained || previous_done);
    previous_done = p.done;
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<StepRule> due_steps(const ChallengeRules& c, const std::map<std::int64_t, std::int64_t>& counts,
                                const std::map<std::int64_t, std::string>& credited) {
  std::vector<StepRule> out;
  for (const auto& s : c.steps) {
    if (credited.contains(s.id)) continue;
    auto it = counts.find(s.id);
    const bool reached = it != counts.end() && it->second >= s.target;
    if (reached) {
      if (s.tickets > 0) out.push_back(s);
    } else if (c.chained) {
      break;
    }  // a chained step after this one cannot be due
  }
  return out;
}

}  // namespace portal::challenges
