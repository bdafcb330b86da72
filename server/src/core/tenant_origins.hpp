#pragma once
// A tenant's browser origins (CORS, return addresses): pure rules on core::Tenant,
// asked by http/ (origin.cpp, the pipeline's CORS) and by the tenants domain.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/tenant.hpp"

namespace portal::core {

// An origin as a browser sends it: "scheme://host[:port]" in lower case, a
// default port (80 for http, 443 for https) left out. nullopt when `text` is
// not a strict origin (core/url.hpp) or holds more than an origin (a path
// other than "/", a query, a fragment).
std::optional<std::string> browser_origin(std::string_view text);

// The tenant's origins for one request, each an exact scheme, host and port
// (browser_origin form): backend.publicOrigin, backend.allowedOrigins, and each
// of its hosts where this server was reached — the scheme the browser used, on
// the port the connection came in on, and through a trusted proxy also on the
// scheme's default port. A host of the tenant on any other port is not the
// tenant's: anyone may listen there.
std::vector<std::string> tenant_origins(const Tenant& tenant, const Reached& reached);
// Whether a browser origin is exactly one of tenant_origins(tenant, reached).
// CORS answers a tenant's calls to its own origins only.
bool origin_belongs_to(const Tenant& tenant, std::string_view origin, const Reached& reached);
// backend.allowedOrigins, lower-cased, without trailing slashes.
std::vector<std::string> allowed_origins(const Tenant& tenant);

}  // namespace portal::core
