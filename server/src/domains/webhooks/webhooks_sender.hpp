#pragma once
// One POST of a signed event to an endpoint (issue 78 item 1): the name is resolved here and the address connected to
// is the one checked (webhooks_address.hpp), so neither a private literal nor a name resolving to one is reached
// unless private addresses are allowed (the endpoint's allowance in the dev stage). Redirects are not followed.
// Blocking: call from the delivery worker's thread, never an I/O thread.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace portal::webhooks {

struct Outgoing {
  std::string url;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  bool allow_private = false;
};

struct Answer {
  int status = 0;           // 0: no HTTP answer (error says why)
  std::string head;         // the answer's first kAnswerHead bytes
  std::string error;        // "" when an answer came
  std::int64_t duration_ms = 0;
};

inline constexpr std::size_t kAnswerHead = 1024;
inline constexpr std::chrono::seconds kSendTimeout{10};

class Sender {
 public:
  virtual ~Sender() = default;
  virtual Answer send(const Outgoing& out) = 0;
};

class HttpSender final : public Sender {
 public:
  Answer send(const Outgoing& out) override;
};

}  // namespace portal::webhooks
