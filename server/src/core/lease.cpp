#include "core/lease.hpp"

#include "core/log.hpp"

namespace portal::core {

Heartbeat::Heartbeat(std::function<bool()> renew, std::function<void()> lost, std::chrono::milliseconds beat)
    : renew_(std::move(renew)), on_lost_(std::move(lost)), beat_(beat) {
  thread_ = std::thread([this] {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, beat_, [this] { return stopping_; })) {
      lock.unlock();
      bool held = true;
      try {
        held = renew_();
        if (held) ++beats_;
      } catch (const std::exception& e) {
        log_json(spdlog::level::warn, "lease not renewed; trying again", {{"error", e.what()}});
      }
      if (!held) {
        lost_ = true;
        if (on_lost_) on_lost_();
        return;
      }
      lock.lock();
    }
  });
}

Heartbeat::~Heartbeat() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

}  // namespace portal::core
