#include "domains/audit/staff_entry.hpp"

#include <utility>

#include "db/timestamp.hpp"

namespace portal::audit {

Entry staff_entry(const http::RequestContext& ctx, std::optional<std::int64_t> tenant_id, std::string action,
                  std::string object_type, std::string object_id) {
  Entry e;
  e.at = db::utc_timestamp();
  e.tenant_id = tenant_id;
  const auto& staff = *ctx.staff;
  e.actor_id = staff.id;
  e.actor_email = staff.email;
  e.actor_role = std::string(http::staff_role_name(staff.role));
  e.action = std::move(action);
  e.call = std::string(ctx.req.method_string()) + " " + std::string(ctx.url.path());
  e.object_type = std::move(object_type);
  e.object_id = std::move(object_id);
  e.client_address = ctx.client_address;
  e.request_id = ctx.request_id;
  return e;
}

}  // namespace portal::audit
