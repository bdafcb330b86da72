#pragma once
// The absolute origin ("scheme://host[:port]") of a tenant's site, for links in
// answers to the request (envFile, page meta, checkout and logout addresses),
// and the exact origins a browser may be sent back to. They come from
// configuration, never from what a client sends: the tenant's
// `backend.publicOrigin` when set, else the request's host name only when it is
// one of the tenant's configured hosts or a loopback literal, else the tenant's
// first host; the port is never the Host header's but the one this server was
// reached on (none behind a trusted proxy: the scheme's own). Where a browser
// may be sent (redirects, their CSP form-action) is exact: return_origins.
// The scheme is https only when ctx.secure (a trusted proxy said so).
#include <string>
#include <vector>

#include "core/tenant.hpp"
#include "http/context.hpp"

namespace portal::http {

// How the browser of ctx reached this server (scheme, listening port, proxy).
core::Reached reached(const RequestContext& ctx);

std::string tenant_origin(const core::Tenant& tenant, const RequestContext& ctx);

// The origin a mail's links start with (issue 72 item 3): the tenant's public origin (Tenant::public_origin:
// backend.publicOrigin, else the portal's public URL on the tenant's host), never the request's Host header, so
// a link mailed from a page opened on any address works where the customer reads it. Throws 503
// PUBLIC_ORIGIN_MISSING when neither is configured (the tenant was made without one outside the dev stage).
std::string mail_origin(const core::Tenant& tenant);

// Where a hosted page, a checkout or a logout may send the browser of ctx back
// to (identity::allowed_redirect), and so the hosted pages' CSP form-action:
// core::tenant_origins (configured origins, the tenant's hosts where this
// server was reached), and a loopback literal where this server was reached.
// Each exact: another port of a tenant host, whatever the Host header says, is
// not among them (a reset link to localhost:1 reaches whoever listens there).
std::vector<std::string> return_origins(const core::Tenant& tenant, const RequestContext& ctx);

// "scheme://host[:port]" this request was addressed to (Host header, lower
// case). Only for comparing with a browser's Origin header (same-origin form
// posts); never for building a URL.
std::string request_origin(const RequestContext& ctx);

}  // namespace portal::http
