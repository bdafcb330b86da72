#pragma once
// How many events each client sent in the current minute, on this instance: the events call's rate limit.
// Fixed one-minute windows per (tenant, client key); a client over the limit waits for its window to end.
// Per instance, in memory: behind N instances a client gets at most N times the limit, and the report's
// visit cap (reports/usage_source.cpp) holds whatever gets through, since it counts from the database.
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace portal::events {

class ClientWindow {
 public:
  explicit ClientWindow(std::int64_t per_minute) : per_minute_(per_minute) {}
  // Counts one event of `client` at `now`; nullopt when it is within the limit, else the seconds until the
  // client's window ends (at least 1).
  std::optional<std::int64_t> take(std::int64_t tenant_id, const std::string& client,
                                   std::chrono::system_clock::time_point now);
  // Gives back an event taken at `now` that was not stored (the database refused it: an outage answered 503), so a
  // client's retries after the outage are not refused for its allowance (issue 76 item 5).
  void give_back(std::int64_t tenant_id, const std::string& client, std::chrono::system_clock::time_point now);

 private:
  struct Count {
    std::int64_t window = 0;  // the minute since the epoch
    std::int64_t events = 0;
  };
  static constexpr std::size_t kMaxClients = 100'000;  // then the windows that ended are dropped

  std::int64_t per_minute_;
  std::mutex mutex_;
  std::map<std::pair<std::int64_t, std::string>, Count> counts_;
};

}  // namespace portal::events
