#include "http/origin.hpp"

#include <algorithm>
#include <boost/algorithm/string/case_conv.hpp>

#include "domains/tenants/tenants_types.hpp"

namespace portal::http {

std::string tenant_origin(const tenants::Tenant& tenant, const RequestContext& ctx) {
  if (auto* configured = tenant.backend.if_contains("publicOrigin"); configured && configured->is_string()) {
    std::string origin(configured->as_string());
    while (!origin.empty() && origin.back() == '/') origin.pop_back();
    if (!origin.empty()) return origin;
  }
  const std::string scheme = ctx.secure ? "https://" : "http://";
  std::string host_port(ctx.req[bhttp::field::host]);
  boost::algorithm::to_lower(host_port);
  std::string host = host_port, port;
  // A bracketed IPv6 literal keeps its colons; only a trailing ":digits" is a port.
  if (auto colon = host_port.rfind(':'); colon != std::string::npos && host_port.find(']', colon) == std::string::npos) {
    host = host_port.substr(0, colon);
    port = host_port.substr(colon + 1);
  }
  const bool digits = !port.empty() && port.size() <= 5 && std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; });
  // A loopback literal is the visitor's own machine: a link there reaches no
  // one else, and it lets a development server answer on 127.0.0.1.
  const bool loopback = host == "127.0.0.1" || host == "[::1]" || host == "localhost";
  const bool own = loopback || std::find(tenant.hosts.begin(), tenant.hosts.end(), host) != tenant.hosts.end();
  if (own && (port.empty() || digits)) return scheme + host + (port.empty() ? "" : ":" + port);
  const std::string fallback = tenant.hosts.empty() ? "localhost" : tenant.hosts.front();
  return scheme + fallback + (digits ? ":" + port : "");
}

std::string request_origin(const RequestContext& ctx) {
  std::string host(ctx.req[bhttp::field::host]);
  boost::algorithm::to_lower(host);
  return (ctx.secure ? "https://" : "http://") + (host.empty() ? std::string("localhost") : host);
}

}  // namespace portal::http
