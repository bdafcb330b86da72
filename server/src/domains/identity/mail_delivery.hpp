#pragma once
// The outbox's delivery worker: claims the mails that are due (a conditional
// update, so any number of instances can run it and each mail goes to one of
// them), sends each through the transport and records the outcome. A failed
// attempt is tried again after an exponential backoff; a permanent refusal
// (5xx to the message) or too many attempts gives up, keeping the error on the
// row. A claim lasts a short lease that a heartbeat renews while the transport
// talks (core/lease.hpp): if the instance dies while sending, the mail is due
// again when the lease ends, within seconds.
//
// Blocking (SQL and SMTP): runs on its own thread, never on an I/O thread or
// the database pool, and holds no database connection while the transport
// talks: the claim and the outcome are single statements before and after.
#include <chrono>
#include <cstdint>

#include "core/clock.hpp"
#include "core/lease.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/smtp_transport.hpp"

namespace portal::identity {

struct DeliveryPolicy {
  int max_attempts = 10;
  std::chrono::seconds first_retry{30};     // after the first failure; doubles with each further one
  std::chrono::seconds longest_retry{7200};
  std::chrono::seconds lease = core::kLeaseLength;  // renewed every beat while the transport talks
  std::chrono::milliseconds beat = core::kLeaseBeat;
  int batch = 20;                           // mails claimed per run
};

// The wait after `attempts` failed attempts (1, 2, ...): first_retry doubling,
// at most longest_retry, plus up to a tenth more at random so instances and
// mails that failed together do not come back together.
std::chrono::seconds retry_delay(const DeliveryPolicy& policy, std::int64_t attempts);

struct DeliveryReport {
  int sent = 0;
  int retrying = 0;
  int given_up = 0;
};

class MailDelivery {
 public:
  MailDelivery(OutboxRepository& outbox, MailTransport& transport, const core::Clock& clock,
               DeliveryPolicy policy = {})
      : outbox_(outbox), transport_(transport), clock_(clock), policy_(policy) {}
  // One pass over the mails due now.
  DeliveryReport run_once();

 private:
  OutboxRepository& outbox_;
  MailTransport& transport_;
  const core::Clock& clock_;
  DeliveryPolicy policy_;
};

}  // namespace portal::identity
