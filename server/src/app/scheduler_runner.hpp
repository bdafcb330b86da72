#pragma once
// The background jobs' clock and timer: an offset clock for --dev-clock
// (POST /backend/dev/clock moves it forward), and a thread that runs the
// subscription scheduler every --scheduler-interval seconds until stopped.
// Several instances may run it at once: the scheduler claims its work with
// unique charges and conditional updates.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

#include "core/clock.hpp"

namespace portal::app {

class OffsetClock final : public core::Clock {
 public:
  explicit OffsetClock(const core::Clock& base) : base_(base) {}
  time_point now() const override { return base_.now() + std::chrono::seconds(offset_.load()); }
  void advance(std::chrono::seconds by) { offset_ += by.count(); }

 private:
  const core::Clock& base_;
  std::atomic<std::int64_t> offset_{0};
};

// Also the mail outbox's delivery thread, which a new mail wakes at once.
class SchedulerRunner {
 public:
  // interval 0: never runs. job runs on the runner's own thread (it blocks on SQL).
  SchedulerRunner(std::chrono::seconds interval, std::function<void()> job);
  ~SchedulerRunner();
  // Runs the job now rather than at the next tick (from any thread; cheap).
  void wake();
  void stop();

 private:
  std::chrono::seconds interval_;
  std::function<void()> job_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool woken_ = false;
  std::thread thread_;
};

}  // namespace portal::app
