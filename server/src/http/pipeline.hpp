#pragma once
// Everything around a handler, in one readable function: request id, URL
// checks, face selection (/backend vs portal), tenant resolution, the
// authentication hook, the route's policy (Access::user answers a guest 401
// UNAUTHORIZED before the handler; Idempotency::key runs it through the one
// Idempotency-Key wrapper), dispatch, the error mapping, CORS, compression, the
// access log and metrics. It knows no domain: the composition root (app/)
// fills the hooks.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "http/error.hpp"
#include "core/tenant.hpp"
#include "http/context.hpp"
#include "http/idempotency.hpp"
#include "http/metrics.hpp"
#include "http/router.hpp"

namespace portal::http {

struct PipelineHooks {
  // Backend face: the tenant named by X-Tenant-ID, or nullptr when unknown.
  std::function<std::shared_ptr<const core::Tenant>(std::string_view name)> tenant_by_name;
  // Portal face: the tenant for a Host (port stripped), else the default tenant; nullptr only while the portal
  // has no tenant at all (a fresh install; absent: a listener without tenants, such as the metrics listener).
  std::function<std::shared_ptr<const core::Tenant>(std::string_view host)> tenant_by_host;
  // Portal face without a tenant (tenant_by_host answered nullptr): what every portal route but those that take
  // no tenant (TenantFrom::none: /healthz, /readyz, /metrics) and every page answer instead: the page that says
  // how to create the first tenant (app/no_tenant_page.hpp). Absent: the routes run, the rest is a 404.
  std::function<Response(RequestContext&)> portal_without_tenant;
  // Whether a browser Origin may read the answers of `tenant` (CORS): one of
  // that tenant's own origins (core::origin_belongs_to). A null tenant (a
  // preflight, which carries no X-Tenant-ID value, or a call without a tenant)
  // asks whether the origin is any tenant's.
  std::function<bool(std::string_view origin, const core::Tenant* tenant, const core::Reached& reached)>
      origin_allowed;
  // Sets ctx.user from the Authorization header; may throw ErrorException(401).
  // Not called for the staff realm's routes.
  std::function<boost::asio::awaitable<void>(RequestContext&)> authenticate;
  // Access::staff routes: sets ctx.staff from the member's token (bearer or
  // cookie) when it is live; leaves it empty otherwise (the pipeline answers 401).
  std::function<boost::asio::awaitable<void>(RequestContext&)> authenticate_staff;
  // Whether a peer address is a configured reverse proxy, whose X-Forwarded-Proto
  // and X-Forwarded-For are believed; nobody else's are.
  std::function<bool(std::string_view peer_address)> trusted_proxy;
  // Portal-face GET/HEAD that no portal route matched: static files and page shells.
  std::function<boost::asio::awaitable<Response>(RequestContext&)> portal_fallback;
  // Where routes with Idempotency::key keep their answers (http/idempotency.hpp).
  // Required as soon as one such route is called.
  std::shared_ptr<IdempotencyStore> idempotency;
  // Read replicas (docs/operations.md "Read replicas"), set when the portal has any: the reads of a GET route marked
  // Reads::replica (and of the page shells) may go to one that replayed the caller's read-after position
  // (http/read_after.hpp); the answer to any other call that succeeded carries the primary's position after it
  // (write_position, run on the database pool), kept read_after_seconds.
  std::function<boost::asio::awaitable<std::uint64_t>()> write_position;
  int read_after_seconds = 60;
};

class Pipeline {
 public:
  Pipeline(const Router& backend, const Router& portal, Metrics& metrics, PipelineHooks hooks);

  // local_port: the listening port the connection was accepted on (0 when unknown).
  boost::asio::awaitable<Response> handle(const Request& req, std::string client_address,
                                          unsigned short local_port = 0);

 private:
  // route_label: the matched pattern (owned by the router) or a fixed name.
  boost::asio::awaitable<Response> dispatch(RequestContext& ctx, std::string_view& route_label);
  boost::asio::awaitable<Response> dispatch_backend(RequestContext& ctx, std::string_view path,
                                                    std::string_view& route_label);
  // The reads of the handler about to run may go to a replica (Reads::replica, a GET).
  void read_from_replica(const RequestContext& ctx) const;
  // After a write that succeeded: the read-after cookie (write_position).
  boost::asio::awaitable<void> mark_write(const RequestContext& ctx, Response& res) const;
  // tenant: the request's (null when it has none); reached: how the browser came.
  void add_cors(const Request& req, Response& res, const core::Tenant* tenant,
                const core::Reached& reached) const;

  const Router& backend_;
  const Router& portal_;
  Metrics& metrics_;
  PipelineHooks hooks_;
};

// Host header without port, lower case.
std::string request_host(const Request& req);

// What a request gets when no database connection came free in time
// (db::PoolExhausted): 503 SERVICE_UNAVAILABLE, data {retryAfter} and the
// Retry-After header.
inline constexpr std::int64_t kPoolExhaustedRetryAfter = 2;
http::Error pool_exhausted_error();

}  // namespace portal::http
