#pragma once
// Background work's claims (docs/operations.md "Background work"): a worker claims a row until
// now + kLeaseLength and, while it works, a Heartbeat moves the claim on every kLeaseBeat. A holder that
// stops renewing (killed, frozen, cut off from the database) loses its claim within kLeaseLength, and every
// instance looks for lapsed claims at least every kLeaseLook: the work of a crashed instance resumes within
// kLeaseLength + kLeaseLook, under 30 seconds. A holder that stops on SIGTERM hands its claims back at once.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace portal::core {

inline constexpr std::chrono::seconds kLeaseLength{15};
inline constexpr std::chrono::seconds kLeaseBeat{5};
inline constexpr std::chrono::seconds kLeaseLook{10};

// Renews a claim on a thread of its own while it lives. `renew` moves the claim on and answers whether
// the claim is still this holder's: false (it lapsed and another instance took it) ends the beat and
// calls `lost` once, from the beat's thread, so the work can stop. An exception (the database away
// for a moment) is logged; the next beat tries again, and the claim lapses if none succeeds in time.
class Heartbeat {
 public:
  Heartbeat(std::function<bool()> renew, std::function<void()> lost = {},
            std::chrono::milliseconds beat = kLeaseBeat);
  ~Heartbeat();  // stops the beat (waits for a renewal under way)
  Heartbeat(const Heartbeat&) = delete;
  Heartbeat& operator=(const Heartbeat&) = delete;

  bool lost() const { return lost_.load(); }
  int beats() const { return beats_.load(); }  // renewals made (the tests')

 private:
  std::function<bool()> renew_;
  std::function<void()> on_lost_;
  std::chrono::milliseconds beat_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::atomic<bool> lost_{false};
  std::atomic<int> beats_{0};
  std::thread thread_;
};

}  // namespace portal::core
