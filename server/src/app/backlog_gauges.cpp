#include "app/backlog_gauges.hpp"

#include <algorithm>

#include "core/log.hpp"
#include "core/utc_time.hpp"
#include "db/timestamp.hpp"

namespace portal::app {
namespace {

// Seconds since `at` (0 when nothing waits, or the text is no timestamp).
double age_of(const std::optional<std::string>& at, std::chrono::system_clock::time_point now) {
  const auto then = at ? core::parse_utc(*at) : std::nullopt;
  if (!then) return 0;
  return std::max(0.0, std::chrono::duration<double>(now - *then).count());
}

}  // namespace

void BacklogGauges::refresh(identity::OutboxRepository& outbox, media::MediaRepository& media,
                            const core::Clock& clock) {
  try {
    const auto now = clock.now();
    mail_oldest_ = age_of(outbox.oldest_waiting(), now);
    job_oldest_ = age_of(media.oldest_queued_job(), now);
    jobs_failed_ = static_cast<double>(media.jobs_failed_since(db::utc_timestamp(now - std::chrono::hours(1))));
    ByTenant queued, stored;
    for (const auto& [tenant, at] : media.oldest_queued_by_tenant())
      queued.emplace_back(tenant, age_of(at, now));
    for (const auto& [tenant, bytes] : media.stored_bytes_by_tenant())
      stored.emplace_back(tenant, static_cast<double>(bytes));
    const std::lock_guard lock(mutex_);
    queue_by_tenant_ = std::move(queued);
    stored_by_tenant_ = std::move(stored);
  } catch (const std::exception& e) {
    core::log_json(spdlog::level::warn, "backlog gauges not refreshed", {{"error", e.what()}});
  }
}

BacklogGauges::ByTenant BacklogGauges::media_job_oldest_seconds_by_tenant() const {
  const std::lock_guard lock(mutex_);
  return queue_by_tenant_;
}

BacklogGauges::ByTenant BacklogGauges::media_stored_bytes_by_tenant() const {
  const std::lock_guard lock(mutex_);
  return stored_by_tenant_;
}

}  // namespace portal::app
