#pragma once
// The audit entry of one row of a bulk job: who asked (the job's member, call, address and request id), the action
// and the row, like the single-row action's entry; the caller adds the row before and after.
#include <string>

#include "db/timestamp.hpp"
#include "domains/audit/audit_types.hpp"
#include "domains/bulk/bulk_types.hpp"

namespace portal::bulk {

inline audit::Entry row_entry(const Job& job, std::string action, std::string object_type, std::string object_id) {
  audit::Entry e;
  e.at = db::utc_timestamp();
  e.tenant_id = job.tenant_id;
  e.actor_id = job.actor_id;
  e.actor_email = job.actor_email;
  e.actor_role = job.actor_role;
  e.action = std::move(action);
  e.call = job.call + " (bulk job " + job.id + ")";
  e.object_type = std::move(object_type);
  e.object_id = std::move(object_id);
  e.client_address = job.client_address;
  e.request_id = job.request_id;
  return e;
}

}  // namespace portal::bulk
