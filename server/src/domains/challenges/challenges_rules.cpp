#include <algorithm>
#include <boost/json.hpp>

#include "domains/challenges/challenges_types.hpp"

namespace portal::challenges {
namespace json = boost::json;

namespace {

std::optional<std::int64_t> whole(const json::value* v) {
  if (!v) return std::nullopt;
  if (v->is_int64()) return v->as_int64();
  if (v->is_uint64() && v->as_uint64() <= static_cast<std::uint64_t>(INT64_MAX))
    return static_cast<std::int64_t>(v->as_uint64());
  if (v->is_string()) {
    const auto& s = v->as_string();
    if (s.empty() || s.size() > 18) return std::nullopt;
    std::int64_t n = 0;
    for (char c : s) {
      if (c < '0' || c > '9') return std::nullopt;
      n = n * 10 + (c - '0');
    }
    return n;
  }
  return std::nullopt;
}

std::string text(const json::object& o, std::string_view key) {
  auto* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

StepKind kind_of(std::string_view s) {
  if (s == "PLAY_GAME") return StepKind::play_game;
  if (s == "PLAY_TRACKS") return StepKind::play_tracks;
  return StepKind::unknown;
}

}  // namespace

std::string_view kind_name(StepKind k) {
  switch (k) {
    case StepKind::play_game: return "PLAY_GAME";
    case StepKind::play_tracks: return "PLAY_TRACKS";
    case StepKind::unknown: break;
  }
  return "UNKNOWN";
}

ChallengeRules rules_of(std::int64_t id, std::int64_t game_id, const json::object& doc) {
  ChallengeRules c{id, game_id, false, text(doc, "startsAt"), text(doc, "endsAt"), {}};
  if (auto* ch = doc.if_contains("chained"); ch && ch->is_bool()) c.chained = ch->as_bool();
  if (auto* list = doc.if_contains("challengeSteps"); list && list->is_array()) {
    for (const auto& s : list->as_array()) {
      if (!s.is_object()) continue;
      const auto& o = s.as_object();
      auto sid = whole(o.if_contains("id"));
      if (!sid) continue;
      StepRule step{*sid, kind_of(text(o, "kind")), 1, 0};
      if (auto t = whole(o.if_contains("target"))) step.target = std::clamp<std::int64_t>(*t, 1, kMaxTarget);
      if (auto* r = o.if_contains("rewards"); r && r->is_array())
        for (const auto& reward : r->as_array())
          if (reward.is_object() && text(reward.as_object(), "currency") == kTickets)
            if (auto amount = whole(reward.as_object().if_contains("amount")); amount && *amount > 0)
              step.tickets += *amount;
      c.steps.push_back(step);
    }
  }
  return c;
}

std::optional<Play> play_of(std::string_view name, const json::object& payload, bool from_server,
                            std::string event_id, std::string at) {
  // A client's word is no fact: forged instantPlay or playerProgress events earned tickets before.
  if (!from_server) return std::nullopt;
  auto article = whole(payload.if_contains("articleId"));
  if (!article || *article <= 0) return std::nullopt;
  if (name == "instantPlay") return Play{StepKind::play_game, *article, std::move(event_id), std::move(at)};
  // The streaming domain records it once per ticket, when its counted seconds reach half the track.
  if (name == "trackListened" && text(payload, "contentType") == "full_track_music")
    return Play{StepKind::play_tracks, *article, std::move(event_id), std::move(at)};
  return std::nullopt;
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
