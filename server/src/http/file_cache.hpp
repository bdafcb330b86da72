#pragma once
// A map kept in memory under a byte budget, least recently used out first:
// http/static_files keeps the hot small files there (the client build's
// assets with their precompressed twins, artwork, playlists), so a visitor who
// walks every file of a large catalog moves the cache but never grows it past
// `max_bytes`. Thread-safe; values are shared and immutable.
#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace portal::http {

template <class V>
class LruBytes {
 public:
  explicit LruBytes(std::size_t max_bytes) : max_bytes_(max_bytes) {}

  // The value under key (now the most recently used), or null.
  std::shared_ptr<const V> get(const std::string& key) {
    std::lock_guard lock(mutex_);
    auto it = index_.find(key);
    if (it == index_.end()) return nullptr;
    order_.splice(order_.begin(), order_, it->second);
    return it->second->value;
  }

  // Keeps value under key (replacing what was there) weighing `bytes`, then
  // drops the least recently used until the total fits. A value heavier than
  // the whole budget is not kept (false).
  bool put(const std::string& key, std::shared_ptr<const V> value, std::size_t bytes) {
    std::lock_guard lock(mutex_);
    erase_locked(key);
    if (bytes > max_bytes_) return false;
    order_.push_front(Item{key, std::move(value), bytes});
    index_.emplace(key, order_.begin());
    bytes_ += bytes;
    while (bytes_ > max_bytes_) {
      const Item& last = order_.back();
      bytes_ -= last.bytes;
      index_.erase(last.key);
      order_.pop_back();
    }
    return true;
  }

  void erase(const std::string& key) {
    std::lock_guard lock(mutex_);
    erase_locked(key);
  }

  std::size_t bytes() const {
    std::lock_guard lock(mutex_);
    return bytes_;
  }
  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return order_.size();
  }
  std::size_t max_bytes() const { return max_bytes_; }

 private:
  struct Item {
    std::string key;
    std::shared_ptr<const V> value;
    std::size_t bytes;
  };
  void erase_locked(const std::string& key) {
    auto it = index_.find(key);
    if (it == index_.end()) return;
    bytes_ -= it->second->bytes;
    order_.erase(it->second);
    index_.erase(it);
  }

  const std::size_t max_bytes_;
  mutable std::mutex mutex_;
  std::list<Item> order_;  // most recently used first
  std::unordered_map<std::string, typename std::list<Item>::iterator> index_;
  std::size_t bytes_ = 0;
};

}  // namespace portal::http
