#include "http/metrics.hpp"

#include <sstream>

namespace portal::http {

void Metrics::observe(const std::string& route, unsigned status, double seconds) {
  std::lock_guard lock(mutex_);
  ++requests_[{route, status}];
  auto& h = latency_[route];
  for (std::size_t i = 0; i < kBuckets.size(); ++i)
    if (seconds <= kBuckets[i]) ++h.buckets[i];
  ++h.count;
  h.sum += seconds;
}

std::string Metrics::render() const {
  std::ostringstream out;
  std::lock_guard lock(mutex_);
  out << "# HELP portal_http_requests_total HTTP requests by route pattern and status.\n"
      << "# TYPE portal_http_requests_total counter\n";
  for (const auto& [key, n] : requests_)
    out << "portal_http_requests_total{route=\"" << key.first << "\",status=\"" << key.second << "\"} " << n << "\n";
  out << "# HELP portal_http_request_duration_seconds Request latency by route pattern.\n"
      << "# TYPE portal_http_request_duration_seconds histogram\n";
  for (const auto& [route, h] : latency_) {
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
  return out.str();
}

}  // namespace portal::http
