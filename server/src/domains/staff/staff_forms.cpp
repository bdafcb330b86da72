#include "domains/staff/staff_forms.hpp"

#include <boost/url/url.hpp>

#include "core/text.hpp"
#include "db/blocking.hpp"
#include "domains/hosted/hosted_frame.hpp"
#include "domains/staff/staff_answers.hpp"
#include "domains/staff/staff_pages.hpp"
#include "http/cookies.hpp"
#include "http/origin.hpp"

namespace portal::staff {
namespace asio = boost::asio;

namespace {

using Awaitable = asio::awaitable<http::Response>;

// ---- the hosted page and its forms

struct Page {
  std::shared_ptr<const tenants::Tenant> tenant;
  std::string lang;
  hosted::Frame frame;
  hosted::Texts t;
  http::Cookies cookies;
  std::string request_origin;
  hosted::Form form;  // a posted form's fields (posted_page); empty on the GET page
};

Page page_for(const RouteDeps& deps, http::RequestContext& ctx, std::shared_ptr<const tenants::Tenant> tenant) {
  Page p;
  p.tenant = std::move(tenant);
  ctx.tenant = p.tenant;
  auto lang = ctx.query("lang");
  p.lang = lang && i18n::is_supported(*lang) ? *lang : p.tenant->default_locale;
  p.cookies = http::parse_cookies(ctx.req);
  p.frame = hosted::frame_for(*p.tenant, p.lang, p.cookies);
  p.t = hosted::texts_for(deps.i18n, p.lang, p.frame.site);
  p.request_origin = http::request_origin(ctx);
  return p;
}

// The page of a form posted to /backend/admin/<kind>/<tenant>: the tenant the path names (404 when unknown) and the
// form's fields. The trust check (CSRF token and origin) stays the handler's: enrol answers an unknown invitation
// before it.
Page posted_page(const RouteDeps& deps, http::RequestContext& ctx) {
  auto tenant = deps.tenant_by_name(ctx.param("tenant"));
  if (!tenant) throw http::ErrorException(http::Error::not_found("TENANT_NOT_FOUND", "Unknown tenant"));
  Page p = page_for(deps, ctx, std::move(tenant));
  p.form = hosted::parse_form(ctx.req);
  return p;
}

bool trusted(const http::RequestContext& ctx, const Page& p) {
  return hosted::form_trusted(ctx, p.cookies, p.form, p.tenant->name, p.request_origin);
}

std::string form_url(const Page& p, std::string_view kind) {
  boost::urls::url u("/backend/admin/" + std::string(kind) + "/" + p.tenant->name);
  u.params().set("lang", p.lang);
  return std::string(u.buffer());
}

std::string forgot_url(const Page& p) {
  boost::urls::url u("/admin/login");
  u.params().set("forgot", "1");
  u.params().set("lang", p.lang);
  return std::string(u.buffer());
}

std::string login_url(const Page& p) {
  boost::urls::url u("/admin/login");
  u.params().set("lang", p.lang);
  return std::string(u.buffer());
}

std::string error_text(const Error& e, const Page& p) {
  switch (e.code) {
    case ErrorCode::too_many_attempts:
      return core::replace_all(p.t("staff.errors.locked"), "{{minutes}}",
                                 std::to_string((e.retry_after_seconds + 59) / 60));
    case ErrorCode::invitation_invalid: return p.t("staff.errors.invitation");
    case ErrorCode::code_reused: return p.t("staff.errors.codeReused");
    case ErrorCode::reset_invalid: return p.t("staff.errors.reset");
    case ErrorCode::too_many_requests:
      return core::replace_all(p.t("staff.errors.tooManyRequests"), "{{minutes}}",
                                 std::to_string((e.retry_after_seconds + 59) / 60));
    case ErrorCode::invalid_field:
      if (e.field == "password") return p.t("staff.errors.passwordLength");
      if (e.field == "totp") return p.t("staff.errors.code");
      return p.t("staff.errors.required");
    default: return p.t("staff.errors.credentials");
  }
}

http::Status status_of(const Error& e) { return static_cast<http::Status>(http_error(e).status); }

http::Response login_page(const http::RequestContext& ctx, const Page& p, http::Status status, std::string error,
                          std::string email) {
  const auto token = hosted::form_token(p.cookies, p.tenant->name);
  LoginPage page{form_url(p, "signin"), token.field, std::move(error), std::move(email), forgot_url(p)};
  auto res = hosted::html_response(ctx, status, p.frame, render_staff_login(p.frame, page, p.t));
  hosted::set_csrf_cookie(res, ctx, token);
  return res;
}

http::Response enrol_page(const http::RequestContext& ctx, const Page& p, http::Status status,
                          const InvitationView& view, const std::string& invitation, std::string error) {
  const auto token = hosted::form_token(p.cookies, p.tenant->name);
  EnrolPage page{form_url(p, "enrol"),
                 token.field,
                 std::move(error),
                 invitation,
                 view.account.email,
                 p.t("staff.role." + std::string(role_name(view.account.role))),
                 view.totp_secret,
                 view.otpauth_uri};
  auto res = hosted::html_response(ctx, status, p.frame, render_staff_enrol(p.frame, page, p.t));
  hosted::set_csrf_cookie(res, ctx, token);
  return res;
}

http::Response forgot_page(const http::RequestContext& ctx, const Page& p, http::Status status, std::string error,
                           std::string email) {
  const auto token = hosted::form_token(p.cookies, p.tenant->name);
  ForgotPage page{form_url(p, "forgot"), token.field, std::move(error), std::move(email), login_url(p)};
  auto res = hosted::html_response(ctx, status, p.frame, render_staff_forgot(p.frame, page, p.t));
  hosted::set_csrf_cookie(res, ctx, token);
  return res;
}

http::Response reset_page(const http::RequestContext& ctx, const Page& p, http::Status status, std::string reset,
                          std::string error) {
  const auto token = hosted::form_token(p.cookies, p.tenant->name);
  ResetPage page{form_url(p, "reset"), token.field, std::move(error), std::move(reset)};
  auto res = hosted::html_response(ctx, status, p.frame, render_staff_reset(p.frame, page, p.t));
  hosted::set_csrf_cookie(res, ctx, token);
  return res;
}

http::Response message_page(const http::RequestContext& ctx, const Page& p, http::Status status,
                            const std::string& title, const std::string& message) {
  return hosted::html_response(ctx, status, p.frame,
                               render_staff_message(p.frame, title, message, login_url(p), p.t("staff.toSignIn")));
}

}  // namespace

std::string staff_cookie(const http::RequestContext& ctx, const std::string& token, std::chrono::seconds life) {
  http::CookieOptions o;
  o.max_age = token.empty() ? std::chrono::seconds(0) : life;
  o.path = "/backend/admin";
  o.http_only = true;
  o.same_site = "Strict";
  o.secure = ctx.secure;
  return http::set_cookie(std::string(kStaffCookie), token, o);
}

std::string device_cookie(const http::RequestContext& ctx, const std::string& value) {
  http::CookieOptions o;
  o.max_age = std::chrono::hours(24 * 180);
  o.path = "/backend/admin";
  o.http_only = true;
  o.same_site = "Strict";
  o.secure = ctx.secure;
  return http::set_cookie(std::string(kStaffDeviceCookie), value, o);
}

std::string device_of(const http::RequestContext& ctx) {
  return http::cookie(http::parse_cookies(ctx.req), kStaffDeviceCookie);
}

http::Handler signin_form(const RouteDeps& deps) {
  return [&deps](http::RequestContext& ctx) -> Awaitable {
    const Page p = posted_page(deps, ctx);
    const std::string email = hosted::form_value(p.form, "email");
    if (!trusted(ctx, p))
      co_return login_page(ctx, p, http::Status::forbidden, p.t("errors.formExpired"), email);
    const auto tenant_id = p.tenant->id;
    const Attempt attempt{device_of(ctx), ctx.request_id, "POST /backend/admin/signin/" + p.tenant->name};
    auto signed_in = co_await db::offload(deps.db_pool, [&] {
      return deps.service.login(tenant_id, email, hosted::form_value(p.form, "password"),
                                hosted::form_value(p.form, "totp"),
                                ctx.client_address, attempt);
    });
    if (!signed_in) co_return login_page(ctx, p, status_of(signed_in.error()), error_text(signed_in.error(), p), email);
    // The console opens in the sign-in page's language (an invitation's link carries the member's): the console
    // keeps a link's ?lang= as its choice (issue 73 item 6: a member invited in Arabic landed on an English console).
    http::Response res{http::Status::see_other, ctx.req.version()};
    boost::urls::url console("/admin");
    console.params().set("lang", p.lang);
    res.set(http::bhttp::field::location, std::string(console.buffer()));
    res.set(http::bhttp::field::cache_control, "no-store");
    res.set(http::bhttp::field::set_cookie, staff_cookie(ctx, signed_in->session.token, std::chrono::hours(8)));
    res.insert(http::bhttp::field::set_cookie, device_cookie(ctx, signed_in->device_cookie));
    res.prepare_payload();
    co_return res;
  };
}

http::Handler forgot_form(const RouteDeps& deps) {
  return [&deps](http::RequestContext& ctx) -> Awaitable {
    const Page p = posted_page(deps, ctx);
    const std::string email = hosted::form_value(p.form, "email");
    if (!trusted(ctx, p))
      co_return forgot_page(ctx, p, http::Status::forbidden, p.t("errors.formExpired"), email);
    ResetRequest r;
    r.tenant_id = p.tenant->id;
    r.email = email;
    r.base_url = http::mail_origin(*p.tenant);
    r.site = p.frame.site;
    r.language = p.lang;
    r.client_address = ctx.client_address;
    r.request_id = ctx.request_id;
    r.call = "POST /backend/admin/forgot/" + p.tenant->name;
    auto done = co_await db::offload(deps.db_pool, [&] { return deps.service.request_password_reset(r); });
    if (!done) co_return forgot_page(ctx, p, status_of(done.error()), error_text(done.error(), p), email);
    co_return message_page(ctx, p, http::Status::ok, p.t("staff.resetAskedTitle"), p.t("staff.resetAsked"));
  };
}

http::Handler reset_form(const RouteDeps& deps) {
  return [&deps](http::RequestContext& ctx) -> Awaitable {
    const Page p = posted_page(deps, ctx);
    const std::string token = hosted::form_value(p.form, "reset");
    if (!trusted(ctx, p))
      co_return reset_page(ctx, p, http::Status::forbidden, token, p.t("errors.formExpired"));
    const std::string password = hosted::form_value(p.form, "password");
    if (password != hosted::form_value(p.form, "password2"))
      co_return reset_page(ctx, p, http::Status::bad_request, token, p.t("staff.errors.passwordMismatch"));
    auto done = co_await db::offload(deps.db_pool, [&] {
      return deps.service.reset_password(token, password, ctx.client_address, ctx.request_id);
    });
    if (!done && done.error().code == ErrorCode::reset_invalid)
      co_return message_page(ctx, p, http::Status::not_found, p.t("staff.errors.resetTitle"), p.t("staff.errors.reset"));
    if (!done) co_return reset_page(ctx, p, status_of(done.error()), token, error_text(done.error(), p));
    co_return message_page(ctx, p, http::Status::ok, p.t("staff.resetDoneTitle"), p.t("staff.resetDone"));
  };
}

http::Handler enrol_form(const RouteDeps& deps) {
  return [&deps](http::RequestContext& ctx) -> Awaitable {
    const Page p = posted_page(deps, ctx);
    const std::string token = hosted::form_value(p.form, "invitation");
    const std::string issuer = p.frame.site;
    auto view = co_await db::offload(deps.db_pool, [&] { return deps.service.invitation(token, issuer); });
    if (!view)
      co_return message_page(ctx, p, http::Status::not_found, p.t("staff.errors.invitationTitle"),
                             p.t("staff.errors.invitation"));
    if (!trusted(ctx, p))
      co_return enrol_page(ctx, p, http::Status::forbidden, *view, token, p.t("errors.formExpired"));
    const std::string password = hosted::form_value(p.form, "password");
    if (password != hosted::form_value(p.form, "password2"))
      co_return enrol_page(ctx, p, http::Status::bad_request, *view, token, p.t("staff.errors.passwordMismatch"));
    auto done = co_await db::offload(deps.db_pool, [&] {
      return deps.service.accept(token, password, hosted::form_value(p.form, "totp"), ctx.client_address,
                                 ctx.request_id);
    });
    if (!done) co_return enrol_page(ctx, p, status_of(done.error()), *view, token, error_text(done.error(), p));
    co_return message_page(ctx, p, http::Status::ok, p.t("staff.enrolledTitle"), p.t("staff.enrolled"));
  };
}

std::vector<http::Route> staff_pages(const RouteDeps& deps) {
  auto login_page_route = [&deps](http::RequestContext& ctx) -> Awaitable {
    const Page p = page_for(deps, ctx, ctx.tenant);
    const std::string invitation = ctx.query("invitation").value_or("");
    const std::string reset = ctx.query("reset").value_or("");
    if (!reset.empty()) co_return reset_page(ctx, p, http::Status::ok, reset, "");
    if (ctx.query("forgot")) co_return forgot_page(ctx, p, http::Status::ok, "", "");
    if (invitation.empty()) co_return login_page(ctx, p, http::Status::ok, "", "");
    const std::string issuer = p.frame.site;
    auto view = co_await db::offload(deps.db_pool, [&] { return deps.service.invitation(invitation, issuer); });
    if (!view)
      co_return message_page(ctx, p, http::Status::not_found, p.t("staff.errors.invitationTitle"),
                             p.t("staff.errors.invitation"));
    co_return enrol_page(ctx, p, http::Status::ok, *view, invitation, "");
  };
  return {{http::Verb::get, "/admin/login", login_page_route}};
}

}  // namespace portal::staff
