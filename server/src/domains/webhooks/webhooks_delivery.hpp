#pragma once
// The delivery of webhooks (issue 78 item 1): background work under a lease (core/lease.hpp). Any instance claims a
// due delivery with a conditional update that moves its due time to the end of a short lease, renewed by a heartbeat
// while the endpoint answers; an instance killed mid-send leaves the row due again when the lease lapses, and another
// sends it (at least once: receivers deduplicate by webhook-id). Each attempt is recorded; a 2xx delivers; anything
// else is tried again with backoff until kGiveUpAfter past the event; an endpoint failing without a success for
// disable_after is disabled and on_disabled tells its owners.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <cstdint>
#include <functional>
#include <string>

#include "core/clock.hpp"
#include "core/lease.hpp"
#include "domains/webhooks/webhooks_repository.hpp"
#include "domains/webhooks/webhooks_sender.hpp"

namespace portal::webhooks {

struct DeliveryPolicy {
  std::chrono::seconds first_retry{30};       // then doubling, with a tenth of jitter
  std::chrono::seconds longest_retry{8 * 3600};
  std::chrono::seconds give_up_after{3 * 24 * 3600};
  std::chrono::seconds disable_after{24 * 3600};
  std::chrono::milliseconds lease = core::kLeaseLength;
  std::chrono::milliseconds beat = core::kLeaseBeat;
  std::int64_t batch = 50;
  std::chrono::milliseconds test_delay{0};    // dev stage: each claimed delivery waits this long first (tests kill)
};

std::chrono::seconds retry_delay(const DeliveryPolicy& policy, std::int64_t attempts);

class WebhookDelivery {
 public:
  using OnDisabled = std::function<void(std::int64_t tenant_id, const std::string& endpoint_id, const std::string& url)>;

  WebhookDelivery(WebhooksRepository& repository, Sender& sender, const core::Clock& clock, std::string seal_key,
                  bool dev_stage, DeliveryPolicy policy, OnDisabled on_disabled)
      : repository_(repository),
        sender_(sender),
        clock_(clock),
        seal_key_(std::move(seal_key)),
        dev_stage_(dev_stage),
        policy_(policy),
        on_disabled_(std::move(on_disabled)) {}

  // Sends what is due now; answers how many deliveries it attempted.
  int run_once();
  // SIGTERM: the delivery under way finishes (its attempt recorded), nothing more is claimed; a test delay is cut.
  void stop();

 private:
  void deliver(const Job& job);

  WebhooksRepository& repository_;
  Sender& sender_;
  const core::Clock& clock_;
  std::string seal_key_;
  bool dev_stage_;
  DeliveryPolicy policy_;
  OnDisabled on_disabled_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::atomic<bool> stopping_{false};
};

}  // namespace portal::webhooks
