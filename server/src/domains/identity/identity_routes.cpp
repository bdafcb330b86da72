#include "domains/identity/identity_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/value_from.hpp>
#include <boost/url.hpp>

#include "core/text.hpp"
#include "db/blocking.hpp"
#include "domains/identity/identity_dto.hpp"
#include "domains/identity/identity_answers.hpp"
#include "domains/identity/redirects.hpp"
#include "domains/tenants/settings_entries.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/cookies.hpp"
#include "http/origin.hpp"
#include "http/body.hpp"
#include "http/html_shell.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"
#include "http/utf8.hpp"

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
  if (v.size() < 7 || !core::iequals(v.substr(0, 7), "Bearer ")) return "\x01";  // a scheme we do not take
  v.remove_prefix(7);
  while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
  return v.empty() ? std::string("\x01") : std::string(v);
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

std::string lang_or(const std::optional<std::string>& lang, const tenants::Tenant& t) {
  return lang && http::is_language(*lang) && tenants::offers_language(t, *lang) ? *lang : t.default_locale;
}

}  // namespace

asio::awaitable<void> authenticate_request(IdentityService& service, asio::thread_pool& db_pool,
                                           http::RequestContext& ctx, ParentalLimitOf parental_limit) {
  const std::string token = bearer(ctx.req);
  if (token.empty() || !ctx.tenant) co_return;  // a guest, or a hosted page (tenant in the path)
  const std::string path = ctx.url.path();
  const bool lenient = std::find(std::begin(kLenientPaths), std::end(kLenientPaths), path) != std::end(kLenientPaths);
  const auto tenant_id = ctx.tenant->id;
  std::optional<int> limit;
  auto who = co_await db::offload(db_pool, [&] {
    auto found = service.authenticate(tenant_id, token);
    if (found && parental_limit) limit = parental_limit(tenant_id, found->user.uuid);
    return found;
  });
  if (!who) {
    if (lenient) co_return;
    throw http::ErrorException(http_error(who.error()));
  }
  ctx.user = http::Principal{who->user.user_id, who->user.roles, who->user.uuid, who->session_id, limit};
}

asio::awaitable<PayloadUser> payload_user(IdentityService& service, asio::thread_pool& db_pool,
                                          std::shared_ptr<const tenants::Tenant> tenant, std::string access_token,
                                          ParentalLimitOf parental_limit) {
  if (access_token.empty() || !tenant) co_return PayloadUser{};
  co_return co_await db::offload(db_pool, [&] {
    PayloadUser out;
    auto who = service.authenticate(tenant->id, access_token);
    if (!who) return out;
    who->user.pending_email = service.pending_email(tenant->id, who->user.uuid);
    out.profile = profile_json(who->user);
    if (parental_limit) out.parental_limit = parental_limit(tenant->id, who->user.uuid);
    return out;
  });
}

