#pragma once
// A small thread-safe cache of immutable values by key, each kept for a fixed
// lifetime (derived data that changes rarely, such as a catalog page's first
// list). Bounded: when full, expired entries go, and if none had expired, all.
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace portal::core {

template <class T>
class TtlCache {
 public:
  using Clock = std::chrono::steady_clock;

  TtlCache(std::chrono::seconds lifetime, std::size_t capacity) : lifetime_(lifetime), capacity_(capacity) {}

  // Null when absent or expired.
  std::shared_ptr<const T> get(const std::string& key) const {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(key);
    if (it == entries_.end() || it->second.expires <= Clock::now()) return nullptr;
    return it->second.value;
  }

  std::shared_ptr<const T> put(const std::string& key, T value) {
    auto shared = std::make_shared<const T>(std::move(value));
    const auto now = Clock::now();
    std::lock_guard lock(mutex_);
    if (entries_.size() >= capacity_) {
      std::erase_if(entries_, [now](const auto& e) { return e.second.expires <= now; });
      if (entries_.size() >= capacity_) entries_.clear();
    }
    entries_[key] = Entry{shared, now + lifetime_};
    return shared;
  }

 private:
  struct Entry {
    std::shared_ptr<const T> value;
    Clock::time_point expires;
  };
  const std::chrono::seconds lifetime_;
  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace portal::core
