#pragma once
// A signing key set once at start-up (from db::shared_secret, so every instance agrees) and read by any thread;
// until it is set, a random key of this process. The hosted pages' form tokens and the payment providers'
// return states each keep one.
#include <mutex>
#include <string>

#include "core/ids.hpp"

namespace portal::core {

class SharedKey {
 public:
  std::string get() const {
    std::lock_guard lock(mutex_);
    return key_;
  }
  void set(std::string key) {
    std::lock_guard lock(mutex_);
    key_ = std::move(key);
  }

 private:
  mutable std::mutex mutex_;
  std::string key_ = random_hex(32);
};

}  // namespace portal::core
