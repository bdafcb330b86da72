#include "domains/purchases/request_caller.hpp"

#include "domains/tenants/tenants_types.hpp"
#include "http/language.hpp"
#include "http/origin.hpp"

namespace portal::purchases {

Caller caller_of(const http::RequestContext& ctx, std::optional<std::string> lang) {
  Caller c;
  c.tenant = ctx.tenant;
  if (ctx.user) c.user_uuid = ctx.user->uuid;
  c.lang = http::api_language(ctx, lang);
  c.backend_base = http::tenant_origin(*ctx.tenant, ctx) + "/backend";
  c.return_origins = http::return_origins(*ctx.tenant, ctx);
  return c;
}

}  // namespace portal::purchases
