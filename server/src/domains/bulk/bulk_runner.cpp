#include "domains/bulk/bulk_runner.hpp"

#include <boost/json.hpp>

#include "core/log.hpp"
#include "db/timestamp.hpp"

namespace portal::bulk {

void BulkRunner::stop() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
}

std::int64_t BulkRunner::run_once() {
  std::int64_t worked = 0;
  for (const auto& job : repository_.open(db::utc_timestamp(clock_.now()), 20)) {
    if (stopping_) break;
    const auto now = clock_.now();
    if (!repository_.claim(job.tenant_id, job.id, holder_, db::utc_timestamp(now), db::utc_timestamp(now + policy_.lease)))
      continue;  // another instance has it
    try {
      worked += work(job);
    } catch (const std::exception& e) {  // the database away for a moment: the lease lapses, the job is open again
      core::log_json(spdlog::level::warn, "bulk job not finished", {{"job", job.id}, {"error", e.what()}});
    }
  }
  return worked;
}

std::int64_t BulkRunner::work(const Job& job) {
  const core::Heartbeat heartbeat(
      [&] { return repository_.renew(job.tenant_id, job.id, holder_, db::utc_timestamp(clock_.now() + policy_.lease)); },
      [&] {
        core::log_json(spdlog::level::warn, "bulk job's claim lost: another instance resumes it",
                       {{"job", job.id}, {"tenant", job.tenant_id}});
      },
      policy_.beat);
  const Kind* kind = service_.kind(job.kind);
  const RowAction* action = nullptr;
  if (kind)
    if (auto it = kind->find(job.action); it != kind->end()) action = &it->second;
  boost::system::error_code ec;
  const auto parsed = boost::json::parse(job.params, ec);
  const boost::json::object params = !ec && parsed.is_object() ? parsed.as_object() : boost::json::object{};
  std::int64_t worked = 0;
  for (;;) {
    const auto items = repository_.pending(job.tenant_id, job.id, policy_.chunk);
    if (items.empty()) break;
    for (const auto& item : items) {
      if (stopping_ || heartbeat.lost()) {
        if (!heartbeat.lost()) repository_.release(job.tenant_id, job.id, holder_);  // SIGTERM: another takes it now
        return worked;
      }
      if (policy_.test_delay.count() > 0) {
        std::unique_lock lock(mutex_);
        wake_.wait_for(lock, policy_.test_delay, [&] { return stopping_.load(); });
      }
      const Commit commit = [&](db::Session& s) {
        if (!BulkRepository::mark_done(s, job.tenant_id, job.id, item.position)) throw AlreadyDone{};
      };
      RowOutcome outcome;
      try {
        outcome = action ? (*action)(job, params, item.target, commit)
                         : RowOutcome::refused("UNKNOWN_ACTION", "This portal does not know the action " + job.action);
      } catch (const AlreadyDone&) {
        continue;  // another holder did it
      } catch (const db::Error&) {
        throw;  // the database away: the job is resumed from this row
      } catch (const std::exception& e) {  // a fault of this row's own (its change rolled back): refused, logged
        core::log_json(spdlog::level::err, "bulk row failed", {{"job", job.id}, {"target", item.target}, {"error", e.what()}});
        outcome = RowOutcome::refused("INTERNAL_ERROR", "The change could not be made");
      }
      if (!outcome.done) repository_.mark_failed(job.tenant_id, job.id, item.position, outcome.code, outcome.reason);
      ++worked;
    }
  }
  if (!heartbeat.lost() && repository_.finish(job.tenant_id, job.id, holder_, db::utc_timestamp(clock_.now())))
    core::log_json(spdlog::level::info, "bulk job finished",
                   {{"job", job.id}, {"tenant", job.tenant_id}, {"kind", job.kind}, {"action", job.action}});
  return worked;
}

}  // namespace portal::bulk
