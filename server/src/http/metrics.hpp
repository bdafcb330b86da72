#pragma once
// Prometheus text metrics: requests by route pattern and status, a latency
// histogram, open connections. Labels use route patterns, never raw paths, so
// the number of series stays bounded.
#include <array>
#include <atomic>
#include <functional>
#include <vector>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

namespace portal::http {

class Metrics {
 public:
  void connection_opened() { ++open_connections_; }
  void connection_closed() { --open_connections_; }
  void observe(std::string_view route, unsigned status, double seconds);
  // A value read when the metrics are rendered (`name` in Prometheus form).
  void gauge(std::string name, std::string help, std::function<double()> read);
  // Values by one label, read when the metrics are rendered: one series per (label value, value) pair read. The
  // reader keeps the number of label values bounded (tenants, not users).
  using Labelled = std::vector<std::pair<std::string, double>>;
  void gauge(std::string name, std::string help, std::string label, std::function<Labelled()> read);
  // A constant series of labels and the value 1 (an "info" metric such as portal_build_info).
  void info(std::string name, std::string help, std::vector<std::pair<std::string, std::string>> labels);
  std::string render() const;

 private:
  static constexpr std::array<double, 11> kBuckets{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                   0.05,   0.1,   0.25,   0.5,   1.0};
  struct Histogram {
    std::array<std::uint64_t, kBuckets.size()> buckets{};
    std::uint64_t count = 0;
    double sum = 0;
  };
  struct RouteStats {
    std::map<unsigned, std::uint64_t> requests;  // by status
    Histogram latency;
  };
  mutable std::mutex mutex_;
  std::map<std::string, RouteStats, std::less<>> routes_;  // looked up by string_view: no copy per request
  std::atomic<long> open_connections_{0};
  struct Gauge {
    std::string name, help;
    std::function<double()> read;
  };
  std::vector<Gauge> gauges_;  // guarded by mutex_
  struct LabelledGauge {
    std::string name, help, label;
    std::function<Labelled()> read;
  };
  std::vector<LabelledGauge> labelled_;  // guarded by mutex_
  struct Info {
    std::string name, help;
    std::vector<std::pair<std::string, std::string>> labels;
  };
  std::vector<Info> infos_;  // guarded by mutex_
};

}  // namespace portal::http
