#include "http/router.hpp"

#include <algorithm>

#include "http/path_segments.hpp"

namespace portal::http {
namespace {

bool is_param(const std::string& segment) {
  return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

// Literal segments score higher than parameters so "/a/fixed" beats "/a/{x}".
int match_score(const std::vector<std::string>& pattern, const std::vector<std::string_view>& path,
                PathParams* params) {
  if (pattern.size() != path.size()) return -1;
  int score = 0;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (is_param(pattern[i])) {
      if (params) params->emplace_back(pattern[i].substr(1, pattern[i].size() - 2), std::string(path[i]));
    } else if (pattern[i] == path[i]) {
      score += 2;
    } else {
      return -1;
    }
  }
  return score;
}

}  // namespace

void Router::add(Route route) {
  std::vector<std::string> segments;
  for (auto s : path_segments(route.pattern)) segments.emplace_back(s);
  entries_.push_back({std::move(route), std::move(segments)});
}

void Router::add(std::vector<Route> routes) {
  for (auto& r : routes) add(std::move(r));
}

std::vector<const Route*> Router::routes() const {
  std::vector<const Route*> all;
  all.reserve(entries_.size());
  for (const auto& entry : entries_) all.push_back(&entry.route);
  return all;
}

Router::Match Router::match(Verb verb, std::string_view path) const {
  const auto segments = path_segments(path);
  Match best;
  int best_score = -1;
  for (const auto& entry : entries_) {
    const int score = match_score(entry.segments, segments, nullptr);
    if (score < 0) continue;
    // HEAD is answered by the GET handler (the session drops the body).
    const bool verb_ok = entry.route.verb == verb || (verb == Verb::head && entry.route.verb == Verb::get);
    if (!verb_ok) {
      if (std::find(best.allowed.begin(), best.allowed.end(), entry.route.verb) == best.allowed.end())
        best.allowed.push_back(entry.route.verb);
      continue;
    }
    if (score > best_score) {
      best_score = score;
      best.route = &entry.route;
    }
  }
  if (best.route) {
    best.allowed.clear();
    for (const auto& entry : entries_)
      if (&entry.route == best.route) match_score(entry.segments, segments, &best.params);
  }
  return best;
}

}  // namespace portal::http
