#include "http/metrics.hpp"

#include <iomanip>
#include <sstream>

namespace portal::http {

void Metrics::observe(std::string_view route, unsigned status, double seconds) {
  std::lock_guard lock(mutex_);
  auto it = routes_.find(route);
  if (it == routes_.end()) it = routes_.emplace(std::string(route), RouteStats{}).first;
  ++it->second.requests[status];
  auto& h = it->second.latency;
  for (std::size_t i = 0; i < kBuckets.size(); ++i)
    if (seconds <= kBuckets[i]) ++h.buckets[i];
  ++h.count;
  h.sum += seconds;
}

void Metrics::gauge(std::string name, std::string help, std::function<double()> read) {
  std::lock_guard lock(mutex_);
  gauges_.push_back({std::move(name), std::move(help), std::move(read)});
}

void Metrics::gauge(std::string name, std::string help, std::string label, std::function<Labelled()> read) {
  std::lock_guard lock(mutex_);
  labelled_.push_back({std::move(name), std::move(help), std::move(label), std::move(read)});
}

namespace {

// A label's value as the text format wants it: backslash, double quote and line feed escaped.
std::string label_value(std::string_view v) {
  std::string out;
  for (const char c : v) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

}  // namespace

void Metrics::info(std::string name, std::string help, std::vector<std::pair<std::string, std::string>> labels) {
  std::lock_guard lock(mutex_);
  infos_.push_back({std::move(name), std::move(help), std::move(labels)});
}

std::string Metrics::render() const {
  std::ostringstream out;
  std::lock_guard lock(mutex_);
  out << "# HELP portal_http_requests_total HTTP requests by route pattern and status.\n"
      << "# TYPE portal_http_requests_total counter\n";
  for (const auto& [route, stats] : routes_)
    for (const auto& [status, n] : stats.requests)
      out << "portal_http_requests_total{route=\"" << route << "\",status=\"" << status << "\"} " << n << "\n";
  out << "# HELP portal_http_request_duration_seconds Request latency by route pattern.\n"
      << "# TYPE portal_http_request_duration_seconds histogram\n";
  for (const auto& [route, stats] : routes_) {
    const Histogram& h = stats.latency;
    for (std::size_t i = 0; i < kBuckets.size(); ++i)
      out << "portal_http_request_duration_seconds_bucket{route=\"" << route << "\",le=\"" << kBuckets[i] << "\"} "
          << h.buckets[i] << "\n";
    out << "portal_http_request_duration_seconds_bucket{route=\"" << route << "\",le=\"+Inf\"} " << h.count << "\n"
        << "portal_http_request_duration_seconds_sum{route=\"" << route << "\"} " << h.sum << "\n"
        << "portal_http_request_duration_seconds_count{route=\"" << route << "\"} " << h.count << "\n";
  }
  out << "# HELP portal_http_open_connections Connections open now.\n"
      << "# TYPE portal_http_open_connections gauge\n"
      << "portal_http_open_connections " << open_connections_.load() << "\n";
  for (const auto& g : gauges_)
    out << "# HELP " << g.name << " " << g.help << "\n# TYPE " << g.name << " gauge\n"
        << g.name << " " << std::fixed << std::setprecision(0) << g.read() << "\n";
  for (const auto& g : labelled_) {
    out << "# HELP " << g.name << " " << g.help << "\n# TYPE " << g.name << " gauge\n";
    for (const auto& [value, figure] : g.read())
      out << g.name << "{" << g.label << "=\"" << label_value(value) << "\"} " << std::fixed << std::setprecision(0)
          << figure << "\n";
  }
  for (const auto& i : infos_) {
    out << "# HELP " << i.name << " " << i.help << "\n# TYPE " << i.name << " gauge\n" << i.name << "{";
    for (std::size_t n = 0; n < i.labels.size(); ++n)
      out << (n ? "," : "") << i.labels[n].first << "=\"" << label_value(i.labels[n].second) << "\"";
    out << "} 1\n";
  }
  return out.str();
}

}  // namespace portal::http
