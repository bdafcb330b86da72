#include "http/pipeline.hpp"

#include <boost/json/object.hpp>
#include <boost/url/parse.hpp>

#include "core/text.hpp"
#include "http/error.hpp"
#include "core/ids.hpp"
#include "core/log.hpp"
#include "db/database.hpp"
#include "db/read_scope.hpp"
#include "db/unavailable.hpp"
#include "core/tenant.hpp"
#include "http/compression.hpp"
#include "http/json.hpp"
#include "http/origin.hpp"
#include "http/params.hpp"
#include "http/read_after.hpp"
#include "http/security_headers.hpp"
#include "http/utf8.hpp"

namespace portal::http {
namespace {

// The client a trusted proxy names: the last address of X-Forwarded-For (the
// one that proxy appended; earlier ones are whatever the client claimed).
std::string forwarded_client(const Request& req) {
  auto it = req.find("X-Forwarded-For");
  if (it == req.end()) return {};
  std::string_view list = it->value();
  if (auto comma = list.rfind(','); comma != std::string_view::npos) list.remove_prefix(comma + 1);
  while (!list.empty() && list.front() == ' ') list.remove_prefix(1);
  while (!list.empty() && list.back() == ' ') list.remove_suffix(1);
  return std::string(list);
}

// The port a trusted proxy says browsers reached it on (X-Forwarded-Port: 1 to 65535 in plain digits); 0 when
// it says none or something else.
unsigned short forwarded_port(const Request& req) {
  auto it = req.find("X-Forwarded-Port");
  if (it == req.end()) return 0;
  const auto id = http::parse_canonical_id(it->value());
  return id && *id <= 65535 ? static_cast<unsigned short>(*id) : 0;
}

// A client-supplied request id is kept only when it is short and plain.
std::string request_id_for(const Request& req) {
  auto it = req.find("X-Request-ID");
  if (it != req.end()) {
    std::string_view v = it->value();
    const bool plain = !v.empty() && v.size() <= 64 &&
                       std::all_of(v.begin(), v.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; });
    if (plain) return std::string(v);
  }
  return core::new_request_id();
}

std::string allowed_list(const std::vector<Verb>& verbs) {
  std::string out;
  for (Verb v : verbs) {
    if (!out.empty()) out += ", ";
    out += std::string(bhttp::to_string(v));
  }
  return out;
}

http::Error method_not_allowed(const std::vector<Verb>& allowed) {
  return {405, "METHOD_NOT_ALLOWED", "Method not allowed; allowed: " + allowed_list(allowed), nullptr};
}

}  // namespace

// The database cannot be reached (db::Unavailable): not this call's fault, and another instance (or this one
// a little later) may answer it, so a 503 that says when to come back rather than a 500.
namespace {
constexpr std::int64_t kDatabaseUnavailableRetryAfter = 5;

http::Error database_unavailable_error() {
  return {503, "SERVICE_UNAVAILABLE", "The database cannot be reached; try again shortly",
          boost::json::object{{"retryAfter", kDatabaseUnavailableRetryAfter}}};
}
}  // namespace

http::Error pool_exhausted_error() {
  return {503, "SERVICE_UNAVAILABLE", "The service is busy; try again shortly",
          boost::json::object{{"retryAfter", kPoolExhaustedRetryAfter}}};
}

std::string request_host(const Request& req) {
  std::string host(req[bhttp::field::host]);
  if (!host.empty() && host.front() == '[') {  // [::1]:8080
    host = host.substr(0, host.find(']') + 1);
  } else if (auto colon = host.rfind(':'); colon != std::string::npos) {
    host.resize(colon);
  }
  host = core::lower(host);
  return host;
}

Pipeline::Pipeline(const Router& backend, const Router& portal, Metrics& metrics, PipelineHooks hooks)
    : backend_(backend), portal_(portal), metrics_(metrics), hooks_(std::move(hooks)) {}

