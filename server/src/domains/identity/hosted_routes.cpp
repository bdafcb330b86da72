// The hosted pages: parse the form, call the service, render the page or
// redirect back with a one-time code. Every failure re-renders the page
// with a translated message and the error's status.
#include <algorithm>
#include <boost/json.hpp>
#include <boost/url.hpp>
#include <cctype>

#include "core/text.hpp"
#include "db/blocking.hpp"
#include "domains/hosted/hosted_frame.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/identity/hosted_pages.hpp"
#include "domains/identity/identity_answers.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/identity/operator_assertion.hpp"
#include "domains/identity/redirects.hpp"
#include "http/cookies.hpp"
#include "http/html_shell.hpp"
#include "http/openapi.hpp"
#include "http/origin.hpp"

namespace portal::identity {
namespace asio = boost::asio;
namespace urls = boost::urls;
using http::bhttp::field;

namespace {

constexpr int kOutboxPageSize = 200;  // tests read their mails from it (registrations mail a link)
using hosted::Form;
using hosted::form_value;
using hosted::html_response;
using hosted::parse_form;
using core::replace_all;
using hosted::set_csrf_cookie;

// One hosted request: its tenant, language, look, texts and return address.
struct Hosted {
  std::shared_ptr<const tenants::Tenant> tenant;
  std::string lang;
  PageFrame frame;
  Texts t;
  std::string own_origin;  // the tenant's origin, from configuration (http/origin.hpp)
  std::string request_origin;  // where this page was served: only to compare with Origin
  std::optional<std::string> redirect;  // canonical and allowed; nullopt when rejected
  http::Cookies cookies;

