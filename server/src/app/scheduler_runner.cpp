#include "app/scheduler_runner.hpp"

#include "core/log.hpp"

namespace portal::app {

SchedulerRunner::SchedulerRunner(std::chrono::seconds interval, std::function<void()> job)
    : interval_(interval), job_(std::move(job)) {
  if (interval_.count() <= 0) return;
  thread_ = std::thread([this] {
    std::unique_lock lock(mutex_);
    while (true) {
      wake_.wait_for(lock, interval_, [this] { return stopping_ || woken_; });
      if (stopping_) break;
      woken_ = false;
      lock.unlock();
      try {
        job_();
      } catch (const std::exception& e) {
        // A failed run is retried at the next tick; the work it claimed stays claimable.
        core::log_json(spdlog::level::err, "scheduler run failed", {{"error", e.what()}});
      }
      lock.lock();
    }
  });
}

SchedulerRunner::~SchedulerRunner() { stop(); }

void SchedulerRunner::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  wake_.notify_all();
}

void SchedulerRunner::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

}  // namespace portal::app