boost::asio::awaitable<Response> Pipeline::handle(const Request& req, std::string client_address,
                                                  unsigned short local_port) {
  const auto started = std::chrono::steady_clock::now();
  const std::string request_id = request_id_for(req);
  std::string_view route_label = "unmatched";
  std::string tenant_name;
  Response res;
  core::Reached reached{false, local_port, false};  // for the headers of whatever answer leaves
  std::optional<RequestContext> ctx;                   // kept past an error: its tenant decides CORS
  db::current_read_scope() = {};                       // the primary, unless the route says otherwise
  try {
    const std::string_view target = req.target();
    // Spec §5: a request URL must not start with '//'.
    if (target.empty() || target.front() != '/' || target.starts_with("//"))
      throw http::ErrorException(http::Error::bad_request("The request target must be a path starting with a single '/'"));
    auto url = boost::urls::parse_origin_form(target);
    if (!url) throw http::ErrorException(http::Error::bad_request("The request target is not a valid URL"));
    ctx.emplace(RequestContext{req, request_id, *url, {}, nullptr, std::nullopt, client_address, started});
    ctx->local_port = local_port;
    if (hooks_.trusted_proxy && hooks_.trusted_proxy(client_address)) {
      ctx->proxied = true;
      auto proto = req.find("X-Forwarded-Proto");
      ctx->secure = proto != req.end() && core::iequals(proto->value(), "https");
      ctx->forwarded_port = forwarded_port(req);
      if (auto forwarded = forwarded_client(req); !forwarded.empty()) ctx->client_address = client_address = forwarded;
    }
    reached = http::reached(*ctx);
    res = co_await dispatch(*ctx, route_label);
    db::current_read_scope() = {};
    co_await mark_write(*ctx, res);
  } catch (const http::ErrorException& e) {
    res = error_response(req, e.error, request_id);
  } catch (const db::Unavailable& e) {
    core::log_json(spdlog::level::err, "database unavailable",
                   {{"requestId", request_id}, {"error", e.what()}, {"target", valid_utf8(req.target())}});
    res = error_response(req, database_unavailable_error(), request_id);
  } catch (const db::PoolExhausted& e) {
    core::log_json(spdlog::level::warn, "database pool exhausted",
                   {{"requestId", request_id}, {"error", e.what()}, {"target", std::string(req.target())}});
    res = error_response(req, pool_exhausted_error(), request_id);
  } catch (const std::exception& e) {
    core::log_json(spdlog::level::err, "unhandled exception",
                   {{"requestId", request_id}, {"error", e.what()}, {"target", valid_utf8(req.target())}});
    res = error_response(req, {500, "INTERNAL_ERROR", "Internal server error", nullptr}, request_id);
  }
  db::current_read_scope() = {};
  const core::Tenant* tenant = ctx && ctx->tenant ? ctx->tenant.get() : nullptr;
  if (tenant) tenant_name = tenant->name;

  res.set("X-Request-ID", request_id);
  set_transport_headers(res, reached.https);
  if (req.target().starts_with("/backend")) add_cors(req, res, tenant, reached);
  try {
    compress_response(req, res);
  } catch (const std::exception& e) {  // the answer leaves as it is: uncompressed
    core::log_json(spdlog::level::err, "compression failed", {{"requestId", request_id}, {"error", e.what()}});
  }

  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  metrics_.observe(route_label, res.result_int(), seconds);
  if (spdlog::should_log(spdlog::level::info))
    core::log_json(spdlog::level::info, "request",
                 {{"requestId", request_id},
                  {"method", std::string(req.method_string())},
                  {"target", valid_utf8(req.target())},
                  {"route", std::string(route_label)},
                  {"status", res.result_int()},
                  {"bytes", ResponseBody::size(res.body())},
                  {"ms", seconds * 1000.0},
                  {"tenant", tenant_name},
                  {"client", client_address}});
  co_return res;
}