  std::string url(std::string_view kind) const {
    urls::url u("/backend/" + std::string(kind) + "/" + tenant->name);
    u.params().set("lang", lang);
    if (redirect) u.params().set("redirectUrl", *redirect);
    return std::string(u.buffer());
  }
};

Hosted resolve(const RouteDeps& deps, http::RequestContext& ctx) {
  Hosted h;
  h.tenant = deps.tenant_by_name(ctx.param("tenant"));
  if (!h.tenant)
    throw http::ErrorException(
        http::Error::not_found("TENANT_NOT_FOUND", "Unknown tenant '" + std::string(ctx.param("tenant")) + "'"));
  ctx.tenant = h.tenant;  // for the access log
  const auto& t = *h.tenant;
  auto lang = ctx.query("lang");
  h.lang = lang && i18n::is_supported(*lang) && tenants::offers_language(t, *lang) ? *lang : t.default_locale;
  h.cookies = http::parse_cookies(ctx.req);
  // Where the page may send the browser back to, exactly (http/origin.hpp); the
  // forms' CSP form-action names the same origins.
  const auto return_to = http::return_origins(t, ctx);
  h.frame = hosted::frame_for(t, h.lang, h.cookies, return_to);
  h.t = hosted::texts_for(deps.i18n, h.lang, h.frame.site);
  h.own_origin = http::tenant_origin(t, ctx);
  h.request_origin = http::request_origin(ctx);
  const std::string requested = ctx.query("redirectUrl").value_or("");
  h.redirect = allowed_redirect(requested.empty() ? h.own_origin + "/" : requested, return_to);
  return h;
}

http::Response redirect_to(const http::RequestContext& ctx, const std::string& location) {
  http::Response res{http::Status::found, ctx.req.version()};
  res.set(field::location, location);
  res.set(field::cache_control, "no-store");
  res.prepare_payload();
  return res;
}

http::Response bad_redirect_page(const http::RequestContext& ctx, const Hosted& h) {
  return html_response(ctx, http::Status::bad_request, h.frame,
                       render_message(h.frame, h.t("errors.badRedirectTitle"), h.t("errors.badRedirect")));
}

hosted::FormToken csrf_token(const Hosted& h) { return hosted::form_token(h.cookies, h.tenant->name); }

// A form whose CSRF token or origin did not check out: the same page again,
// with a fresh token and a "the form expired" message, as 403.
template <class Render>
http::Response form_expired(const http::RequestContext& ctx, const Hosted& h, FormPage& p, Render render) {
  const auto token = csrf_token(h);
  p.csrf = token.field;
  p.error = h.t("errors.formExpired");
  auto res = html_response(ctx, http::Status::forbidden, h.frame, render(h.frame, p, h.t));
  set_csrf_cookie(res, ctx, token);
  return res;
}

bool form_trusted(const http::RequestContext& ctx, const Hosted& h, const Form& form) {
  return hosted::form_trusted(ctx, h.cookies, form, h.tenant->name, h.request_origin);
}

// A service error as a translated sentence.
std::string message_for(const Error& e, const Hosted& h) {
  if (e.code == ErrorCode::too_many_attempts || e.code == ErrorCode::too_many_requests) {
    const std::int64_t seconds = e.retry_after > 0 ? e.retry_after : 60;
    return replace_all(
        h.t(e.code == ErrorCode::too_many_attempts ? "errors.tooManyAttempts" : "errors.tooManyRequests"),
        "{{minutes}}", std::to_string((seconds + 59) / 60));
  }
  if (e.code == ErrorCode::invalid_credentials) return h.t("errors.invalidCredentials");
  if (e.code == ErrorCode::email_already_used) return h.t("errors.emailUsed");
  if (e.code == ErrorCode::invalid_field) {
    const std::string& field_name = e.field;
    if (e.reason == "is required") return h.t("errors.required");
    if (field_name == "email") return h.t("errors.invalidEmail");
    if (field_name == "password") return h.t("errors.passwordLength");
    if (field_name == "name") return h.t("errors.name");
    if (field_name == "lastName") return h.t("errors.lastName");
    if (field_name == "msisdn") return h.t("errors.msisdn");
  }
  return h.t("errors.title");
}

// The page of a refused form, with the status (and Retry-After) the API answers the same error with.
http::Response form_error(const http::RequestContext& ctx, const PageFrame& frame, const Error& error, std::string body) {
  const http::Error e = http_error(error);
  auto res = html_response(ctx, static_cast<http::Status>(e.status), frame, std::move(body));
  if (e.status == 429)
    if (auto* o = e.data.if_object())
      if (auto* s = o->if_contains("retryAfter"); s && s->is_int64()) res.set(field::retry_after, std::to_string(s->as_int64()));
  return res;
}

FormPage form_page(const Hosted& h, std::string_view kind, const hosted::FormToken& csrf) {
  FormPage p;
  p.action = h.url(kind);
  p.csrf = csrf.field;
  p.login_url = h.url("login");
  p.register_url = h.url("register");
  p.forgot_url = h.url("password/forgot");
  return p;
}

// How long the dev operator page's assertion holds: the longest a sign-in
// accepts (a real gateway re-asserts on every request; the portal goes to the
// hosted sign-in at once, and its session outlives the assertion).
constexpr std::chrono::seconds kOperatorAssertionLife{kMaxOperatorAssertionLifetime};
// The readable companion of the HttpOnly provider cookie: "<name>_hint=1".
constexpr std::string_view kProviderHintSuffix = "_hint";

http::CookieOptions provider_cookie_options(const http::RequestContext& ctx, std::chrono::seconds life, bool http_only) {
  http::CookieOptions o;
  o.max_age = life;
  o.http_only = http_only;
  o.secure = ctx.secure;
  o.same_site = "Lax";
  return o;
}

std::string provider_cookie_name(const tenants::Tenant& t) {
  if (auto* auto_login = t.features.if_contains("autoLogin"); auto_login && auto_login->is_object())
    if (auto* name = auto_login->as_object().if_contains("providerCookieName"); name && name->is_string())
      return std::string(name->as_string());
  return {};
}

// What resolve() reads from the query of every hosted page.
std::vector<http::ApiQuery> hosted_query() {
  return {{"lang", "The page's language: en, ar, fr, de, es or ro (else the tenant's default)"},
          {"redirectUrl", "Where to go afterwards: an address of this tenant (else its home page)"}};
}

// A hosted page's URL on the tenant's configured origin, with `lang` (and the redirect when given).
std::string page_url(const std::string& origin, std::string_view kind, const tenants::Tenant& tenant,
                     const std::string& lang, const std::string& redirect = {}) {
  urls::url u(origin + "/backend/" + std::string(kind) + "/" + tenant.name);
  u.params().set("lang", lang);
  if (!redirect.empty()) u.params().set("redirectUrl", redirect);
  return std::string(u.buffer());
}

std::string lang_path(const std::string& lang, std::string_view path) {
  return http::localized_path(lang == "en" ? "" : lang, path);
}

// A confirmation page's token: 64 hex characters, else "".
std::string link_token(std::string token) {
  const bool hex = std::all_of(token.begin(), token.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
  return token.size() == 64 && hex ? token : std::string();
}

// A confirmation page's texts: <prefix>Title, <prefix>Intro, <prefix>Button.
ConfirmTexts confirm_texts(const Texts& t, const std::string& prefix) {
  return {t(prefix + "Title"), t(prefix + "Intro"), t(prefix + "Button")};
}

// What a confirmation page reads from its query.
std::vector<http::ApiQuery> confirm_query() {
  return {{"lang", "The page's language: en, ar, fr, de, es or ro (else the tenant's default)"},
          {"token", "The link's token (64 hex characters)"}};
}

}  // namespace

std::string device_cookie_header(const http::RequestContext& ctx, const std::string& value) {
  http::CookieOptions o;
  o.max_age = std::chrono::hours(24 * 180);
  o.path = "/backend/login";
  o.same_site = "Strict";
  o.http_only = true;
  o.secure = ctx.secure;
  return http::set_cookie(std::string(kDeviceCookie), value, o);
}

ConfirmationMails confirmation_mails(const RouteDeps& deps, const tenants::Tenant& tenant, const std::string& lang,
                                     std::string_view kind, const std::string& redirect) {
  const Texts t = hosted::texts_for(deps.i18n, lang, tenant.site_name());
  // The mails' links start at the tenant's public origin, never at the address this request came to.
  const std::string origin = http::mail_origin(tenant);
  const bool registration = kind == "register";
  ConfirmationMails m;
  m.link_prefix = page_url(origin, registration ? "register/confirm" : "email/confirm", tenant, lang) + "&token=";
  const std::string prefix = registration ? "registerMail." : "emailChangeMail.";
  m.confirm = {t(prefix + "subject"), t(prefix + "body")};
  const std::string taken = registration ? "registerTakenMail." : "emailTakenMail.";
  m.taken = {t(taken + "subject"), t(taken + "body")};
  m.sign_in_url = page_url(origin, "login", tenant, lang, redirect);
  m.notice = {t("emailNoticeMail.subject"), t("emailNoticeMail.body")};
  m.reset_url = page_url(origin, "password/forgot", tenant, lang);
  return m;
}

namespace {

// ---- the sign-in by the operator's network (network_login.hpp; docs/decisions.md "Sign-in by the operator's network")

// Where the operator sends the browser back: the tenant's public origin (the redirect URI registered at the operator,
// as the console shows it), never the request's host.
std::string network_callback(const tenants::Tenant& t) {
  return http::mail_origin(t) + "/backend/login/" + t.name + "/network/callback";
}

// The page's language and texts as the attempt began (the callback and the forms carry no lang).
void speak(Hosted& h, const RouteDeps& deps, const std::string& lang) {
  if (lang.empty() || lang == h.lang || !i18n::is_supported(lang)) return;
  h.lang = lang;
  h.frame.lang = lang;
  h.frame.dir = lang == "ar" ? "rtl" : "ltr";
  h.t = hosted::texts_for(deps.i18n, lang, h.frame.site);
}

// Digits as the page's language writes them (Arabic-Indic in Arabic, as the storefront's formatters do).
std::string page_digits(const std::string& lang, const std::string& text) {
  if (lang != "ar") return text;
  std::string out;
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      out += '\xD9';  // U+0660..U+0669
      out += static_cast<char>(0xA0 + (c - '0'));
    } else {
      out += c;
    }
  }
  return out;
}

std::string shown_number(const std::string& lang, const std::string& msisdn) { return page_digits(lang, "+" + msisdn); }

void add_network_routes(const RouteDeps& deps, std::vector<http::Route>& routes) {
  using http::RequestContext;
  using Answer = asio::awaitable<http::Response>;

  // The storefront's sign-in by mobile number: the operator's network when the tenant's operator offers it; else,
  // in the dev stage, the demo's operator page; else the hosted sign-in.
  auto start = [deps](RequestContext& ctx) -> Answer {
    Hosted h = resolve(deps, ctx);
    if (!h.redirect) co_return bad_redirect_page(ctx, h);
    const auto tenant = h.tenant;
    if (deps.network_login) {
      const std::string callback = network_callback(*tenant);
      auto url = co_await db::offload(deps.db_pool, [&]() -> std::optional<std::string> {
        if (!deps.network_login->offered(tenant->id)) return std::nullopt;
        return deps.network_login->start(tenant->id, callback, *h.redirect, h.lang);
      });
      if (url) co_return redirect_to(ctx, *url);
    }
    if (deps.dev_stage && !provider_cookie_name(*tenant).empty()) co_return redirect_to(ctx, h.url("operator") + "&signIn=1");
    co_return redirect_to(ctx, h.url("login"));
  };

  // A signed-in number: found or created, back to the storefront with a one-time code.
  auto signed_in = [deps](const std::shared_ptr<const tenants::Tenant>& tenant, const std::string& msisdn,
                          const std::string& return_to) -> Result<std::string> {
    auto user = deps.service.number_sign_in(tenant->id, msisdn);
    if (!user) return user.error();
    return with_code(return_to, deps.service.issue_code(tenant->id, *user, return_to));
  };
  auto expired = [](const RequestContext& ctx, const Hosted& h) {
    return html_response(ctx, http::Status::bad_request, h.frame,
                         render_message(h.frame, h.t("networkExpiredTitle"), h.t("networkExpired"), h.url("login"),
                                        h.t("networkOther")));
  };
  auto code_page = [](const RequestContext& ctx, Hosted& h, NetworkCodePage p, http::Status status = http::Status::ok) {
    const auto token = csrf_token(h);
    p.action = "/backend/login/" + h.tenant->name + "/network/code";
    p.csrf = token.field;
    p.other_url = h.url("login");
    auto res = html_response(ctx, status, h.frame, render_network_code(h.frame, p, h.t));
    set_csrf_cookie(res, ctx, token);
    return res;
  };

  // The operator's answer: its code (the number follows), or its error (off the network: the code by SMS).
  auto callback = [deps, signed_in, expired, code_page](RequestContext& ctx) -> Answer {
    Hosted h = resolve(deps, ctx);
    if (!deps.network_login) co_return expired(ctx, h);
    const auto tenant = h.tenant;
    const std::string state = ctx.query("state").value_or("");
    const std::string code = ctx.query("code").value_or("");
    const std::string error = ctx.query("error").value_or("");
    const std::string callback_uri = network_callback(*tenant);
    auto finished = co_await db::offload(deps.db_pool, [&] {
      return deps.network_login->finish(tenant->id, state, code, error, callback_uri);
    });
    if (!finished) co_return expired(ctx, h);
    speak(h, deps, finished->attempt.lang);
    if (finished->outcome == NetworkLogin::Outcome::off_network)
      co_return code_page(ctx, h, NetworkCodePage{.state = finished->attempt.state});
    if (finished->outcome == NetworkLogin::Outcome::signed_in) {
      auto to = co_await db::offload(deps.db_pool, [&] { return signed_in(tenant, finished->msisdn, finished->attempt.return_to); });
      if (to) co_return redirect_to(ctx, *to);
    }
    co_return html_response(ctx, http::Status::bad_gateway, h.frame,
                            render_message(h.frame, h.t("networkTitle"), h.t("networkFailed"), h.url("login"), h.t("networkOther")));
  };

  // Off the network: the number (the operator sends its code), then the code.
  auto code = [deps, signed_in, expired, code_page](RequestContext& ctx) -> Answer {
    Hosted h = resolve(deps, ctx);
    if (!deps.network_login) co_return expired(ctx, h);
    const auto tenant = h.tenant;
    const Form form = parse_form(ctx.req);
    const std::string state = form_value(form, "state");
    auto attempt = co_await db::offload(deps.db_pool, [&] { return deps.network_login->attempt(tenant->id, state); });
    if (!attempt) co_return expired(ctx, h);
    speak(h, deps, attempt->lang);
    NetworkCodePage p{.state = state};
    if (!form_trusted(ctx, h, form)) {
      p.error = h.t("errors.formExpired");
      if (attempt->msisdn) p.code_to = shown_number(h.lang, *attempt->msisdn);
      co_return code_page(ctx, h, p, http::Status::forbidden);
    }
    const std::string typed_code = form_value(form, "code");
    if (attempt->msisdn && !typed_code.empty()) {
      p.code_to = shown_number(h.lang, *attempt->msisdn);
      std::string digits;
      for (char c : typed_code) if (c != ' ') digits += c;
      auto checked = co_await db::offload(deps.db_pool, [&] { return deps.network_login->check_code(tenant->id, state, digits); });
      if (!checked) co_return expired(ctx, h);
      if (checked->signed_in) {
        auto to = co_await db::offload(deps.db_pool, [&] { return signed_in(tenant, checked->msisdn, attempt->return_to); });
        if (to) co_return redirect_to(ctx, *to);
        co_return expired(ctx, h);
      }
      if (checked->tries_left > 0) {
        p.error = replace_all(h.t("networkWrongCode"), "{{count}}", page_digits(h.lang, std::to_string(checked->tries_left)));
        co_return code_page(ctx, h, p, http::Status::bad_request);
      }
      p.code_to.clear();  // spent: a new code for the number
      p.msisdn = *attempt->msisdn;
      p.error = h.t("networkCodeSpent");
      co_return code_page(ctx, h, p, http::Status::bad_request);
    }
    const std::string msisdn = normalize_msisdn(form_value(form, "msisdn"));
    p.msisdn = form_value(form, "msisdn");
    if (msisdn.size() < 8) {
      p.error = h.t("networkInvalidNumber");
      co_return code_page(ctx, h, p, http::Status::bad_request);
    }
    const std::string message = h.t("smsLogin");
    const auto sent = co_await db::offload(deps.db_pool, [&] { return deps.network_login->send_code(tenant->id, state, msisdn, message); });
    switch (sent) {
      case NetworkLogin::Sent::sent:
        p.code_to = shown_number(h.lang, msisdn);
        p.msisdn.clear();
        co_return code_page(ctx, h, p);
      case NetworkLogin::Sent::invalid_number: p.error = h.t("networkInvalidNumber"); break;
      case NetworkLogin::Sent::too_many: p.error = h.t("networkTooMany"); break;
      case NetworkLogin::Sent::unavailable: co_return expired(ctx, h);
    }
    co_return code_page(ctx, h, p, sent == NetworkLogin::Sent::too_many ? http::Status::too_many_requests : http::Status::bad_request);
  };

  http::Route begin{http::Verb::get, "/backend/login/{tenant}/network", start, http::TenantFrom::none};
  begin.doc = {"The sign-in by mobile number: to the tenant's operator (CAMARA Number Verification, OpenID Connect with "
               "prompt=none) when it recognises subscribers by its network; else (dev stage) the demo's operator page, "
               "else the hosted sign-in",
               "hosted pages", {}, {}, {"404 TENANT_NOT_FOUND"}, hosted_query()};
  routes.push_back(std::move(begin));
  http::Route back{http::Verb::get, "/backend/login/{tenant}/network/callback", callback, http::TenantFrom::none};
  back.doc = {"The operator's answer to the network sign-in (state, and code or error): the subscriber's number signs "
              "in and returns to the storefront with a one-time code; off the mobile network (login_required) a page "
              "asks for the number to send the operator's code to",
              "hosted pages", {}, {}, {"404 TENANT_NOT_FOUND"},
              {{"state", "The attempt's state"}, {"code", "The operator's authorization code"}, {"error", "The operator's error"}}};
  routes.push_back(std::move(back));
  http::Route typed{http::Verb::post, "/backend/login/{tenant}/network/code", code, http::TenantFrom::none};
  typed.doc = {"Off the mobile network (form: csrf, state, and msisdn or code): the operator sends its code by SMS (One "
               "Time Password SMS), then the code signs the number in",
               "hosted pages", {}, {}, {"404 TENANT_NOT_FOUND", "429 TOO_MANY_REQUESTS"}, {}};
  routes.push_back(std::move(typed));
}

}  // namespace

