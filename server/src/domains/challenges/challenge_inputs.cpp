#include "domains/challenges/challenge_inputs.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "domains/catalog/catalog_document.hpp"

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

ChallengeTitles titles_of(const json::object& doc, std::string_view lang) {
  ChallengeTitles t;
  t.challenge = catalog::localized(doc.if_contains("title"), lang);
  if (auto* steps = doc.if_contains("challengeSteps"); steps && steps->is_array())
    for (const auto& s : steps->as_array()) {
      if (!s.is_object()) continue;
      const auto* sid = s.as_object().if_contains("id");
      if (!sid || !sid->is_number()) continue;
      boost::system::error_code ec;
      const auto id = sid->to_number<std::int64_t>(ec);  // a fractional id names no step
      if (!ec) t.steps[id] = catalog::localized(s.as_object().if_contains("title"), lang);
    }
  return t;
}

}  // namespace portal::challenges
