#include "http/origin.hpp"

#include <algorithm>

#include "core/tenant_origins.hpp"
#include "core/text.hpp"
#include "http/error.hpp"

namespace portal::http {
namespace {

// The Host header split into host and port ("" when none); nullopt when the
// port is not 1 to 5 digits.
struct HostPort {
  std::string host;
  std::string port;
};
std::optional<HostPort> split_host(const RequestContext& ctx) {
  std::string host_port(ctx.req[bhttp::field::host]);
  host_port = core::lower(host_port);
  HostPort out{host_port, ""};
  // A bracketed IPv6 literal keeps its colons; only a trailing ":digits" is a port.
  if (auto colon = host_port.rfind(':'); colon != std::string::npos && host_port.find(']', colon) == std::string::npos) {
    out.host = host_port.substr(0, colon);
    out.port = host_port.substr(colon + 1);
    const bool digits = !out.port.empty() && out.port.size() <= 5 &&
                        std::all_of(out.port.begin(), out.port.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits) return std::nullopt;
  }
  return out;
}

// A loopback literal is the visitor's own machine: a link there reaches no
// one else, and it lets a development server answer on 127.0.0.1.
bool is_loopback(std::string_view host) { return host == "127.0.0.1" || host == "[::1]" || host == "localhost"; }

// "scheme://host" with ":port" unless it is the scheme's default.
std::string origin_text(bool https, std::string_view host, unsigned port) {
  std::string out = (https ? "https://" : "http://") + std::string(host);
  if (port != 0 && port != (https ? 443u : 80u)) out += ":" + std::to_string(port);
  return out;
}

}  // namespace

core::Reached reached(const RequestContext& ctx) {
  return {ctx.secure, ctx.forwarded_port != 0 ? ctx.forwarded_port : ctx.local_port, ctx.proxied};
}

std::string tenant_origin(const core::Tenant& tenant, const RequestContext& ctx) {
  if (auto* configured = tenant.backend.if_contains("publicOrigin"); configured && configured->is_string()) {
    std::string origin(configured->as_string());
    while (!origin.empty() && origin.back() == '/') origin.pop_back();
    if (!origin.empty()) return origin;
  }
  // The host: the one asked for when it is the tenant's (or loopback), else the tenant's first. The port is
  // never the Host header's (issue 71 item 8): the one this server was reached on; behind a trusted proxy the
  // one it says browsers used (X-Forwarded-Port), else the scheme's own (backend.publicOrigin for anything else).
  const auto asked = split_host(ctx);
  const bool own = asked && (is_loopback(asked->host) ||
                             std::find(tenant.hosts.begin(), tenant.hosts.end(), asked->host) != tenant.hosts.end());
  const std::string host = own ? asked->host : tenant.hosts.empty() ? "localhost" : tenant.hosts.front();
  const auto at = reached(ctx);
  return origin_text(at.https, host, at.proxied && ctx.forwarded_port == 0 ? 0u : at.port);
}

std::string mail_origin(const core::Tenant& tenant) {
  if (!tenant.public_origin.empty()) return tenant.public_origin;
  Error e;
  e.status = 503;
  e.code = "PUBLIC_ORIGIN_MISSING";
  e.message = "The site's public address is not configured, so no mail with a link can be sent";
  throw ErrorException(std::move(e));
}

std::vector<std::string> return_origins(const core::Tenant& tenant, const RequestContext& ctx) {
  const auto at = reached(ctx);
  auto origins = core::tenant_origins(tenant, at);
  // The page's own origin on a loopback literal (a development server on
  // 127.0.0.1), where this server was reached only: never a port the Host names.
  if (const auto asked = split_host(ctx); asked && is_loopback(asked->host)) {
    const unsigned default_port = at.https ? 443 : 80;
    const unsigned port = asked->port.empty() ? default_port : static_cast<unsigned>(std::stoul(asked->port));
    const bool here = (at.port != 0 && port == at.port) || (at.proxied && port == default_port);
    if (auto origin = core::browser_origin(origin_text(at.https, asked->host, port));
        here && origin && std::find(origins.begin(), origins.end(), *origin) == origins.end())
      origins.push_back(std::move(*origin));
  }
  return origins;
}

std::string request_origin(const RequestContext& ctx) {
  std::string host(ctx.req[bhttp::field::host]);
  host = core::lower(host);
  return (ctx.secure ? "https://" : "http://") + (host.empty() ? std::string("localhost") : host);
}

}  // namespace portal::http