boost::asio::awaitable<Response> Pipeline::dispatch(RequestContext& ctx, std::string_view& route_label) {
  // Decoded; a path without escapes is its own decoding (no copy).
  std::string decoded;
  std::string_view path = ctx.url.encoded_path();
  if (path.find('%') != std::string_view::npos) {
    decoded = ctx.url.path();
    // %FF%FE decodes to bytes that are no text: routes, messages and logs get U+FFFD.
    if (!is_valid_utf8(decoded)) decoded = valid_utf8(decoded);
    path = decoded;
  }
  if (path == "/backend" || path.starts_with("/backend/")) co_return co_await dispatch_backend(ctx, path, route_label);

  if (hooks_.tenant_by_host) ctx.tenant = hooks_.tenant_by_host(request_host(ctx.req));
  auto match = portal_.match(ctx.req.method(), path);
  if (!ctx.tenant && hooks_.portal_without_tenant && !(match.route && match.route->tenant == TenantFrom::none)) {
    route_label = "no tenant";
    co_return hooks_.portal_without_tenant(ctx);
  }
  if (match.route) {
    route_label = match.route->pattern;
    ctx.params = std::move(match.params);
    if (match.route->reads == Reads::replica) read_from_replica(ctx);
    co_return co_await match.route->handler(ctx);
  }
  if (!match.allowed.empty()) {
    Response res = error_response(ctx.req, method_not_allowed(match.allowed), ctx.request_id);
    res.set(bhttp::field::allow, allowed_list(match.allowed));
    co_return res;
  }
  if (ctx.req.method() != Verb::get && ctx.req.method() != Verb::head) {
    Response res = error_response(ctx.req, method_not_allowed({Verb::get, Verb::head}), ctx.request_id);
    res.set(bhttp::field::allow, "GET, HEAD");
    co_return res;
  }
  if (!hooks_.portal_fallback)
    throw http::ErrorException(http::Error::not_found("ROUTE_NOT_FOUND", "No route at " + std::string(path)));
  route_label = "portal";
  read_from_replica(ctx);  // page shells: the structures and catalog pages their first view embeds
  co_return co_await hooks_.portal_fallback(ctx);
}

void Pipeline::read_from_replica(const RequestContext& ctx) const {
  if (!hooks_.write_position) return;  // no replica
  if (ctx.req.method() != Verb::get && ctx.req.method() != Verb::head) return;
  db::current_read_scope() = db::ReadScope{true, read_after_of(ctx.req)};
}

boost::asio::awaitable<void> Pipeline::mark_write(const RequestContext& ctx, Response& res) const {
  const auto method = ctx.req.method();
  if (!hooks_.write_position || method == Verb::get || method == Verb::head || method == Verb::options ||
      res.result_int() >= 400)
    co_return;
  std::uint64_t position = ~std::uint64_t{0};  // not known: the caller's reads go to the primary for a while
  try {
    position = co_await hooks_.write_position();
  } catch (const std::exception& e) {
    core::log_json(spdlog::level::warn, "write position not read; the caller reads from the primary",
                   {{"requestId", ctx.request_id}, {"error", e.what()}});
  }
  set_read_after(res, position, ctx.secure, hooks_.read_after_seconds);
}

namespace {

// The staff realm's policy: a live member, of the request's tenant (a
// platform administrator works for every tenant), holding the route's role.
void check_staff(const RequestContext& ctx, const Route& route) {
  if (!ctx.staff) throw http::ErrorException(http::Error::unauthorized("Staff sign-in required"));
  if (ctx.staff->tenant_id && (!ctx.tenant || *ctx.staff->tenant_id != ctx.tenant->id))
    throw http::ErrorException({403, "STAFF_WRONG_TENANT", "This member works for another tenant", nullptr});
  if (!staff_role_allows(ctx.staff->role, route.staff_role))
    throw http::ErrorException({403, "STAFF_ROLE_REQUIRED", "This call needs another role",
                                boost::json::object{{"requiredRole", staff_role_name(route.staff_role)}}});
}

}  // namespace

