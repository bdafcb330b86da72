#pragma once
// The audit entry of a staff member's call: when, the tenant, who (the member of ctx.staff), the
// call (method and path), the client's address and the request id, with the action and the object it
// names. The caller adds what differs: the object before and after.
#include <cstdint>
#include <optional>
#include <string>

#include "domains/audit/audit_types.hpp"
#include "http/context.hpp"

namespace portal::audit {

// ctx.staff must be set (an Access::staff route).
Entry staff_entry(const http::RequestContext& ctx, std::optional<std::int64_t> tenant_id, std::string action,
                  std::string object_type, std::string object_id);

}  // namespace portal::audit
