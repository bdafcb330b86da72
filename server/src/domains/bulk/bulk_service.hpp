#pragma once
// Bulk jobs from the console (issue 78 item 3): made with their selection frozen, read with their progress and the
// rows refused. The kinds (a list and its actions) are added by bulk_module.hpp; what each row does is its kind's.
// Blocking: run on the database pool.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "domains/bulk/bulk_repository.hpp"
#include "domains/bulk/bulk_types.hpp"

namespace portal::bulk {

// The job with the rows refused so far (the first kMaxFailuresShown).
struct JobView {
  Job job;
  std::vector<Failure> failures;
};
inline constexpr std::int64_t kMaxFailuresShown = 200;

class BulkService {
 public:
  BulkService(BulkRepository& repository, const core::Clock& clock) : repository_(repository), clock_(clock) {}

  void add_kind(const std::string& name, Kind kind) { kinds_[name] = std::move(kind); }
  const Kind* kind(const std::string& name) const;
  // Told when a job is made (wakes the worker of this instance).
  std::function<void()> on_created;

  // A job of the selection; refused when the action is not one of the kind's, nothing is selected or more than
  // kMaxRows. mark: the Idempotency-Key's recovery point (the job's id), in the job's transaction.
  Result<Job> create(std::int64_t tenant_id, NewJob job, const std::function<void(db::Session&, const std::string&)>& mark);
  // A job of this kind (another kind's is not found: its list's role may differ).
  Result<JobView> read(std::int64_t tenant_id, const std::string& kind, const std::string& id);

 private:
  BulkRepository& repository_;
  const core::Clock& clock_;
  std::map<std::string, Kind> kinds_;
};

}  // namespace portal::bulk
