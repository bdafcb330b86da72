#pragma once
// The backend calls and hosted pages of identity (docs/contracts.md
// "Identity"), and the authentication hook of the pipeline.
#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/json/value.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "domains/i18n/i18n_service.hpp"
#include "domains/identity/identity_service.hpp"
#include "domains/identity/network_login.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/partner_login_service.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/router.hpp"

namespace portal::identity {

struct RouteDeps {
  IdentityService& service;
  OutboxRepository& outbox;
  const i18n::I18nService& i18n;
  boost::asio::thread_pool& db_pool;
  std::function<std::shared_ptr<const tenants::Tenant>(std::string_view name)> tenant_by_name;
  bool dev_stage = false;  // the outbox and operator-network pages exist only then
  // The tenant's operator secret (signs the provider cookie's assertion); ""
  // when none is configured, and then operator auto-login is refused.
  std::function<std::string(std::string_view tenant_name)> operator_secret;
  // Asks a partner tenant's partner for its sign-in options (null: no tenant has any).
  PartnerLoginService* partner_login = nullptr;
  // The sign-in by the operator's network (null: no tenant has it).
  const NetworkLogin* network_login = nullptr;
};

// The device cookie (IdentityService::sign_in): set at a successful sign-in,
// sent back only to the sign-in calls (path /backend/login: the hosted form
// and login/api), HttpOnly, SameSite=Strict, Secure over TLS.
inline constexpr std::string_view kDeviceCookie = "portal_device";
std::string device_cookie_header(const http::RequestContext& ctx, const std::string& value);

// The mails of a registration ("register") or an e-mail change ("email") in
// `lang`, with links from the tenant's public origin (http::mail_origin,
// never the Host header). `redirect` (registration): where the sign-in link
// of the "you already have an account" mail returns.
ConfirmationMails confirmation_mails(const RouteDeps& deps, const tenants::Tenant& tenant, const std::string& lang,
                                     std::string_view kind, const std::string& redirect = {});

// JSON calls under /backend (X-Tenant-ID): token, login/api, userToken,
// refresh, logout, partner login and its sign-in options, profile, theme, language, device, reset.
std::vector<http::Route> identity_routes(const RouteDeps& deps);
// HTML pages with the tenant in the path: login, register, password/forgot,
// register/confirm and email/confirm (the mailed links' landings), and in the
// dev stage dev/outbox and operator.
std::vector<http::Route> hosted_routes(const RouteDeps& deps);

// The pipeline hook: a Bearer token on a backend call becomes ctx.user; an
// invalid, expired, revoked or other-tenant token is 401. Token calls
// (refresh, code exchange, logout, ...) never fail here: an expired bearer
// must not stop the refresh that replaces it. parental_limit, when given, reads
// the user's active parental limit (blocking) in the same database trip.
using ParentalLimitOf = std::function<std::optional<int>(std::int64_t tenant_id, const std::string& user_uuid)>;
boost::asio::awaitable<void> authenticate_request(IdentityService& service, boost::asio::thread_pool& db_pool,
                                                  http::RequestContext& ctx, ParentalLimitOf parental_limit = {});

// The page payload's `user`: the profile behind an access token (null when
// none) and, when parental_limit is given, the user's active parental limit,
// read in the same database trip.
struct PayloadUser {
  boost::json::value profile = nullptr;
  std::optional<int> parental_limit;
};
boost::asio::awaitable<PayloadUser> payload_user(IdentityService& service, boost::asio::thread_pool& db_pool,
                                                 std::shared_ptr<const tenants::Tenant> tenant, std::string access_token,
                                                 ParentalLimitOf parental_limit = {});

}  // namespace portal::identity