std::vector<http::Route> hosted_routes(const RouteDeps& deps) {
  using http::RequestContext;
  using Answer = asio::awaitable<http::Response>;

  // A form page on GET; kind is its path below /backend.
  auto show = [deps](std::string kind) {
    return [deps, kind](RequestContext& ctx) -> Answer {
      Hosted h = resolve(deps, ctx);
      if (!h.redirect) co_return bad_redirect_page(ctx, h);
      bool drop_assertion = false;
      // Operator auto-login: the provider cookie carries the operator's signed
      // assertion of the subscriber's number (operator_assertion.hpp); a valid
      // one signs them in and goes straight back with a code. Without an
      // operator secret for the tenant there is no auto-login at all.
      if (kind == "login") {
        const std::string cookie_name = provider_cookie_name(*h.tenant);
        const std::string assertion = cookie_name.empty() ? "" : http::cookie(h.cookies, cookie_name);
        const std::string secret = assertion.empty() || !deps.operator_secret ? "" : deps.operator_secret(h.tenant->name);
        if (!assertion.empty()) {
          const auto tenant_id = h.tenant->id;
          const std::string tenant_name = h.tenant->name;
          auto code = co_await db::offload(deps.db_pool, [&]() -> Result<std::string> {
            auto user = deps.service.operator_sign_in(tenant_id, tenant_name, secret, assertion);
            if (!user) return user.error();
            return deps.service.issue_code(tenant_id, *user, *h.redirect);
          });
          if (code) co_return redirect_to(ctx, with_code(*h.redirect, *code));
          drop_assertion = true;  // forged, expired or unsigned: forget it, show the form
        }
      }
      const auto token = csrf_token(h);
      FormPage p = form_page(h, kind, token);
      if (kind == "login") hosted::use_operator_head(h.frame, *h.tenant, "loginMetaData");
      std::string body = kind == "login"      ? render_login(h.frame, p, h.t)
                         : kind == "register" ? render_register(h.frame, p, h.t)
                                              : render_forgot(h.frame, p, h.t);
      auto res = html_response(ctx, http::Status::ok, h.frame, std::move(body));
      set_csrf_cookie(res, ctx, token);
      if (drop_assertion) {
        const std::string cookie_name = provider_cookie_name(*h.tenant);
        for (const std::string& name : {cookie_name, cookie_name + std::string(kProviderHintSuffix)})
          res.insert(field::set_cookie, http::set_cookie(name, "", provider_cookie_options(ctx, std::chrono::seconds(0), name == cookie_name)));
      }
      co_return res;
    };
  };

  auto post_login = [deps](RequestContext& ctx) -> Answer {
    Hosted h = resolve(deps, ctx);
    if (!h.redirect) co_return bad_redirect_page(ctx, h);
    hosted::use_operator_head(h.frame, *h.tenant, "loginMetaData");
    const Form form = parse_form(ctx.req);
    FormPage p = form_page(h, "login", csrf_token(h));
    p.email = form_value(form, "email");
    if (!form_trusted(ctx, h, form)) co_return form_expired(ctx, h, p, render_login);
    const auto tenant_id = h.tenant->id;
    const std::string password = form_value(form, "password");
    const std::string device = http::cookie(h.cookies, kDeviceCookie);
    std::string next_device;
    auto code = co_await db::offload(deps.db_pool, [&]() -> Result<std::string> {
      auto user = deps.service.sign_in(tenant_id, p.email, password, ctx.client_address, device);
      if (!user) return user.error();
      next_device = deps.service.device_cookie(tenant_id, user->email, device);
      return deps.service.issue_code(tenant_id, *user, *h.redirect);
    });
    if (code) {
      auto res = redirect_to(ctx, with_code(*h.redirect, *code));
      res.insert(field::set_cookie, device_cookie_header(ctx, next_device));
      co_return res;
    }
    p.error = message_for(code.error(), h);
    co_return form_error(ctx, h.frame, code.error(), render_login(h.frame, p, h.t));
  };

  auto post_register = [deps](RequestContext& ctx) -> Answer {
    Hosted h = resolve(deps, ctx);
    if (!h.redirect) co_return bad_redirect_page(ctx, h);
    const Form form = parse_form(ctx.req);
    FormPage p = form_page(h, "register", csrf_token(h));
    p.email = form_value(form, "email");
    p.name = form_value(form, "name");
    p.last_name = form_value(form, "lastName");
    if (!form_trusted(ctx, h, form)) co_return form_expired(ctx, h, p, render_register);
    const auto tenant_id = h.tenant->id;
    Registration input{p.name, p.last_name, p.email, form_value(form, "password"), *h.redirect};
    const ConfirmationMails mails = confirmation_mails(deps, *h.tenant, h.lang, "register", *h.redirect);
    auto started = co_await db::offload(deps.db_pool, [&] {
      return deps.service.register_user(tenant_id, std::move(input), mails, ctx.client_address);
    });
    if (!started) {
      p.error = message_for(started.error(), h);
      co_return form_error(ctx, h.frame, started.error(), render_register(h.frame, p, h.t));
    }
    // The same page whether the e-mail had an account or not: the mail says which.
    p.notice = replace_all(h.t("registerSent"), "{{email}}", normalize_email(p.email));
    co_return html_response(ctx, http::Status::ok, h.frame, render_register(h.frame, p, h.t));
  };

  // A mailed link's landing (register/confirm, email/confirm): GET shows one
  // button that posts the token back; a link scanner's GET changes nothing.
  auto show_confirm = [deps](std::string kind, std::string texts) {
    return [deps, kind, texts](RequestContext& ctx) -> Answer {
      Hosted h = resolve(deps, ctx);
      const auto token = csrf_token(h);
      FormPage p = form_page(h, kind, token);
      p.token = link_token(ctx.query("token").value_or(""));
      auto res = html_response(ctx, http::Status::ok, h.frame, render_confirm(h.frame, p, confirm_texts(h.t, texts)));
      set_csrf_cookie(res, ctx, token);
      co_return res;
    };
  };

  // The registration link's POST creates the account and goes back signed in
  // (with a code, like a sign-in, to where the registration started).
  auto post_register_confirm = [deps](RequestContext& ctx) -> Answer {
    Hosted h = resolve(deps, ctx);
    const Form form = parse_form(ctx.req);
    FormPage p = form_page(h, "register/confirm", csrf_token(h));
    p.token = link_token(form_value(form, "token"));
    auto render = [](const PageFrame& frame, const FormPage& page, const Texts& t) {
      return render_confirm(frame, page, confirm_texts(t, "confirmRegister"));
    };
    if (!form_trusted(ctx, h, form)) co_return form_expired(ctx, h, p, render);
    const auto tenant_id = h.tenant->id;
    std::string device_value;
    auto code = co_await db::offload(deps.db_pool, [&]() -> Result<std::pair<std::string, std::string>> {
      auto confirmed = deps.service.confirm_registration(tenant_id, p.token, h.lang);
      if (!confirmed) return confirmed.error();
      device_value = deps.service.device_cookie(tenant_id, confirmed->user.email, http::cookie(h.cookies, kDeviceCookie));
      return std::pair{deps.service.issue_code(tenant_id, confirmed->user, confirmed->redirect_url),
                       confirmed->redirect_url};
    });
    if (code) {
      auto res = redirect_to(ctx, with_code(code->second, code->first));
      res.insert(field::set_cookie, device_cookie_header(ctx, device_value));
      co_return res;
    }
    const bool taken = code.error().code == ErrorCode::email_already_used;
    co_return html_response(ctx, static_cast<http::Status>(http_error(code.error()).status), h.frame,
                            render_message(h.frame, h.t("errors.linkTitle"),
                                           taken ? h.t("errors.emailUsed") : h.t("errors.linkInvalid"),
                                           h.url(taken ? "login" : "register"),
                                           taken ? h.t("signInLink") : h.t("registerLink")));
  };

  // The e-mail change link's POST makes the new address the account's.
  auto post_email_confirm = [deps](RequestContext& ctx) -> Answer {
    Hosted h = resolve(deps, ctx);
    const Form form = parse_form(ctx.req);
    FormPage p = form_page(h, "email/confirm", csrf_token(h));
    p.token = link_token(form_value(form, "token"));
    auto render = [](const PageFrame& frame, const FormPage& page, const Texts& t) {
      return render_confirm(frame, page, confirm_texts(t, "confirmEmail"));
    };
    if (!form_trusted(ctx, h, form)) co_return form_expired(ctx, h, p, render);
    const auto tenant_id = h.tenant->id;
    auto user = co_await db::offload(deps.db_pool, [&] { return deps.service.confirm_email(tenant_id, p.token); });
    const std::string profile_url = h.own_origin + lang_path(h.lang, "/profile/info");
    if (user)
      co_return html_response(ctx, http::Status::ok, h.frame,
                              render_done(h.frame, h.t("emailConfirmedTitle"),
                                          replace_all(h.t("emailConfirmed"), "{{email}}", user->email), profile_url,
                                          h.t("toProfile")));
    const bool taken = user.error().code == ErrorCode::email_already_used;
    co_return html_response(ctx, static_cast<http::Status>(http_error(user.error()).status), h.frame,
                            render_message(h.frame, h.t("errors.linkTitle"),
                                           taken ? h.t("errors.emailTaken") : h.t("errors.linkInvalid"), profile_url,
                                           h.t("toProfile")));
  };

  auto post_forgot = [deps](RequestContext& ctx) -> Answer {
    Hosted h = resolve(deps, ctx);
    if (!h.redirect) co_return bad_redirect_page(ctx, h);
    const Form form = parse_form(ctx.req);
    FormPage p = form_page(h, "password/forgot", csrf_token(h));
    p.email = form_value(form, "email");
    if (!form_trusted(ctx, h, form)) co_return form_expired(ctx, h, p, render_forgot);
    // The link goes to the tenant's public origin (never the address this page was opened on), in their language.
    const std::string link = http::mail_origin(*h.tenant) + http::localized_path(h.lang == "en" ? "" : h.lang, "/resetpassword");
    const MailText text{h.t("resetMail.subject"), h.t("resetMail.body"), h.lang};
    const auto tenant_id = h.tenant->id;
    auto asked = co_await db::offload(deps.db_pool, [&] {
      return deps.service.request_password_reset(tenant_id, p.email, link, text, ctx.client_address);
    });
    if (!asked) {
      p.error = message_for(asked.error(), h);
      co_return form_error(ctx, h.frame, asked.error(), render_forgot(h.frame, p, h.t));
    }
    // The same answer whether the e-mail has an account or not.
    p.notice = h.t("forgotSent");
    co_return html_response(ctx, http::Status::ok, h.frame, render_forgot(h.frame, p, h.t));
  };

  auto routes = http::with_docs({
      {http::Verb::get, "/backend/login/{tenant}", show("login"), http::TenantFrom::none},
      {http::Verb::post, "/backend/login/{tenant}", post_login, http::TenantFrom::none},
      {http::Verb::get, "/backend/register/{tenant}", show("register"), http::TenantFrom::none},
      {http::Verb::post, "/backend/register/{tenant}", post_register, http::TenantFrom::none},
      {http::Verb::get, "/backend/password/forgot/{tenant}", show("password/forgot"), http::TenantFrom::none},
      {http::Verb::post, "/backend/password/forgot/{tenant}", post_forgot, http::TenantFrom::none},
      {http::Verb::get, "/backend/register/confirm/{tenant}", show_confirm("register/confirm", "confirmRegister"),
       http::TenantFrom::none},
      {http::Verb::post, "/backend/register/confirm/{tenant}", post_register_confirm, http::TenantFrom::none},
      {http::Verb::get, "/backend/email/confirm/{tenant}", show_confirm("email/confirm", "confirmEmail"),
       http::TenantFrom::none},
      {http::Verb::post, "/backend/email/confirm/{tenant}", post_email_confirm, http::TenantFrom::none},
  }, {
      {"GET /backend/login/{tenant}", {"The hosted sign-in page", "hosted pages", {}, {}, {"404 TENANT_NOT_FOUND"},
                                       hosted_query()}},
      {"POST /backend/login/{tenant}", {"Sign in from the hosted page (form: email, password); redirects to "
                                        "redirectUrl with a one-time code, or shows the page with the error",
                                        "hosted pages", {}, {}, {"404 TENANT_NOT_FOUND", "429 TOO_MANY_ATTEMPTS"},
                                        hosted_query()}},
      {"GET /backend/register/{tenant}", {"The hosted registration page", "hosted pages", {}, {},
                                          {"404 TENANT_NOT_FOUND"}, hosted_query()}},
      {"POST /backend/register/{tenant}", {"Register from the hosted page (form: email, name, lastName, password); "
                                           "mails a confirmation link (or, for an address with an account, a note to "
                                           "sign in) and shows the same \"check your mail\" page either way",
                                           "hosted pages", {}, {},
                                           {"404 TENANT_NOT_FOUND", "429 TOO_MANY_ATTEMPTS", "429 TOO_MANY_REQUESTS"},
                                           hosted_query()}},
      {"GET /backend/password/forgot/{tenant}", {"The hosted forgotten-password page", "hosted pages", {}, {},
                                                 {"404 TENANT_NOT_FOUND"}, hosted_query()}},
      {"POST /backend/password/forgot/{tenant}", {"Ask for a password reset mail (form: email); the page says it was "
                                                  "sent whether or not the address is known",
                                                  "hosted pages", {}, {}, {"404 TENANT_NOT_FOUND"}, hosted_query()}},
      {"GET /backend/register/confirm/{tenant}", {"The mailed registration link's page: one button that creates the account",
                                                  "hosted pages", {}, {}, {"404 TENANT_NOT_FOUND"}, confirm_query()}},
      {"POST /backend/register/confirm/{tenant}", {"Create the account of a registration link (form: token); redirects to "
                                                   "the registration's redirectUrl with a one-time code, like sign-in",
                                                   "hosted pages", {}, {},
                                                   {"400 LINK_INVALID", "404 TENANT_NOT_FOUND", "409 EMAIL_ALREADY_USED"},
                                                   confirm_query()}},
      {"GET /backend/email/confirm/{tenant}", {"The mailed e-mail-change link's page: one button that confirms the address",
                                               "hosted pages", {}, {}, {"404 TENANT_NOT_FOUND"}, confirm_query()}},
      {"POST /backend/email/confirm/{tenant}", {"Make the link's new address the account's (form: token)", "hosted pages",
                                                {}, {}, {"400 LINK_INVALID", "404 TENANT_NOT_FOUND", "409 EMAIL_ALREADY_USED"},
                                                confirm_query()}},
  });
  add_network_routes(deps, routes);
  if (!deps.dev_stage) return routes;

  // Dev stage: the mail outbox, as a page or (Accept: application/json) as data.
  auto outbox = [deps](RequestContext& ctx) -> Answer {
    Hosted h = resolve(deps, ctx);
    const auto tenant_id = h.tenant->id;
    auto mails = co_await db::offload(deps.db_pool, [&] { return deps.outbox.recent(tenant_id, kOutboxPageSize); });
    auto accept = ctx.req.find(field::accept);
    if (accept != ctx.req.end() && accept->value().find("application/json") != std::string_view::npos) {
      boost::json::array list;
      auto or_null = [](const std::optional<std::string>& v) { return v ? boost::json::value(*v) : nullptr; };
      for (const auto& m : mails)
        list.push_back({{"id", m.id}, {"to", m.recipient}, {"subject", m.subject}, {"body", m.body},
                        {"html", or_null(m.html)}, {"createdAt", m.created_at}, {"sentAt", or_null(m.sent_at)},
                        {"attempts", m.attempts}, {"nextAttemptAt", or_null(m.next_attempt_at)},
                        {"lastError", or_null(m.last_error)}});
      http::Response res{http::Status::ok, ctx.req.version()};
      res.set(field::content_type, "application/json");
      res.set(field::cache_control, "no-store");
      res.body() = boost::json::serialize(boost::json::object{{"data", std::move(list)}});
      res.prepare_payload();
      co_return res;
    }
    co_return html_response(ctx, http::Status::ok, h.frame, render_outbox(h.frame, mails));
  };

  // Dev stage: the operator network. With ?msisdn it puts the number into
  // the tenant's provider cookie (on this host) and goes back to the portal.
  // With ?signIn=1 (the operator's secure sign-in, asked for by the MSS sign-up
  // call and the sign-in dialog's mobile option) it goes on to the hosted
  // sign-in instead, which signs the recognised subscriber in and returns with
  // a code; a subscriber the network already recognised (the cookie is there)
  // goes there at once. Back at the portal without a code, the auto-login would
  // only ask for this page again.
  auto operator_page = [deps](RequestContext& ctx) -> Answer {
    Hosted h = resolve(deps, ctx);
    if (!h.redirect) co_return bad_redirect_page(ctx, h);
    const std::string cookie_name = provider_cookie_name(*h.tenant);
    if (cookie_name.empty())
      throw http::ErrorException(http::Error::not_found("AUTO_LOGIN_DISABLED", "This tenant has no operator auto-login"));
    const bool sign_in = ctx.query("signIn").value_or("") == "1";
    std::string msisdn;
    for (auto p : ctx.url.params(urls::encoding_opts(true)))
      if (p.key == "msisdn") msisdn = p.value;
    if (msisdn.empty() && sign_in && !http::cookie(h.cookies, cookie_name).empty())
      co_return redirect_to(ctx, h.url("login"));
    if (msisdn.empty())
      co_return html_response(ctx, http::Status::ok, h.frame,
                     render_operator(h.frame, "/backend/operator/" + h.tenant->name, *h.redirect, cookie_name, sign_in, h.t));
    const std::string secret = deps.operator_secret ? deps.operator_secret(h.tenant->name) : "";
    const std::string assertion =
        secret.empty() ? "" : deps.service.operator_assertion(h.tenant->name, secret, msisdn, kOperatorAssertionLife);
    if (assertion.empty())
      co_return html_response(ctx, http::Status::bad_request, h.frame,
                     render_message(h.frame, h.t("operatorTitle"), h.t("errors.msisdn"), h.url("operator"),
                                    h.t("operatorTitle")));
    // The signed assertion is HttpOnly; its readable hint only tells the client
    // to try the hosted sign-in (spec step 8), which checks the assertion.
    auto res = redirect_to(ctx, sign_in ? h.url("login") : *h.redirect);
    res.insert(field::set_cookie, http::set_cookie(cookie_name, assertion, provider_cookie_options(ctx, kOperatorAssertionLife, true)));
    res.insert(field::set_cookie, http::set_cookie(cookie_name + std::string(kProviderHintSuffix), "1",
                                                   provider_cookie_options(ctx, kOperatorAssertionLife, false)));
    co_return res;
  };

  http::Route outbox_route{http::Verb::get, "/backend/dev/outbox/{tenant}", outbox, http::TenantFrom::none};
  outbox_route.doc = {"Dev stage: the tenant's last mails, as a page (or as {data: [{id, to, subject, body, html, "
                      "createdAt, sentAt, attempts, nextAttemptAt, lastError}]} with Accept: application/json; the "
                      "last five say how SMTP delivery went)",
                      "dev", {}, {}, {"404 TENANT_NOT_FOUND"}, hosted_query()};
  routes.push_back(std::move(outbox_route));
  http::Route operator_route{http::Verb::get, "/backend/operator/{tenant}", operator_page, http::TenantFrom::none};
  operator_route.doc = {"Dev stage: the operator network's page; with msisdn it sets the signed operator cookie and "
                        "redirects to redirectUrl (with signIn=1, to the hosted sign-in that returns there)",
                        "operator", {}, {}, {"404 TENANT_NOT_FOUND", "404 AUTO_LOGIN_DISABLED"},
                        [] {
                          auto q = hosted_query();
                          q.push_back({"msisdn", "The subscriber's phone number"});
                          q.push_back({"signIn", "1: go on to the hosted sign-in rather than back (at once when the "
                                                 "operator cookie is there)"});
                          return q;
                        }()};
  routes.push_back(std::move(operator_route));
  return routes;
}

}  // namespace portal::identity
