#include "http/router.hpp"

#include <algorithm>
#include <boost/container/small_vector.hpp>

#include "http/path_segments.hpp"

namespace portal::http {
namespace {

bool is_param(const std::string& segment) {
  return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

}  // namespace

void Router::add(Route route) {
  std::vector<std::string> segments;
  for (auto s : path_segments(route.pattern)) segments.emplace_back(s);
  Node* node = &root_;
  for (const auto& segment : segments) {
    auto& next = is_param(segment) ? node->param : node->literal[segment];
    if (!next) next = std::make_unique<Node>();
    node = next.get();
  }
  node->ends.push_back(entries_.size());
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

// Every pattern that matches the path below `node`, literal and parameter
// branches both (empty segments are skipped, as path_segments does).
template <class Out>
void Router::reach(const Node& node, std::string_view rest, int score, Out& out) const {
  const auto start = rest.find_first_not_of('/');
  if (start == std::string_view::npos) {
    for (auto entry : node.ends) out.push_back({entry, score});
    return;
  }
  rest.remove_prefix(start);
  const auto end = std::min(rest.find('/'), rest.size());
  const std::string_view segment = rest.substr(0, end), after = rest.substr(end);
  if (auto it = node.literal.find(segment); it != node.literal.end()) reach(*it->second, after, score + 2, out);
  if (node.param) reach(*node.param, after, score, out);
}

Router::Match Router::match(Verb verb, std::string_view path) const {
  boost::container::small_vector<Candidate, 8> found;
  reach(root_, path, 0, found);
  // In the order added, as the table reads: on equal scores the first route wins.
  std::sort(found.begin(), found.end(), [](const Candidate& a, const Candidate& b) { return a.entry < b.entry; });
  Match best;
  int best_score = -1;
  std::size_t best_entry = 0;
  for (const auto& [index, score] : found) {
    const Route& route = entries_[index].route;
    // HEAD is answered by the GET handler (the session drops the body).
    const bool verb_ok = route.verb == verb || (verb == Verb::head && route.verb == Verb::get);
    if (!verb_ok) {
      if (std::find(best.allowed.begin(), best.allowed.end(), route.verb) == best.allowed.end())
        best.allowed.push_back(route.verb);
      continue;
    }
    if (score > best_score) {
      best_score = score;
      best.route = &route;
      best_entry = index;
    }
  }
  if (best.route) {
    best.allowed.clear();
    const auto& pattern = entries_[best_entry].segments;
    std::vector<std::string_view> segments;  // split only for a pattern with parameters
    for (std::size_t i = 0; i < pattern.size(); ++i) {
      if (!is_param(pattern[i])) continue;
      if (segments.empty()) segments = path_segments(path);
      best.params.emplace_back(pattern[i].substr(1, pattern[i].size() - 2), segments[i]);
    }
  }
  return best;
}

std::vector<Route> replica_reads(std::vector<Route> routes) {
  for (auto& route : routes)
    if (route.verb == Verb::get) route.reads = Reads::replica;
  return routes;
}

}  // namespace portal::http
