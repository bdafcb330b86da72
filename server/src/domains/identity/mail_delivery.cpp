#include "domains/identity/mail_delivery.hpp"

#include <sodium.h>

#include <algorithm>

#include "core/log.hpp"
#include "db/timestamp.hpp"

namespace portal::identity {

std::chrono::seconds retry_delay(const DeliveryPolicy& policy, std::int64_t attempts) {
  const auto shift = std::clamp<std::int64_t>(attempts - 1, 0, 30);
  const auto base = std::min<std::int64_t>(policy.first_retry.count() << shift, policy.longest_retry.count());
  const auto jitter = static_cast<std::int64_t>(randombytes_uniform(static_cast<std::uint32_t>(base / 10 + 1)));
  return std::chrono::seconds(base + jitter);
}

DeliveryReport MailDelivery::run_once() {
  DeliveryReport report;
  const auto now = clock_.now();
  for (const auto& due : outbox_.due(db::utc_timestamp(now), policy_.batch)) {
    std::string held_until = db::utc_timestamp(clock_.now() + policy_.lease);
    auto job = outbox_.claim(due, held_until);
    if (!job) continue;  // another instance has it
    try {
      if (job->mail.recipient.find('@') == std::string::npos)
        throw DeliveryError("not an e-mail address: " + job->mail.recipient, true);
      const core::Heartbeat heartbeat(
          [&] {
            const std::string next = db::utc_timestamp(clock_.now() + policy_.lease);
            if (!outbox_.renew(*job, held_until, next)) return false;
            held_until = next;
            return true;
          },
          [&] {
            core::log_json(spdlog::level::warn, "mail claim lost while sending: another instance may send it too",
                           {{"outboxId", job->id}, {"tenant", job->tenant_id}});
          },
          policy_.beat);
      transport_.deliver(*job);  // no database connection is held meanwhile
      outbox_.delivered(job->tenant_id, job->id, db::utc_timestamp(clock_.now()));
      ++report.sent;
    } catch (const DeliveryError& e) {
      const bool give_up = e.permanent || job->attempts >= policy_.max_attempts;
      const auto retry_at = give_up ? std::nullopt
                                    : std::optional<std::string>(db::utc_timestamp(
                                          clock_.now() + retry_delay(policy_, job->attempts)));
      outbox_.failed(job->tenant_id, job->id, retry_at, e.what());
      ++(give_up ? report.given_up : report.retrying);
      core::log_json(give_up ? spdlog::level::err : spdlog::level::warn,
                     give_up ? "mail delivery given up" : "mail delivery failed; will retry",
                     {{"outboxId", job->id},
                      {"tenant", job->tenant_id},
                      {"attempts", job->attempts},
                      {"retryAt", retry_at ? *retry_at : ""},
                      {"error", e.what()}});
    }
  }
  if (report.sent || report.retrying || report.given_up)
    core::log_json(spdlog::level::info, "mail delivery",
                   {{"sent", report.sent}, {"retrying", report.retrying}, {"givenUp", report.given_up}});
  return report;
}

}  // namespace portal::identity