std::vector<http::Route> identity_routes(const RouteDeps& deps) {
  using http::RequestContext;
  using Answer = asio::awaitable<http::Response>;

  auto exchange = [deps](RequestContext& ctx) -> Answer {
    const auto body = http::read_body<CodeExchangeBody>(ctx);
    const auto tenant_id = ctx.require_tenant().id;
    auto pair = co_await db::offload(deps.db_pool,
                                     [&] { return deps.service.exchange_code(tenant_id, body.code, body.redirectUrl); });
    co_return http::data_response(ctx, json::value_from(to_dto(value_or_throw(std::move(pair)))));
  };

  auto login_api = [deps](RequestContext& ctx) -> Answer {
    const auto body = http::read_body<SignInBody>(ctx);
    const auto tenant_id = ctx.require_tenant().id;
    const std::string device = http::cookie(http::parse_cookies(ctx.req), kDeviceCookie);
    std::string next_device;
    auto pair = co_await db::offload(deps.db_pool, [&]() -> Result<TokenPair> {
      auto user = deps.service.sign_in(tenant_id, body.email, body.password, ctx.client_address, device);
      if (!user) return user.error();
      next_device = deps.service.device_cookie(tenant_id, user->email, device);
      return deps.service.open_session(tenant_id, *user);
    });
    auto res = http::data_response(ctx, json::value_from(to_dto(value_or_throw(std::move(pair)))));
    res.set(field::set_cookie, device_cookie_header(ctx, next_device));
    res.set(field::cache_control, "no-store");
    co_return res;
  };

  auto user_token = [deps](RequestContext& ctx) -> Answer {
    const std::string token = http::read_body<UserTokenBody>(ctx).accessToken.value_or("");
    const auto tenant_id = ctx.require_tenant().id;
    if (!token.empty()) {  // only a live token of this tenant goes into the cookie
      auto who = co_await db::offload(deps.db_pool, [&] { return deps.service.authenticate(tenant_id, token); });
      value_or_throw(who);
    }
    auto res = http::data_response(ctx, json::value_from(OkDto{}));
    res.set(field::set_cookie, user_token_cookie(ctx, token, deps.service.lifetimes().access));
    res.set(field::cache_control, "no-store");
    co_return res;
  };

  auto refresh = [deps](RequestContext& ctx) -> Answer {
    const auto body = http::read_body<RefreshBody>(ctx);
    const auto tenant_id = ctx.require_tenant().id;
    auto pair = co_await db::offload(deps.db_pool, [&] { return deps.service.refresh(tenant_id, body.refreshToken); });
    co_return http::data_response(ctx, json::value_from(to_dto(value_or_throw(std::move(pair)))));
  };

  auto logout = [deps](RequestContext& ctx) -> Answer {
    const auto body = http::read_body<LogoutBody>(ctx);
    const auto& tenant = ctx.require_tenant();
    const std::string lang = lang_or(body.lang, tenant);
    const std::string origin = http::tenant_origin(tenant, ctx);
    std::string url = origin + http::localized_path(lang == "en" ? "" : lang, "/");
    if (body.redirectUrl && !body.redirectUrl->empty()) {
      auto allowed = allowed_redirect(*body.redirectUrl, http::return_origins(tenant, ctx));
      if (!allowed)
        throw http::ErrorException(http_error(Error::invalid("redirectUrl", "is not an address of this tenant")));
      url = *allowed;
    }
    if (ctx.user) {
      const auto tenant_id = tenant.id;
      const std::string session = ctx.user->session_id;
      co_await db::offload(deps.db_pool, [&] { deps.service.logout(tenant_id, session); });
    }
    auto res = http::data_response(ctx, json::value_from(UrlDto{url}));
    res.set(field::set_cookie, user_token_cookie(ctx, "", {}));
    res.set(field::cache_control, "no-store");
    co_return res;
  };

  auto partner_login = [deps](RequestContext& ctx) -> Answer {
    const auto body = http::read_body<PartnerLoginBody>(ctx);
    auto tenant = deps.tenant_by_name(ctx.param("tenant"));
    if (!tenant)
      throw http::ErrorException(http::Error::not_found("TENANT_NOT_FOUND", "Unknown tenant '" + std::string(ctx.param("tenant")) + "'"));
    if (body.redirectUrl.empty()) throw http::ErrorException(http_error(Error::invalid("redirectUrl", "is required")));
    const std::string origin = http::tenant_origin(*tenant, ctx);
    auto allowed = allowed_redirect(body.redirectUrl, http::return_origins(*tenant, ctx));
    if (!allowed)
      throw http::ErrorException(http_error(Error::invalid("redirectUrl", "is not an address of this tenant")));
    boost::urls::url url(origin + "/backend/login/" + tenant->name);
    url.params().set("lang", lang_or(body.lang, *tenant));
    url.params().set("redirectUrl", *allowed);
    co_return http::data_response(ctx, json::value_from(UrlDto{std::string(url.buffer())}));
  };

  // The partner's sign-in ways for a partner tenant (commerce §7 getPartnerLoginOptions(url, locale, tenant)): the
  // portal asks the partner's address (the tenant's configuration, never one the client names) and answers what of
  // it the contract allows.
  auto partner_login_options = [deps](RequestContext& ctx) -> Answer {
    auto tenant = deps.tenant_by_name(ctx.param("tenant"));
    if (!tenant)
      throw http::ErrorException(http::Error::not_found("TENANT_NOT_FOUND", "Unknown tenant '" + std::string(ctx.param("tenant")) + "'"));
    const std::string lang = lang_or(ctx.query("lang"), *tenant);
    if (!deps.partner_login)
      throw http::ErrorException(http_error(Error::of(ErrorCode::partner_not_set, "No partner sign-in options here")));
    auto options = co_await db::offload(deps.db_pool, [&] { return deps.partner_login->options(*tenant, lang); });
    PartnerLoginOptionsDto dto{tenant->name, lang, {}};
    for (auto& o : value_or_throw(std::move(options)).options) dto.options.push_back({o.id, o.label});
    auto res = http::data_response(ctx, json::value_from(dto));
    res.set(field::cache_control, "private, max-age=300");
    co_return res;
  };

  // Access::user routes: the pipeline answered a guest 401, so ctx.user is set.
  auto get_profile = [deps](RequestContext& ctx) -> Answer {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string uuid = ctx.user->uuid;
    auto profile = co_await db::offload(deps.db_pool, [&] { return deps.service.profile(tenant_id, uuid); });
    co_return http::data_response(ctx, profile_json(value_or_throw(profile)));
  };

  auto put_profile = [deps](RequestContext& ctx) -> Answer {
    auto body = http::read_body<ProfileBody>(ctx);
    ProfileInput input{std::move(body.name), std::move(body.lastName), std::move(body.email),
                       std::move(body.userInformation).value_or(json::object{})};
    const std::string current_password = body.currentPassword.value_or("");
    const auto& tenant = ctx.require_tenant();
    // The account's picture is one the tenant offers (settings.avatarList), never an address the client made up.
    if (const auto* avatar = input.user_information.if_contains("avatar");
        avatar && !avatar->is_null() && !(avatar->is_string() && (avatar->as_string().empty() ||
                                                                  tenants::offered_avatar(tenant, avatar->as_string()))))
      throw http::ErrorException(http_error(Error::invalid("userInformation.avatar", "must be one of the site's pictures")));
    const auto tenant_id = tenant.id;
    const std::string uuid = ctx.user->uuid;
    auto profile = co_await db::offload(deps.db_pool, [&]() -> Result<User> {
      // The mails go out in the user's saved language, else the request's.
      auto saved = deps.service.profile(tenant_id, uuid);
      if (!saved) return saved.error();
      const std::string lang = saved->selected_lang && http::is_language(*saved->selected_lang) &&
                                       tenants::offers_language(tenant, *saved->selected_lang)
                                   ? *saved->selected_lang
                                   : http::api_language(ctx);
      const ConfirmationMails mails = confirmation_mails(deps, tenant, lang, "email");
      return deps.service.update_profile(tenant_id, uuid, std::move(input), current_password, mails, ctx.client_address);
    });
    co_return http::data_response(ctx, profile_json(value_or_throw(profile)));
  };

  auto select_theme = [deps](RequestContext& ctx) -> Answer {
    const bool alternate = http::read_body<ThemeBody>(ctx).alternatTheme;
    const auto tenant_id = ctx.require_tenant().id;
    const std::string uuid = ctx.user->uuid;
    auto saved = co_await db::offload(deps.db_pool, [&] { return deps.service.set_theme(tenant_id, uuid, alternate); });
    co_return http::data_response(ctx, json::value_from(ThemeDto{value_or_throw(saved).alternat_theme.value_or(alternate)}));
  };

  auto check_theme = [deps](RequestContext& ctx) -> Answer {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string uuid = ctx.user->uuid;
    auto profile = co_await db::offload(deps.db_pool, [&] { return deps.service.profile(tenant_id, uuid); });
    const auto& theme = value_or_throw(profile).alternat_theme;
    co_return http::data_response(ctx, json::value_from(ThemeDto{theme}));
  };

  auto select_lang = [deps](RequestContext& ctx) -> Answer {
    const std::string lang = http::read_body<LanguageBody>(ctx).selectedLang;
    const auto tenant_id = ctx.require_tenant().id;
    const std::string uuid = ctx.user->uuid;
    auto saved = co_await db::offload(deps.db_pool, [&] { return deps.service.set_lang(tenant_id, uuid, lang); });
    co_return http::data_response(ctx, json::value_from(LanguageDto{value_or_throw(saved).selected_lang.value_or(lang)}));
  };

  auto check_lang = [deps](RequestContext& ctx) -> Answer {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string uuid = ctx.user->uuid;
    auto profile = co_await db::offload(deps.db_pool, [&] { return deps.service.profile(tenant_id, uuid); });
    const auto& lang = value_or_throw(profile).selected_lang;
    co_return http::data_response(ctx, json::value_from(LanguageDto{lang}));
  };

  auto device = [deps](RequestContext& ctx) -> Answer {
    const auto cookies = http::parse_cookies(ctx.req);
    const std::string known = http::cookie(cookies, "device_id");
    // Kept as text (PostgreSQL refuses ill-formed UTF-8), at most 512 bytes, no character cut in half.
    const std::string agent(http::utf8_prefix(http::valid_utf8(ctx.req[field::user_agent]), 512));
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
    const auto body = http::read_body<PasswordResetBody>(ctx);
    const auto tenant_id = ctx.require_tenant().id;
    auto done = co_await db::offload(deps.db_pool,
                                     [&] { return deps.service.reset_password(tenant_id, body.session, body.password); });
    value_or_throw(done);
    co_return http::data_response(ctx, json::value_from(OkDto{}));
  };

  using http::Access;
  using http::TenantFrom;
  using http::Verb;
  using http::schema_of;
  return http::with_docs({
      {Verb::post, "/backend/security/token", exchange},
      {Verb::post, "/backend/login/api", login_api},
      {Verb::post, "/backend/userToken", user_token},
      {Verb::post, "/backend/security/token/refresh", refresh},
      {Verb::post, "/backend/logout", logout},
      {Verb::post, "/backend/partner/login/{tenant}", partner_login},
      {Verb::get, "/backend/partner/loginOptions/{tenant}", partner_login_options},
      {Verb::get, "/backend/user/profile", get_profile, TenantFrom::header, Access::user},
      {Verb::put, "/backend/user/profile", put_profile, TenantFrom::header, Access::user},
      {Verb::put, "/backend/user/selectUserTheme", select_theme, TenantFrom::header, Access::user},
      {Verb::get, "/backend/user/checkUserTheme", check_theme, TenantFrom::header, Access::user},
      {Verb::put, "/backend/user/selectUserLang", select_lang, TenantFrom::header, Access::user},
      {Verb::get, "/backend/user/checkUserLang", check_lang, TenantFrom::header, Access::user},
      {Verb::get, "/backend/device", device},
      {Verb::post, "/backend/password/reset", reset},
  }, {
      {"POST /backend/security/token", {"Exchange a one-time sign-in code for tokens", "identity",
                                        schema_of<CodeExchangeBody>, schema_of<TokenDto>, {"400 INVALID_CODE"}}},
      {"POST /backend/login/api", {"Sign in with e-mail and password; sets the device cookie (portal_device) that lets "
                                   "this browser past the account's failure limits next time",
                                   "identity", schema_of<SignInBody>, schema_of<TokenDto>,
                                   {"400 INVALID_CREDENTIALS", "429 TOO_MANY_ATTEMPTS"}}},
      {"POST /backend/userToken", {"Set (or clear) the user_token cookie from an access token", "identity",
                                   schema_of<UserTokenBody>, schema_of<OkDto>, {"401 UNAUTHORIZED"}}},
      {"POST /backend/security/token/refresh", {"Trade a refresh token for new tokens; the same token again within 10 "
                                                "seconds answers the same new tokens, later it revokes the session",
                                                "identity", schema_of<RefreshBody>, schema_of<TokenDto>,
                                                {"401 UNAUTHORIZED"}}},
      {"POST /backend/logout", {"Sign out: revoke the session, clear the cookie, answer where to go", "identity",
                                schema_of<LogoutBody>, schema_of<UrlDto>, {}}},
      {"POST /backend/partner/login/{tenant}", {"The hosted sign-in address for a partner", "identity",
                                                schema_of<PartnerLoginBody>, schema_of<UrlDto>, {"404 TENANT_NOT_FOUND"}}},
      {"GET /backend/partner/loginOptions/{tenant}",
       {"A partner tenant's sign-in ways as its partner defines them (asked of the partner's address in the tenant's "
        "configuration, with the language and the tenant; kept 300 seconds)",
        "identity", {}, schema_of<PartnerLoginOptionsDto>,
        {"404 TENANT_NOT_FOUND", "404 PARTNER_LOGIN_OPTIONS_NOT_SET", "502 PARTNER_UNAVAILABLE"},
        {{"lang", "The language of the partner's labels: en, ar, fr, de, es or ro (else the tenant's default)"}}}},
      {"GET /backend/user/profile", {"The signed-in user's profile", "identity", {}, schema_of<ProfileDto>, {}}},
      {"PUT /backend/user/profile", {"Update the signed-in user's profile. A new email needs currentPassword; it is "
                                     "mailed a confirmation link and shows as pendingEmail until the link is used "
                                     "(the old address is told)",
                                     "identity", schema_of<ProfileBody>, schema_of<ProfileDto>,
                                     {"400 VALIDATION_ERROR", "403 CURRENT_PASSWORD_WRONG", "429 TOO_MANY_ATTEMPTS",
                                      "429 TOO_MANY_REQUESTS"}}},
      {"PUT /backend/user/selectUserTheme", {"Save the theme choice", "identity", schema_of<ThemeBody>,
                                             schema_of<ThemeDto>, {}}},
      {"GET /backend/user/checkUserTheme", {"The saved theme choice (null: none yet)", "identity", {},
                                            schema_of<ThemeDto>, {}}},
      {"PUT /backend/user/selectUserLang", {"Save the language choice (en, ar, fr, de, es or ro)", "identity",
                                            schema_of<LanguageBody>, schema_of<LanguageDto>, {}}},
      {"GET /backend/user/checkUserLang", {"The saved language choice (null: none yet)", "identity", {},
                                           schema_of<LanguageDto>, {}}},
      {"GET /backend/device", {"This browser's device id and attributes (sets the device_id cookie)", "identity", {},
                               schema_of<DeviceDto>, {}}},
      {"POST /backend/password/reset", {"Set a new password with a reset session", "identity",
                                        schema_of<PasswordResetBody>, schema_of<OkDto>, {"400 RESET_SESSION_INVALID"}}},
  });
}

}  // namespace portal::identity
