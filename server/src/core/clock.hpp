#pragma once
// Time comes from a Clock so tests can move it (renewals, trials, caches).
#include <atomic>
#include <chrono>
#include <string>

#include "core/utc_time.hpp"

namespace portal::core {

class Clock {
 public:
  using time_point = std::chrono::system_clock::time_point;
  virtual ~Clock() = default;
  virtual time_point now() const = 0;
  // Now as the portal stores and sends times: "2026-11-28T10:00:00Z" (core/utc_time.hpp).
  std::string now_text() const { return utc_text(now()); }
};

class SystemClock final : public Clock {
 public:
  time_point now() const override { return std::chrono::system_clock::now(); }
};

// A clock tests set and advance by hand.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(time_point start = time_point{std::chrono::seconds{1'700'000'000}}) : now_(start) {}
  time_point now() const override { return now_.load(); }
  void advance(std::chrono::system_clock::duration d) { now_.store(now_.load() + d); }
  void set(time_point t) { now_.store(t); }

 private:
  std::atomic<time_point> now_;
};

}  // namespace portal::core
