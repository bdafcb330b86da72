#include "domains/parental_control/request_limit.hpp"

#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/context.hpp"

namespace portal::parental_control {

int max_rating_for(const http::RequestContext& ctx) {
  return max_rating_for(ctx.require_tenant(), ctx.user ? ctx.user->parental_max_rating : std::nullopt);
}

}  // namespace portal::parental_control
