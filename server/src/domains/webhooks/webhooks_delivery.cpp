#include "domains/webhooks/webhooks_delivery.hpp"

#include <sodium.h>

#include <algorithm>
#include <thread>

#include "core/crypto.hpp"
#include "core/log.hpp"
#include "core/utc_time.hpp"
#include "db/timestamp.hpp"
#include "domains/webhooks/webhooks_signature.hpp"

namespace portal::webhooks {

std::chrono::seconds retry_delay(const DeliveryPolicy& policy, std::int64_t attempts) {
  const auto shift = std::clamp<std::int64_t>(attempts - 1, 0, 30);
  const auto base = std::min<std::int64_t>(policy.first_retry.count() << shift, policy.longest_retry.count());
  const auto jitter = static_cast<std::int64_t>(randombytes_uniform(static_cast<std::uint32_t>(base / 10 + 1)));
  return std::chrono::seconds(base + jitter);
}

namespace {

// The answer's first bytes as printable text (it is shown in the console and sent as JSON).
std::string printable(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (const unsigned char c : bytes) out += (c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7F)) ? char(c) : '?';
  return out;
}

}  // namespace

void WebhookDelivery::stop() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
}

int WebhookDelivery::run_once() {
  int attempted = 0;
  for (const auto& due : repository_.due(db::utc_timestamp(clock_.now()), policy_.batch)) {
    if (stopping_) break;
    std::string held_until = db::utc_timestamp(clock_.now() + policy_.lease);
    const auto job = repository_.claim(due, held_until);
    if (!job) continue;  // another instance has it
    ++attempted;
    const core::Heartbeat heartbeat(
        [&] {
          const std::string next = db::utc_timestamp(clock_.now() + policy_.lease);
          if (!repository_.renew(*job, held_until, next)) return false;
          held_until = next;
          return true;
        },
        [&] {
          core::log_json(spdlog::level::warn, "webhook claim lost while sending: another instance may send it too",
                         {{"delivery", job->id}, {"tenant", job->tenant_id}});
        },
        policy_.beat);
    try {
      deliver(*job);
    } catch (const std::exception& e) {  // the database away for a moment: the lease lapses, the row is due again
      core::log_json(spdlog::level::warn, "webhook delivery not finished", {{"delivery", job->id}, {"error", e.what()}});
    }
  }
  return attempted;
}

void WebhookDelivery::deliver(const Job& job) {
  if (dev_stage_ && policy_.test_delay.count() > 0) {
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, policy_.test_delay, [&] { return stopping_.load(); });
  }
  const auto endpoint = repository_.endpoint(job.tenant_id, job.endpoint_id);
  const auto message = repository_.message(job.tenant_id, job.message_id);
  if (!endpoint || !message) return;  // removed meanwhile (the rows cascade)
  const auto now = clock_.now();
  std::vector<std::string> secrets;
  if (auto current = core::open_sealed(seal_key_, endpoint->secret_sealed)) secrets.push_back(*current);
  if (endpoint->previous_sealed && endpoint->previous_until && *endpoint->previous_until > db::utc_timestamp(now))
    if (auto previous = core::open_sealed(seal_key_, *endpoint->previous_sealed)) secrets.push_back(*previous);
  Attempt attempt;
  attempt.delivery_id = job.id;
  attempt.at = db::utc_timestamp(now);
  if (secrets.empty()) {
    attempt.error = "the endpoint's secret cannot be opened (another secret key?)";
  } else {
    const std::string timestamp = std::to_string(
        std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count());
    Outgoing out;
    out.url = endpoint->url;
    out.body = message->payload;
    out.allow_private = endpoint->allow_private && dev_stage_;
    out.headers = {{"webhook-id", message->id},
                   {"webhook-timestamp", timestamp},
                   {"webhook-signature", signature_header(secrets, message->id, timestamp, message->payload)}};
    const auto answer = sender_.send(out);
    attempt.status = answer.status;
    attempt.duration_ms = answer.duration_ms;
    attempt.answer = printable(answer.head);
    attempt.error = answer.error;
  }
  const bool delivered = attempt.status >= 200 && attempt.status < 300;
  std::optional<std::string> retry_at;
  if (!delivered) {
    const auto created = core::parse_utc(message->created_at).value_or(now);  // a time the portal wrote
    const auto next = now + retry_delay(policy_, job.attempts);
    if (next - created <= policy_.give_up_after) retry_at = db::utc_timestamp(next);
  }
  const auto disabled = repository_.finish(job, attempt, delivered, retry_at, db::utc_timestamp(clock_.now()),
                                           db::utc_timestamp(now - policy_.disable_after));
  core::log_json(delivered ? spdlog::level::info : spdlog::level::warn, delivered ? "webhook delivered" : "webhook failed",
                 {{"delivery", job.id}, {"tenant", job.tenant_id}, {"status", attempt.status},
                  {"attempts", job.attempts}, {"retryAt", retry_at.value_or("")}, {"error", attempt.error}});
  if (disabled && on_disabled_) {
    core::log_json(spdlog::level::warn, "webhook endpoint disabled after a day of failures",
                   {{"endpoint", job.endpoint_id}, {"tenant", job.tenant_id}});
    on_disabled_(job.tenant_id, job.endpoint_id, *disabled);
  }
}

}  // namespace portal::webhooks
