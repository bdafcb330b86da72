#pragma once
// The bulk jobs' worker (issue 78 item 3): background work under a lease (core/lease.hpp). Any instance claims an
// open job whose lease is free or lapsed by a conditional update that moves held_until to the end of a short lease
// under its own token, renewed by a heartbeat while it works; it works the job's pending rows in chunks, each row's
// change with its audit entry and its move out of 'pending' in one transaction. An instance killed mid-job leaves the
// job claimable when its lease lapses; another resumes at the first pending row, and a row that two holders reach is
// written by the first only (the second's transaction sees it no longer pending and rolls back). SIGTERM: the row
// under way finishes and the claim is handed back at once.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>

#include "core/clock.hpp"
#include "core/ids.hpp"
#include "core/lease.hpp"
#include "domains/bulk/bulk_repository.hpp"
#include "domains/bulk/bulk_service.hpp"

namespace portal::bulk {

struct RunnerPolicy {
  std::int64_t chunk = 100;  // rows read at a time
  std::chrono::milliseconds lease = core::kLeaseLength;
  std::chrono::milliseconds beat = core::kLeaseBeat;
  std::chrono::milliseconds test_delay{0};  // dev stage: each row waits this long first (tests watch progress, kill)
};

class BulkRunner {
 public:
  BulkRunner(BulkRepository& repository, const BulkService& service, const core::Clock& clock, RunnerPolicy policy)
      : repository_(repository), service_(service), clock_(clock), policy_(policy), holder_(core::new_uuid()) {}

  // Works the open jobs whose lease is free or lapsed; answers how many rows it worked.
  std::int64_t run_once();
  void stop();

 private:
  std::int64_t work(const Job& job);

  BulkRepository& repository_;
  const BulkService& service_;
  const core::Clock& clock_;
  RunnerPolicy policy_;
  std::string holder_;  // this instance's token
  std::mutex mutex_;
  std::condition_variable wake_;
  std::atomic<bool> stopping_{false};
};

}  // namespace portal::bulk
