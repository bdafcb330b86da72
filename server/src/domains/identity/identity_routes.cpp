#include "domains/identity/identity_routes.hpp"

#include <boost/algorithm/string/predicate.hpp>
#include <boost/json/value_from.hpp>
#include <boost/url.hpp>

#include "db/blocking.hpp"
#include "domains/identity/redirects.hpp"
#include "http/cookies.hpp"
#include "http/origin.hpp"
#include "http/html_shell.hpp"
#include "http/json.hpp"

namespace portal::identity {
namespace json = boost::json;
namespace asio = boost::asio;
using http::bhttp::field;

namespace {

// Token calls authenticate leniently (see authenticate_request).
constexpr std::string_view kLenientPaths[] = {"/backend/security/token", "/backend/security/token/refresh",
                                              "/backend/login/api", "/backend/logout", "/backend/userToken",
                                              "/backend/password/reset"};
constexpr std::string_view kUserTokenCookie = "user_token";

std::string bearer(const http::Request& req) {
  auto it = req.find(field::authorization);
  if (it == req.end()) return {};
  std::string_view v = it->value();
  if (v.size() < 7 || !boost::iequals(v.substr(0, 7), "Bearer ")) return "\x01";  // a scheme we do not take
  v.remove_prefix(7);
  while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
  return v.empty() ? std::string("\x01") : std::string(v);
}

const http::Principal& require_user(const http::RequestContext& ctx) {
  if (!ctx.user) throw core::ErrorException(core::Error::unauthorized("Sign in first"));
  return *ctx.user;
}

// An Error as the one JSON shape; a 429 also says when to come back.
http::Response error_answer(const http::RequestContext& ctx, const core::Error& e) {
  auto res = http::error_response(ctx.req, e, ctx.request_id);
  if (e.status == 429)
    if (auto* o = e.data.if_object())
      if (auto* s = o->if_contains("retryAfter"); s && s->is_int64()) res.set(field::retry_after, std::to_string(s->as_int64()));
  return res;
}

template <class T>
const T& value_or_throw(const core::Result<T>& r) {
  if (!r) throw core::ErrorException(r.error());
  return *r;
}

// The cookie lives as long as the access token in it: the client hands over
// every new token (POST /userToken), so the next first paint knows the user.
std::string user_token_cookie(const http::RequestContext& ctx, const std::string& token, std::chrono::seconds life) {
  http::CookieOptions o;
  o.max_age = token.empty() ? std::chrono::seconds(0) : life;
  o.http_only = true;
  o.same_site = "Lax";
  o.secure = ctx.secure;
  return http::set_cookie(std::string(kUserTokenCookie), token, o);
}

json::value profile_json(const User& u) { return json::value_from(to_dto(u)); }

std::string lang_or(std::optional<std::string> lang, const tenants::Tenant& t) {
  return lang && i18n::is_supported(*lang) ? *lang : t.default_locale;
}

}  // namespace

asio::awaitable<void> authenticate_request(IdentityService& service, asio::thread_pool& db_pool,
                                           http::RequestContext& ctx) {
  const std::string token = bearer(ctx.req);
  if (token.empty() || !ctx.tenant) co_return;  // a guest, or a hosted page (tenant in the path)
  const std::string path = ctx.url.path();
  const bool lenient = std::find(std::begin(kLenientPaths), std::end(kLenientPaths), path) != std::end(kLenientPaths);
  const auto tenant_id = ctx.tenant->id;
  auto who = co_await db::offload(db_pool, [&] { return service.authenticate(tenant_id, token); });
  if (!who) {
    if (lenient) co_return;
    throw core::ErrorException(who.error());
  }
  ctx.user = http::Principal{who->user.user_id, who->user.roles, who->user.uuid, who->session_id};
}

asio::awaitable<json::value> payload_user(IdentityService& service, asio::thread_pool& db_pool,
                                          std::shared_ptr<const tenants::Tenant> tenant, std::string access_token) {
  if (access_token.empty() || !tenant) co_return nullptr;
  auto who = co_await db::offload(db_pool, [&] { return service.authenticate(tenant->id, access_token); });
  if (!who) co_return nullptr;
  co_return profile_json(who->user);
}

std::vector<http::Route> identity_routes(const RouteDeps& deps) {
  using http::RequestContext;
  using Answer = asio::awaitable<http::Response>;

  auto exchange = [deps](RequestContext& ctx) -> Answer {
    const auto body = http::parse_json_object(ctx.req);
    const std::string code = http::optional_string(body, "code").value_or("");
    const std::string redirect = http::optional_string(body, "redirectUrl").value_or("");
    const auto tenant_id = ctx.require_tenant().id;
    auto pair = co_await db::offload(deps.db_pool, [&] { return deps.service.exchange_code(tenant_id, code, redirect); });
    if (!pair) co_return error_answer(ctx, pair.error());
    co_return http::data_response(ctx, json::value_from(to_dto(*pair)));
  };

  auto login_api = [deps](RequestContext& ctx) -> Answer {
    const auto body = http::parse_json_object(ctx.req);
    const std::string email = http::optional_string(body, "email").value_or("");
    const std::string password = http::optional_string(body, "password").value_or("");
    const auto tenant_id = ctx.require_tenant().id;
    auto pair = co_await db::offload(deps.db_pool, [&]() -> core::Result<TokenPair> {
      auto user = deps.service.sign_in(tenant_id, email, password, ctx.client_address);
      if (!user) return user.error();
      return deps.service.open_session(tenant_id, *user);
    });
    if (!pair) co_return error_answer(ctx, pair.error());
    co_return http::data_response(ctx, json::value_from(to_dto(*pair)));
  };

  auto user_token = [deps](RequestContext& ctx) -> Answer {
    const auto body = http::parse_json_object(ctx.req);
    const std::string token = http::optional_string(body, "accessToken").value_or("");
    const auto tenant_id = ctx.require_tenant().id;
    if (!token.empty()) {  // only a live token of this tenant goes into the cookie
      auto who = co_await db::offload(deps.db_pool, [&] { return deps.service.authenticate(tenant_id, token); });
      if (!who) co_return error_answer(ctx, who.error());
    }
    auto res = http::data_response(ctx, json::object{{"ok", true}});
    res.set(field::set_cookie, user_token_cookie(ctx, token, deps.service.lifetimes().access));
    res.set(field::cache_control, "no-store");
    co_return res;
  };

  auto refresh = [deps](RequestContext& ctx) -> Answer {
    const auto body = http::parse_json_object(ctx.req);
    const std::string token = http::optional_string(body, "refreshToken").value_or("");
    const auto tenant_id = ctx.require_tenant().id;
    auto pair = co_await db::offload(deps.db_pool, [&] { return deps.service.refresh(tenant_id, token); });
    if (!pair) co_return error_answer(ctx, pair.error());
    co_return http::data_response(ctx, json::value_from(to_dto(*pair)));
  };

  auto logout = [deps](RequestContext& ctx) -> Answer {
    const auto body = http::parse_json_object(ctx.req);
    const auto& tenant = ctx.require_tenant();
    const std::string lang = lang_or(http::optional_string(body, "lang"), tenant);
    const std::string origin = http::tenant_origin(tenant, ctx);
    std::string url = origin + http::localized_path(lang == "en" ? "" : lang, "/");
    if (auto redirect = http::optional_string(body, "redirectUrl"); redirect && !redirect->empty()) {
      auto allowed = allowed_redirect(tenant, *redirect, origin);
      if (!allowed) throw core::ErrorException(core::Error::invalid_field("redirectUrl", "is not an address of this tenant"));
      url = *allowed;
    }
    if (ctx.user) {
      const auto tenant_id = tenant.id;
      const std::string session = ctx.user->session_id;
      co_await db::offload(deps.db_pool, [&] { deps.service.logout(tenant_id, session); });
    }
    auto res = http::data_response(ctx, json::object{{"url", url}});
    res.set(field::set_cookie, user_token_cookie(ctx, "", {}));
    res.set(field::cache_control, "no-store");
    co_return res;
  };

  auto partner_login = [deps](RequestContext& ctx) -> Answer {
    const auto body = http::parse_json_object(ctx.req);
    auto tenant = deps.tenant_by_name(ctx.param("tenant"));
    if (!tenant)
      throw core::ErrorException(core::Error::not_found("TENANT_NOT_FOUND", "Unknown tenant '" + std::string(ctx.param("tenant")) + "'"));
    const std::string redirect = http::require_string(body, "redirectUrl");
    const std::string origin = http::tenant_origin(*tenant, ctx);
    auto allowed = allowed_redirect(*tenant, redirect, origin);
    if (!allowed) throw core::ErrorException(core::Error::invalid_field("redirectUrl", "is not an address of this tenant"));
    boost::urls::url url(origin + "/backend/login/" + tenant->name);
    url.params().set("lang", lang_or(http::optional_string(body, "lang"), *tenant));
    url.params().set("redirectUrl", *allowed);
    co_return http::data_response(ctx, json::object{{"url", url.buffer()}});
  };

  auto get_profile = [deps](RequestContext& ctx) -> Answer {
    const auto& user = require_user(ctx);
    const auto tenant_id = ctx.require_tenant().id;
    auto profile = co_await db::offload(deps.db_pool, [&] { return deps.service.profile(tenant_id, user.uuid); });
    co_return http::data_response(ctx, profile_json(value_or_throw(profile)));
  };

  auto put_profile = [deps](RequestContext& ctx) -> Answer {
    const auto& user = require_user(ctx);
    const auto body = http::parse_json_object(ctx.req);
    ProfileInput input;
    input.name = http::optional_string(body, "name").value_or("");
    input.last_name = http::optional_string(body, "lastName").value_or("");
    input.email = http::optional_string(body, "email").value_or("");
    if (auto* info = body.if_contains("userInformation"); info && !info->is_null()) {
      if (!info->is_object()) throw core::ErrorException(core::Error::invalid_field("userInformation", "must be an object"));
      input.user_information = info->as_object();
    }
    const auto tenant_id = ctx.require_tenant().id;
    auto profile = co_await db::offload(deps.db_pool, [&] {
      return deps.service.update_profile(tenant_id, user.uuid, std::move(input));
    });
    co_return http::data_response(ctx, profile_json(value_or_throw(profile)));
  };

  auto select_theme = [deps](RequestContext& ctx) -> Answer {
    const auto& user = require_user(ctx);
    const auto body = http::parse_json_object(ctx.req);
    const auto* v = body.if_contains("alternatTheme");
    if (!v || !v->is_bool()) throw core::ErrorException(core::Error::invalid_field("alternatTheme", "must be true or false"));
    const bool alternate = v->as_bool();
    const auto tenant_id = ctx.require_tenant().id;
    auto saved = co_await db::offload(deps.db_pool, [&] { return deps.service.set_theme(tenant_id, user.uuid, alternate); });
    co_return http::data_response(ctx, json::object{{"alternatTheme", value_or_throw(saved).alternat_theme.value_or(alternate)}});
  };

  auto check_theme = [deps](RequestContext& ctx) -> Answer {
    const auto& user = require_user(ctx);
    const auto tenant_id = ctx.require_tenant().id;
    auto profile = co_await db::offload(deps.db_pool, [&] { return deps.service.profile(tenant_id, user.uuid); });
    const auto& theme = value_or_throw(profile).alternat_theme;
    co_return http::data_response(ctx, json::object{{"alternatTheme", theme ? json::value(*theme) : json::value(nullptr)}});
  };

  auto select_lang = [deps](RequestContext& ctx) -> Answer {
    const auto& user = require_user(ctx);
    const auto body = http::parse_json_object(ctx.req);
    const std::string lang = http::require_string(body, "selectedLang");
    const auto tenant_id = ctx.require_tenant().id;
    auto saved = co_await db::offload(deps.db_pool, [&] { return deps.service.set_lang(tenant_id, user.uuid, lang); });
    co_return http::data_response(ctx, json::object{{"selectedLang", value_or_throw(saved).selected_lang.value_or(lang)}});
  };

  auto check_lang = [deps](RequestContext& ctx) -> Answer {
    const auto& user = require_user(ctx);
    const auto tenant_id = ctx.require_tenant().id;
    auto profile = co_await db::offload(deps.db_pool, [&] { return deps.service.profile(tenant_id, user.uuid); });
    const auto& lang = value_or_throw(profile).selected_lang;
    co_return http::data_response(ctx, json::object{{"selectedLang", lang ? json::value(*lang) : json::value(nullptr)}});
  };

  auto device = [deps](RequestContext& ctx) -> Answer {
    const auto cookies = http::parse_cookies(ctx.req);
    const std::string known = http::cookie(cookies, "device_id");
    const std::string agent(ctx.req[field::user_agent]);
    const auto tenant_id = ctx.require_tenant().id;
    auto d = co_await db::offload(deps.db_pool, [&] { return deps.service.device(tenant_id, known, agent); });
    auto res = http::data_response(ctx, json::value_from(d));
    http::CookieOptions o;
    o.max_age = std::chrono::hours(24 * 365 * 2);
    o.http_only = true;
    o.secure = ctx.secure;
    res.set(field::set_cookie, http::set_cookie("device_id", d.id, o));
    res.set(field::cache_control, "private, no-store");
    co_return res;
  };

  auto reset = [deps](RequestContext& ctx) -> Answer {
    const auto body = http::parse_json_object(ctx.req);
    const std::string session = http::optional_string(body, "session").value_or("");
    const std::string password = http::optional_string(body, "password").value_or("");
    const auto tenant_id = ctx.require_tenant().id;
    auto done = co_await db::offload(deps.db_pool, [&] { return deps.service.reset_password(tenant_id, session, password); });
    if (!done) co_return error_answer(ctx, done.error());
    co_return http::data_response(ctx, json::object{{"ok", true}});
  };

  using http::Verb;
  return {
      {Verb::post, "/backend/security/token", exchange},
      {Verb::post, "/backend/login/api", login_api},
      {Verb::post, "/backend/userToken", user_token},
      {Verb::post, "/backend/security/token/refresh", refresh},
      {Verb::post, "/backend/logout", logout},
      {Verb::post, "/backend/partner/login/{tenant}", partner_login},
      {Verb::get, "/backend/user/profile", get_profile},
      {Verb::put, "/backend/user/profile", put_profile},
      {Verb::put, "/backend/user/selectUserTheme", select_theme},
      {Verb::get, "/backend/user/checkUserTheme", check_theme},
      {Verb::put, "/backend/user/selectUserLang", select_lang},
      {Verb::get, "/backend/user/checkUserLang", check_lang},
      {Verb::get, "/backend/device", device},
      {Verb::post, "/backend/password/reset", reset},
  };
}

}  // namespace portal::identity
