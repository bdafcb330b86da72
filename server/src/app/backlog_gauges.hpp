#pragma once
// The backlogs an operator alerts on (docs/operations.md "Metrics and alerts", docs/portal.rules.yml): the age of the
// oldest mail waiting for delivery, the age of the oldest queued media job (of all, and of each tenant's), the media
// jobs failed in the last hour, and each tenant's bytes of finished media in the store (its stored-bytes quota's). Read from the database every kBacklogLook by a runner (never on a request's thread); /metrics serves the last
// reading. Every instance reports the same figures (they are the database's), so alert on their max.
#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "core/clock.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/media/media_repository.hpp"

namespace portal::app {

inline constexpr std::chrono::seconds kBacklogLook{15};

class BacklogGauges {
 public:
  // Reads the figures now; a database away for a moment keeps the last ones (logged).
  void refresh(identity::OutboxRepository& outbox, media::MediaRepository& media, const core::Clock& clock);
  double mail_oldest_seconds() const { return mail_oldest_.load(); }
  double media_job_oldest_seconds() const { return job_oldest_.load(); }
  double media_jobs_failed_last_hour() const { return jobs_failed_.load(); }
  // Per tenant (its name): the age of its oldest queued job (tenants with none queued are left out), and the bytes
  // of its finished media in the store.
  using ByTenant = std::vector<std::pair<std::string, double>>;
  ByTenant media_job_oldest_seconds_by_tenant() const;
  ByTenant media_stored_bytes_by_tenant() const;

 private:
  mutable std::mutex mutex_;
  ByTenant queue_by_tenant_;   // guarded by mutex_
  ByTenant stored_by_tenant_;  // guarded by mutex_
  std::atomic<double> mail_oldest_{0};
  std::atomic<double> job_oldest_{0};
  std::atomic<double> jobs_failed_{0};
};

}  // namespace portal::app
