#pragma once
// The absolute origin ("scheme://host[:port]") of a tenant's site, for links in
// mails, redirects and return addresses. It comes from configuration, never
// from what a client sends: the tenant's `backend.publicOrigin` when set, else
// the request's Host only when it is one of the tenant's configured hosts or a
// loopback literal (the port kept, so a dev server on any port works), else
// the tenant's first host.
// The scheme is https only when ctx.secure (a trusted proxy said so).
#include <string>

#include "http/context.hpp"

namespace portal::tenants {
struct Tenant;
}

namespace portal::http {

std::string tenant_origin(const tenants::Tenant& tenant, const RequestContext& ctx);

// "scheme://host[:port]" this request was addressed to (Host header, lower
// case). Only for comparing with a browser's Origin header (same-origin form
// posts); never for building a URL.
std::string request_origin(const RequestContext& ctx);

}  // namespace portal::http
