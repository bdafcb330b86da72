#include "domains/bulk/bulk_service.hpp"

#include <boost/json.hpp>

#include "core/ids.hpp"
#include "db/timestamp.hpp"

namespace portal::bulk {

const Kind* BulkService::kind(const std::string& name) const {
  const auto it = kinds_.find(name);
  return it == kinds_.end() ? nullptr : &it->second;
}

Result<Job> BulkService::create(std::int64_t tenant_id, NewJob in,
                                const std::function<void(db::Session&, const std::string&)>& mark) {
  const Kind* k = kind(in.kind);
  if (!k || !k->count(in.action)) {
    std::string names;
    if (k)
      for (const auto& [name, _] : *k) names += (names.empty() ? "" : ", ") + name;
    return Error::invalid("action", "must be one of " + names);
  }
  if (in.targets.empty()) return Error::of(ErrorCode::nothing_selected, "No row is selected");
  if (static_cast<std::int64_t>(in.targets.size()) > kMaxRows)
    return Error::refused(ErrorCode::too_many_rows,
                          std::to_string(in.targets.size()) + " rows are selected; one action takes at most " +
                              std::to_string(kMaxRows) + " (narrow the filter)",
                          "ids", "at most " + std::to_string(kMaxRows) + " rows");
  Job job;
  job.id = core::new_uuid();
  job.tenant_id = tenant_id;
  job.kind = in.kind;
  job.action = in.action;
  job.params = boost::json::serialize(in.params);
  job.total = static_cast<std::int64_t>(in.targets.size());
  job.state = "queued";
  job.actor_id = in.actor.id;
  job.actor_email = in.actor.email;
  job.actor_role = in.actor.role;
  job.call = in.actor.call;
  job.client_address = in.actor.client_address;
  job.request_id = in.actor.request_id;
  job.created_at = db::utc_timestamp(clock_.now());
  repository_.transaction([&](db::Session& s) {
    BulkRepository::insert(s, job, in.targets);
    if (mark) mark(s, job.id);
  });
  if (on_created) on_created();
  return job;
}

Result<JobView> BulkService::read(std::int64_t tenant_id, const std::string& kind, const std::string& id) {
  auto job = repository_.find(tenant_id, id);
  if (!job || job->kind != kind) return Error::of(ErrorCode::job_not_found, "Bulk job " + id + " not found");
  JobView view{std::move(*job), {}};
  if (view.job.failed > 0) view.failures = repository_.failures(tenant_id, id, kMaxFailuresShown);
  return view;
}

}  // namespace portal::bulk