boost::asio::awaitable<Response> Pipeline::dispatch_backend(RequestContext& ctx, std::string_view path,
                                                            std::string_view& route_label) {
  if (ctx.req.method() == Verb::options) {  // CORS preflight: headers come from add_cors
    route_label = "preflight";
    Response res{Status::no_content, ctx.req.version()};
    res.prepare_payload();
    co_return res;
  }
  auto match = backend_.match(ctx.req.method(), path);
  if (!match.route) {
    if (match.allowed.empty())
      throw http::ErrorException(http::Error::not_found("ROUTE_NOT_FOUND", "No backend call at " + std::string(path)));
    Response res = error_response(ctx.req, method_not_allowed(match.allowed), ctx.request_id);
    res.set(bhttp::field::allow, allowed_list(match.allowed));
    co_return res;
  }
  route_label = match.route->pattern;
  ctx.params = std::move(match.params);

  if (match.route->tenant == TenantFrom::header) {
    auto header = ctx.req.find("X-Tenant-ID");
    if (header == ctx.req.end() || header->value().empty())
      throw http::ErrorException({400, "TENANT_REQUIRED", "The X-Tenant-ID header is required", nullptr});
    ctx.tenant = hooks_.tenant_by_name(header->value());
    if (!ctx.tenant)
      throw http::ErrorException(
          http::Error::not_found("TENANT_NOT_FOUND", "Unknown tenant '" + std::string(header->value()) + "'"));
  }
  const Route& route = *match.route;
  if (route.access == Access::staff) {
    if (!hooks_.authenticate_staff) throw std::logic_error("no staff authentication for " + route.pattern);
    co_await hooks_.authenticate_staff(ctx);
    check_staff(ctx, route);
  } else if (route.access != Access::staff_open && hooks_.authenticate) {
    co_await hooks_.authenticate(ctx);
  }
  if (route.access == Access::user && !ctx.user) throw http::ErrorException(http::Error::unauthorized("Sign in first"));
  if (route.idempotency != Idempotency::none) {
    if (!hooks_.idempotency) throw std::logic_error("no idempotency store for " + route.pattern);
    if (route.idempotency == Idempotency::key_one_trip)
      co_return co_await idempotent_one_trip(*hooks_.idempotency, ctx, route.pattern, route.handler);
    co_return co_await idempotent(*hooks_.idempotency, ctx, route.pattern, route.handler);
  }
  if (route.reads == Reads::replica) read_from_replica(ctx);
  co_return co_await route.handler(ctx);
}

void Pipeline::add_cors(const Request& req, Response& res, const core::Tenant* tenant,
                        const core::Reached& reached) const {
  auto origin = req.find(bhttp::field::origin);
  if (origin == req.end() || !hooks_.origin_allowed) return;
  add_vary(res, "Origin");  // allowed or not, the answer's headers depend on it
  // The tenant a call names, even when it failed before the route took it
  // (an unknown route, a 401): a tenant's answers are for its own origins only.
  std::shared_ptr<const core::Tenant> named;
  if (!tenant)
    if (auto header = req.find("X-Tenant-ID"); header != req.end() && !header->value().empty()) {
      if (hooks_.tenant_by_name) named = hooks_.tenant_by_name(header->value());
      if (!named) return;  // no such tenant: no origin is its own
      tenant = named.get();
    }
  if (!hooks_.origin_allowed(origin->value(), tenant, reached)) return;
  res.set(bhttp::field::access_control_allow_origin, origin->value());
  res.set(bhttp::field::access_control_allow_credentials, "true");
  if (req.method() == Verb::options) {
    res.set(bhttp::field::access_control_allow_methods, "GET, POST, PUT, PATCH, DELETE, OPTIONS");
    res.set(bhttp::field::access_control_allow_headers,
            "Authorization, Content-Type, X-Tenant-ID, x-distribution-channel, Idempotency-Key, X-Request-ID");
    res.set(bhttp::field::access_control_max_age, "600");
  } else {
    res.set(bhttp::field::access_control_expose_headers, "X-Request-ID, x-result-count, Retry-After");
  }
}

}  // namespace portal::http
