#pragma once
// What a handler gets: the request, its parsed URL, path parameters, the
// tenant the request belongs to and (once the identity issue lands) the user.
#include <boost/asio/awaitable.hpp>
#include <boost/beast/http.hpp>
#include <boost/url/url_view.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "http/response_body.hpp"

namespace portal::core {
struct Tenant;
}

namespace portal::http {

namespace bhttp = boost::beast::http;
using Request = bhttp::request<bhttp::string_body>;
using Response = bhttp::response<ResponseBody>;  // text, or a stream (http/response_body.hpp)
using Verb = bhttp::verb;
using Status = bhttp::status;

// Path parameters in pattern order, e.g. {name} -> ("name", "home").
using PathParams = std::vector<std::pair<std::string, std::string>>;

class PoolRunner;  // http/on_pool.hpp

// The signed-in caller; filled by the authentication hook.
struct Principal {
  std::string user_id;     // the public userId
  std::vector<std::string> roles;
  std::string uuid;        // the user's UUID (user.uuid placeholders, repository key)
  std::string session_id;  // the sign-in session behind the bearer token (logout revokes it)
  // The user's active parental-control limit (maxAgeGroup), read with the
  // token; nullopt when parental control is off (parental_control_rules.hpp).
  std::optional<int> parental_max_rating;
};

// The least staff role a route of the staff realm needs (Access::staff),
// ranked: platform > owner > admin > each of editor, support, finance, which
// rank alike but open only their own routes; `any` admits every member.
// `care` is no member's role: a route needing it (reading a customer) opens to
// support AND finance, and to admin and above.
// The staff domain's roles map onto these (domains/staff/staff_types.hpp).
// care: support or finance (customers, read); plans: editor or finance (the plans page, read); prices: editor or
// finance (the catalog's list and its bulk price changes: issue 78 item 3).
enum class StaffRole { any, editor, support, finance, admin, owner, platform, care, plans, prices };

// Whether a member holding `held` may call a route that needs `needed`.
bool staff_role_allows(StaffRole held, StaffRole needed);
// "any", "editor", "support", "finance", "admin", "owner", "platform_admin", "care".
std::string_view staff_role_name(StaffRole role);

// The signed-in member of the staff realm; filled by the staff authentication hook.
struct StaffPrincipal {
  std::string id;                          // the staff account's id
  std::string email;
  StaffRole role = StaffRole::any;
  std::optional<std::int64_t> tenant_id;   // nullopt: a platform administrator (every tenant)
  std::string session_id;
  std::string session_expires_at;
};

struct RequestContext {
  const Request& req;
  std::string request_id;
  boost::urls::url_view url;  // origin-form target, decoded on access
  PathParams params;
  std::shared_ptr<const core::Tenant> tenant;  // set on the backend face
  std::optional<Principal> user;
  std::string client_address;  // the peer, or the client a trusted proxy forwarded for
  std::chrono::steady_clock::time_point started;
  // Served over TLS as the browser sees it: X-Forwarded-Proto: https from a
  // configured proxy (the portal itself speaks plain HTTP). Decides Secure
  // cookies and HSTS; never read the forwarded headers anywhere else.
  bool secure = false;
  // Where the connection came in: the listening port it was accepted on (0 when
  // unknown), and whether its peer is a configured proxy (then the browser used
  // the proxy's public address). Only for the tenant's own origins (http/origin.hpp).
  unsigned short local_port = 0;
  bool proxied = false;
  // The port browsers reach the proxy on, when the configured proxy says so (X-Forwarded-Port); 0 otherwise.
  // Never the Host header's port (issue 71 item 8).
  unsigned short forwarded_port = 0;
  // Set by the pipeline while a handler of an Idempotency::key_one_trip route with
  // a key runs: http::on_pool runs the handler's work through it (claim, call and
  // store in one trip). Null otherwise: on_pool is then a plain db::offload.
  PoolRunner* pool_runner = nullptr;

  // The query's parameters, decoded, in order: read once, on the first query()
  // call (a list handler asks a dozen names). Filled on the request's coroutine.
  mutable std::optional<std::vector<std::pair<std::string, std::string>>> query_params = std::nullopt;
  // The signed-in member of the staff realm; set on Access::staff routes only.
  std::optional<StaffPrincipal> staff = std::nullopt;

  // A path parameter (already percent-decoded); "" when absent.
  std::string_view param(std::string_view name) const;
  // A query parameter (decoded, ill-formed UTF-8 replaced by U+FFFD; the first
  // of that name); nullopt when absent.
  std::optional<std::string> query(std::string_view name) const;
  // Tenant of a backend request; throws ErrorException(400) when there is none.
  const core::Tenant& require_tenant() const;
};

using Handler = std::function<boost::asio::awaitable<Response>(RequestContext&)>;

}  // namespace portal::http
