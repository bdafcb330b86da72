#include "domains/staff/staff_routes.hpp"

#include <boost/algorithm/string/predicate.hpp>
#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <boost/url/url.hpp>

#include "core/text.hpp"
#include "db/blocking.hpp"
#include "domains/hosted/hosted_frame.hpp"
#include "domains/staff/staff_answers.hpp"
#include "domains/staff/staff_pages.hpp"
#include "http/body.hpp"
#include "http/cookies.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/origin.hpp"
#include "http/schema.hpp"

namespace portal::staff {
namespace asio = boost::asio;
namespace json = boost::json;
using http::bhttp::field;

namespace {

using Awaitable = asio::awaitable<http::Response>;

struct LoginBody {
  http::Text email;
  http::Text password;
  http::Text totp;  // the 6 digits the authenticator shows
};
BOOST_DESCRIBE_STRUCT(LoginBody, (), (email, password, totp))

struct ForgotBody {
  http::Text email;  // the member's e-mail: the same answer whether it is one
};
BOOST_DESCRIBE_STRUCT(ForgotBody, (), (email))

struct ResetBody {
  http::Text token;     // the reset link's token
  http::Text password;  // the new password, 10 to 128 characters
};
BOOST_DESCRIBE_STRUCT(ResetBody, (), (token, password))

struct InviteBody {
  http::Text email;
  http::Text role;                      // owner | admin | editor | support | finance
  std::optional<http::Text> language;  // of the mail and the pages; default the tenant's
};
BOOST_DESCRIBE_STRUCT(InviteBody, (), (email, role, language))

struct RoleBody {
  http::Text role;
};
BOOST_DESCRIBE_STRUCT(RoleBody, (), (role))

struct StatusBody {
  http::Text status;  // active | disabled
};
BOOST_DESCRIBE_STRUCT(StatusBody, (), (status))

struct AcceptBody {
  http::Text token;     // the invitation link's token
  http::Text password;  // 10 to 128 characters
  http::Text totp;      // a current code of the enrolled secret
};
BOOST_DESCRIBE_STRUCT(AcceptBody, (), (token, password, totp))

http::StaffRole http_role(Role r) {
  switch (r) {
    case Role::platform_admin: return http::StaffRole::platform;
    case Role::owner: return http::StaffRole::owner;
    case Role::admin: return http::StaffRole::admin;
    case Role::editor: return http::StaffRole::editor;
    case Role::support: return http::StaffRole::support;
    case Role::finance: return http::StaffRole::finance;
  }
  return http::StaffRole::any;
}

std::string bearer(const http::Request& req) {
  auto it = req.find(field::authorization);
  if (it == req.end()) return {};
  std::string_view v = it->value();
  if (v.size() < 7 || !boost::iequals(v.substr(0, 7), "Bearer ")) return {};
  v.remove_prefix(7);
  while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
  return std::string(v);
}

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

Actor actor_of(const http::RequestContext& ctx) {
  const auto& s = *ctx.staff;
  Actor a;
  a.id = s.id;
  a.email = s.email;
  a.role = std::string(http::staff_role_name(s.role));
  a.call = std::string(ctx.req.method_string()) + " " + std::string(ctx.url.path());
  a.client_address = ctx.client_address;
  a.request_id = ctx.request_id;
  a.rank = parse_role(a.role);
  return a;
}

std::string tenant_name_of(const RouteDeps& deps, std::optional<std::int64_t> id) {
  if (!id) return "";
  for (const auto& t : deps.all_tenants())
    if (t->id == *id) return t->name;
  return "";
}

std::vector<std::string> tenants_of(const RouteDeps& deps, const Account& a) {
  std::vector<std::string> out;
  for (const auto& t : deps.all_tenants())
    if (!a.tenant_id || *a.tenant_id == t->id) out.push_back(t->name);
  return out;
}

// ---- the hosted page and its forms

struct Page {
  std::shared_ptr<const tenants::Tenant> tenant;
  std::string lang;
  hosted::Frame frame;
  hosted::Texts t;
  http::Cookies cookies;
  std::string request_origin;
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

asio::awaitable<void> authenticate_staff(StaffService& service, asio::thread_pool& db_pool, http::RequestContext& ctx) {
  std::string token = bearer(ctx.req);
  if (token.empty()) {
    const auto cookies = http::parse_cookies(ctx.req);
    token = cookies.get(std::string(kStaffCookie), "");
    const bool safe = ctx.req.method() == http::Verb::get || ctx.req.method() == http::Verb::head;
    if (!token.empty() && !safe && ctx.req.find("X-Requested-With") == ctx.req.end()) co_return;
  }
  if (token.empty()) co_return;
  auto who = co_await db::offload(db_pool, [&] { return service.authenticate(token); });
  if (!who) co_return;
  ctx.staff = http::StaffPrincipal{who->account.id,        who->account.email, http_role(who->account.role),
                                   who->account.tenant_id, who->session_id,    who->session_expires_at};
}

std::vector<http::Route> staff_routes(const RouteDeps& deps) {
  auto login = [&deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto body = http::read_body<LoginBody>(ctx);
    const Attempt attempt{device_of(ctx), ctx.request_id, "POST /backend/admin/login"};
    auto signed_in = co_await db::offload(deps.db_pool, [&] {
      return deps.service.login(tenant_id, body.email.value, body.password.value, body.totp.value, ctx.client_address,
                                attempt);
    });
    auto s = value_or_throw(std::move(signed_in));
    StaffSessionDto dto{s.session.token, s.session.expires_at,
                        me_dto(s.account, tenant_name_of(deps, s.account.tenant_id), tenants_of(deps, s.account),
                               s.session.expires_at)};
    auto res = http::no_store(http::data_response(ctx, json::value_from(dto)));
    res.set(field::set_cookie, staff_cookie(ctx, s.session.token, std::chrono::hours(8)));
    res.insert(field::set_cookie, device_cookie(ctx, s.device_cookie));
    co_return res;
  };
  auto forgot = [&deps](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    auto body = http::read_body<ForgotBody>(ctx);
    ResetRequest r;
    r.tenant_id = tenant.id;
    r.email = body.email.value;
    r.base_url = http::mail_origin(tenant);
    r.site = tenant.site_name();
    r.language = tenant.default_locale;
    r.client_address = ctx.client_address;
    r.request_id = ctx.request_id;
    auto done = co_await db::offload(deps.db_pool, [&] { return deps.service.request_password_reset(r); });
    if (!done) throw http::ErrorException(http_error(done.error()));
    co_return http::no_store(
        http::data_response(ctx, json::value_from(ResetAskedDto{}), http::Status::accepted));
  };
  auto reset = [&deps](http::RequestContext& ctx) -> Awaitable {
    auto body = http::read_body<ResetBody>(ctx);
    auto done = co_await db::offload(deps.db_pool, [&] {
      return deps.service.reset_password(body.token.value, body.password.value, ctx.client_address, ctx.request_id);
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(member_dto(value_or_throw(std::move(done))))));
  };
  auto reinvite = [&deps](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    const std::string id(ctx.param("id"));
    const Actor actor = actor_of(ctx);
    const Mailing mailing{http::mail_origin(tenant), tenant.site_name(), tenant.id};
    auto sent = co_await db::offload(deps.db_pool, [&] { return deps.service.reinvite(actor, tenant.id, id, mailing); });
    auto inv = value_or_throw(std::move(sent));
    co_return http::no_store(http::data_response(
        ctx, json::value_from(InvitationSentDto{member_dto(inv.account), inv.expires_at, inv.mailed}),
        http::Status::created));
  };
  auto logout = [&deps](http::RequestContext& ctx) -> Awaitable {
    const std::string session = ctx.staff->session_id;
    co_await db::offload(deps.db_pool, [&] { deps.service.logout(session); });
    auto res = http::no_store(http::data_response(ctx, json::value_from(SignedOutDto{})));
    res.set(field::set_cookie, staff_cookie(ctx, "", {}));
    co_return res;
  };
  auto me = [&deps](http::RequestContext& ctx) -> asio::awaitable<http::Response> {
    Account account;  // as authenticated for this call
    account.id = ctx.staff->id;
    account.email = ctx.staff->email;
    account.role = parse_role(http::staff_role_name(ctx.staff->role)).value_or(Role::support);
    account.tenant_id = ctx.staff->tenant_id;
    co_return http::no_store(http::data_response(
        ctx, json::value_from(me_dto(account, tenant_name_of(deps, account.tenant_id), tenants_of(deps, account),
                                     ctx.staff->session_expires_at))));
  };
  auto list = [&deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto members = co_await db::offload(deps.db_pool, [&] { return deps.service.members(tenant_id); });
    StaffListDto dto;
    for (const auto& m : members) dto.items.push_back(member_dto(m));
    co_return http::no_store(http::data_response(ctx, json::value_from(dto)));
  };
  auto invite = [&deps](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    auto body = http::read_body<InviteBody>(ctx);
    InviteInput in;
    in.tenant_id = tenant.id;
    in.email = body.email.value;
    in.role = body.role.value;
    in.language = body.language ? body.language->value : tenant.default_locale;
    in.base_url = http::mail_origin(tenant);
    in.site = tenant.site_name();
    in.mail_tenant = tenant.id;
    const Actor actor = actor_of(ctx);
    auto sent = co_await db::offload(deps.db_pool, [&] { return deps.service.invite(actor, in); });
    auto inv = value_or_throw(std::move(sent));
    co_return http::no_store(http::data_response(
        ctx, json::value_from(InvitationSentDto{member_dto(inv.account), inv.expires_at, inv.mailed}),
        http::Status::created));
  };
  auto change_role = [&deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto body = http::read_body<RoleBody>(ctx);
    const std::string id(ctx.param("id"));
    const Actor actor = actor_of(ctx);
    auto changed =
        co_await db::offload(deps.db_pool, [&] { return deps.service.change_role(actor, tenant_id, id, body.role.value); });
    co_return http::no_store(http::data_response(ctx, json::value_from(member_dto(value_or_throw(std::move(changed))))));
  };
  auto set_status = [&deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto body = http::read_body<StatusBody>(ctx);
    const std::string id(ctx.param("id"));
    const Actor actor = actor_of(ctx);
    auto changed =
        co_await db::offload(deps.db_pool, [&] { return deps.service.set_status(actor, tenant_id, id, body.status.value); });
    co_return http::no_store(http::data_response(ctx, json::value_from(member_dto(value_or_throw(std::move(changed))))));
  };
  auto take_back = [&deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    const Actor actor = actor_of(ctx);
    auto removed = co_await db::offload(deps.db_pool, [&] { return deps.service.revoke_invitation(actor, tenant_id, id); });
    co_return http::no_store(http::data_response(ctx, json::value_from(member_dto(value_or_throw(std::move(removed))))));
  };
  auto revoke = [&deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    const Actor actor = actor_of(ctx);
    auto n = co_await db::offload(deps.db_pool, [&] { return deps.service.revoke_sessions(actor, tenant_id, id); });
    co_return http::no_store(http::data_response(ctx, json::value_from(RevokedDto{value_or_throw(std::move(n))})));
  };
  auto invitation = [&deps](http::RequestContext& ctx) -> Awaitable {
    const std::string token = ctx.query("token").value_or("");
    auto view = co_await db::offload(deps.db_pool, [&] { return deps.service.invitation(token, "portal"); });
    auto v = value_or_throw(std::move(view));
    co_return http::no_store(http::data_response(ctx, json::value_from(invitation_dto(v, tenant_name_of(deps, v.account.tenant_id)))));
  };
  auto accept = [&deps](http::RequestContext& ctx) -> Awaitable {
    auto body = http::read_body<AcceptBody>(ctx);
    auto done = co_await db::offload(deps.db_pool, [&] {
      return deps.service.accept(body.token.value, body.password.value, body.totp.value, ctx.client_address,
                                 ctx.request_id);
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(member_dto(value_or_throw(std::move(done))))));
  };
  auto audit_list = [&deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    audit::RawFilter raw{ctx.query("actor"), ctx.query("action"), ctx.query("objectType"), ctx.query("objectId"),
                         ctx.query("from"),  ctx.query("to"),     ctx.query("page"),       ctx.query("size")};
    const auto filter = value_or_throw(audit::validate_filter(raw));
    const auto accept_header = ctx.req.find(field::accept);
    const bool csv = ctx.query("format").value_or("") == "csv" ||
                     (accept_header != ctx.req.end() && accept_header->value().find("text/csv") != std::string_view::npos);
    if (csv) {
      auto text = co_await db::offload(deps.db_pool, [&] { return deps.audit.csv(tenant_id, filter); });
      http::Response res{http::Status::ok, ctx.req.version()};
      res.set(field::content_type, "text/csv; charset=utf-8");
      res.set(field::content_disposition, "attachment; filename=\"audit-" + ctx.require_tenant().name + ".csv\"");
      res.set(field::cache_control, "no-store");
      res.body() = std::move(text);
      res.prepare_payload();
      co_return res;
    }
    auto page = co_await db::offload(deps.db_pool, [&] { return deps.audit.list(tenant_id, filter); });
    co_return http::no_store(http::data_response(ctx, json::value_from(audit_page_dto(page))));
  };

  // The hosted page's form targets (the tenant in the path, as identity's forms).
  auto signin_form = [&deps](http::RequestContext& ctx) -> Awaitable {
    auto tenant = deps.tenant_by_name(ctx.param("tenant"));
    if (!tenant) throw http::ErrorException(http::Error::not_found("TENANT_NOT_FOUND", "Unknown tenant"));
    const Page p = page_for(deps, ctx, tenant);
    const auto form = hosted::parse_form(ctx.req);
    const std::string email = hosted::form_value(form, "email");
    if (!hosted::form_trusted(ctx, p.cookies, form, p.tenant->name, p.request_origin))
      co_return login_page(ctx, p, http::Status::forbidden, p.t("errors.formExpired"), email);
    const auto tenant_id = p.tenant->id;
    const Attempt attempt{device_of(ctx), ctx.request_id, "POST /backend/admin/signin/" + p.tenant->name};
    auto signed_in = co_await db::offload(deps.db_pool, [&] {
      return deps.service.login(tenant_id, email, hosted::form_value(form, "password"), hosted::form_value(form, "totp"),
                                ctx.client_address, attempt);
    });
    if (!signed_in) co_return login_page(ctx, p, status_of(signed_in.error()), error_text(signed_in.error(), p), email);
    // The console opens in the sign-in page's language (an invitation's link carries the member's): the console
    // keeps a link's ?lang= as its choice (issue 73 item 6: a member invited in Arabic landed on an English console).
    http::Response res{http::Status::see_other, ctx.req.version()};
    boost::urls::url console("/admin");
    console.params().set("lang", p.lang);
    res.set(field::location, std::string(console.buffer()));
    res.set(field::cache_control, "no-store");
    res.set(field::set_cookie, staff_cookie(ctx, signed_in->session.token, std::chrono::hours(8)));
    res.insert(field::set_cookie, device_cookie(ctx, signed_in->device_cookie));
    res.prepare_payload();
    co_return res;
  };
  auto forgot_form = [&deps](http::RequestContext& ctx) -> Awaitable {
    auto tenant = deps.tenant_by_name(ctx.param("tenant"));
    if (!tenant) throw http::ErrorException(http::Error::not_found("TENANT_NOT_FOUND", "Unknown tenant"));
    const Page p = page_for(deps, ctx, tenant);
    const auto form = hosted::parse_form(ctx.req);
    const std::string email = hosted::form_value(form, "email");
    if (!hosted::form_trusted(ctx, p.cookies, form, p.tenant->name, p.request_origin))
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
  auto reset_form = [&deps](http::RequestContext& ctx) -> Awaitable {
    auto tenant = deps.tenant_by_name(ctx.param("tenant"));
    if (!tenant) throw http::ErrorException(http::Error::not_found("TENANT_NOT_FOUND", "Unknown tenant"));
    const Page p = page_for(deps, ctx, tenant);
    const auto form = hosted::parse_form(ctx.req);
    const std::string token = hosted::form_value(form, "reset");
    if (!hosted::form_trusted(ctx, p.cookies, form, p.tenant->name, p.request_origin))
      co_return reset_page(ctx, p, http::Status::forbidden, token, p.t("errors.formExpired"));
    const std::string password = hosted::form_value(form, "password");
    if (password != hosted::form_value(form, "password2"))
      co_return reset_page(ctx, p, http::Status::bad_request, token, p.t("staff.errors.passwordMismatch"));
    auto done = co_await db::offload(deps.db_pool, [&] {
      return deps.service.reset_password(token, password, ctx.client_address, ctx.request_id);
    });
    if (!done && done.error().code == ErrorCode::reset_invalid)
      co_return message_page(ctx, p, http::Status::not_found, p.t("staff.errors.resetTitle"), p.t("staff.errors.reset"));
    if (!done) co_return reset_page(ctx, p, status_of(done.error()), token, error_text(done.error(), p));
    co_return message_page(ctx, p, http::Status::ok, p.t("staff.resetDoneTitle"), p.t("staff.resetDone"));
  };
  auto enrol_form = [&deps](http::RequestContext& ctx) -> Awaitable {
    auto tenant = deps.tenant_by_name(ctx.param("tenant"));
    if (!tenant) throw http::ErrorException(http::Error::not_found("TENANT_NOT_FOUND", "Unknown tenant"));
    const Page p = page_for(deps, ctx, tenant);
    const auto form = hosted::parse_form(ctx.req);
    const std::string token = hosted::form_value(form, "invitation");
    const std::string issuer = p.frame.site;
    auto view = co_await db::offload(deps.db_pool, [&] { return deps.service.invitation(token, issuer); });
    if (!view)
      co_return message_page(ctx, p, http::Status::not_found, p.t("staff.errors.invitationTitle"),
                             p.t("staff.errors.invitation"));
    if (!hosted::form_trusted(ctx, p.cookies, form, p.tenant->name, p.request_origin))
      co_return enrol_page(ctx, p, http::Status::forbidden, *view, token, p.t("errors.formExpired"));
    const std::string password = hosted::form_value(form, "password");
    if (password != hosted::form_value(form, "password2"))
      co_return enrol_page(ctx, p, http::Status::bad_request, *view, token, p.t("staff.errors.passwordMismatch"));
    auto done = co_await db::offload(deps.db_pool, [&] {
      return deps.service.accept(token, password, hosted::form_value(form, "totp"), ctx.client_address, ctx.request_id);
    });
    if (!done) co_return enrol_page(ctx, p, status_of(done.error()), *view, token, error_text(done.error(), p));
    co_return message_page(ctx, p, http::Status::ok, p.t("staff.enrolledTitle"), p.t("staff.enrolled"));
  };

  using http::schema_of;
  using http::Access;
  using http::StaffRole;
  using http::TenantFrom;
  using http::Verb;
  auto staff = [](Verb verb, std::string pattern, http::Handler handler, StaffRole role) {
    return http::staff_route(verb, std::move(pattern), std::move(handler), role);
  };
  auto open = [](Verb verb, std::string pattern, http::Handler handler, TenantFrom tenant) {
    return http::Route{.verb = verb,
                       .pattern = std::move(pattern),
                       .handler = std::move(handler),
                       .tenant = tenant,
                       .access = Access::staff_open,
                       .idempotency = http::Idempotency::none,
                       .doc = {},
                       .staff_role = StaffRole::any};
  };
  return http::with_docs(
      {
          open(Verb::post, "/backend/admin/login", login, TenantFrom::header),
          open(Verb::post, "/backend/admin/password/forgot", forgot, TenantFrom::header),
          open(Verb::post, "/backend/admin/password/reset", reset, TenantFrom::none),
          staff(Verb::post, "/backend/admin/logout", logout, StaffRole::any),
          staff(Verb::get, "/backend/admin/me", me, StaffRole::any),
          staff(Verb::get, "/backend/admin/staff", list, StaffRole::admin),
          staff(Verb::post, "/backend/admin/staff", invite, StaffRole::admin),
          staff(Verb::put, "/backend/admin/staff/{id}/role", change_role, StaffRole::admin),
          staff(Verb::delete_, "/backend/admin/staff/{id}/sessions", revoke, StaffRole::admin),
          staff(Verb::post, "/backend/admin/staff/{id}/invitation", reinvite, StaffRole::admin),
          staff(Verb::delete_, "/backend/admin/staff/{id}/invitation", take_back, StaffRole::admin),
          staff(Verb::put, "/backend/admin/staff/{id}/status", set_status, StaffRole::admin),
          staff(Verb::get, "/backend/admin/audit", audit_list, StaffRole::admin),
          open(Verb::get, "/backend/admin/invitation", invitation, TenantFrom::none),
          open(Verb::post, "/backend/admin/invitation/accept", accept, TenantFrom::none),
          open(Verb::post, "/backend/admin/signin/{tenant}", signin_form, TenantFrom::none),
          open(Verb::post, "/backend/admin/enrol/{tenant}", enrol_form, TenantFrom::none),
          open(Verb::post, "/backend/admin/forgot/{tenant}", forgot_form, TenantFrom::none),
          open(Verb::post, "/backend/admin/reset/{tenant}", reset_form, TenantFrom::none),
      },
      {
          {"POST /backend/admin/login",
           {"Staff sign-in: e-mail, password and the authenticator's current code. A member of the X-Tenant-ID "
            "tenant, else a platform administrator. Answers the token and sets it as the portal_staff cookie, and "
            "the portal_staff_device cookie that makes this browser a known device of the member. An unknown "
            "e-mail is answered as a known one. Five failures for an e-mail in 15 minutes refuse further attempts "
            "(429) for the rest of the window, except from the member's known devices. A code is good once: a "
            "right password with a spent code answers 401 TOTP_REUSED and counts as no failure",
            "staff", schema_of<LoginBody>, schema_of<StaffSessionDto>,
            {"401 INVALID_CREDENTIALS", "401 TOTP_REUSED", "429 TOO_MANY_ATTEMPTS"}}},
          {"POST /backend/admin/password/forgot",
           {"Ask for a password-reset mail: an active member of the X-Tenant-ID tenant (or a platform "
            "administrator) with this e-mail gets a link valid for 30 minutes, once. Answers 202 whether the e-mail "
            "is a member's or not; 429 past 3 requests per e-mail or 10 per address in an hour",
            "staff", schema_of<ForgotBody>, schema_of<ResetAskedDto>, {"429 TOO_MANY_REQUESTS"}}},
          {"POST /backend/admin/password/reset",
           {"Use a reset link: the new password (the authenticator stays); every session of the member ends",
            "staff", schema_of<ResetBody>, schema_of<StaffMemberDto>, {"404 RESET_INVALID"}}},
          {"POST /backend/admin/logout",
           {"End the caller's staff session (and clear the cookie)", "staff", {}, schema_of<SignedOutDto>, {}, {},
            true}},
          {"GET /backend/admin/me",
           {"The signed-in member: role, tenant and the tenants it may act on", "staff", {}, schema_of<StaffMeDto>, {}}},
          {"GET /backend/admin/staff", {"The tenant's staff", "staff", {}, schema_of<StaffListDto>, {}}},
          {"POST /backend/admin/staff",
           {"Invite a member: the invitation link is mailed; the account is active once the member chose a password "
            "and enrolled an authenticator. An admin grants roles below owner; an owner any tenant role",
            "staff", schema_of<InviteBody>, schema_of<InvitationSentDto>, {"403 ROLE_NOT_ALLOWED", "409 STAFF_EXISTS"}}},
          {"PUT /backend/admin/staff/{id}/role",
           {"Change a member's role (not one's own); takes effect on the member's next call", "staff",
            schema_of<RoleBody>, schema_of<StaffMemberDto>,
            {"403 ROLE_NOT_ALLOWED", "404 STAFF_NOT_FOUND", "409 OWN_ROLE"}}},
          {"DELETE /backend/admin/staff/{id}/sessions",
           {"Sign a member out everywhere: every live session of the member ends", "staff", {}, schema_of<RevokedDto>,
            {"403 ROLE_NOT_ALLOWED", "404 STAFF_NOT_FOUND"}}},
          {"POST /backend/admin/staff/{id}/invitation",
           {"Re-invite a member (invited or active): a new invitation link and authenticator secret are mailed and "
            "earlier links stop working; an active member stays active with the old password and authenticator "
            "until the new link is used, which ends the member's sessions",
            "staff", {}, schema_of<InvitationSentDto>, {"403 ROLE_NOT_ALLOWED", "404 STAFF_NOT_FOUND"}}},
          {"DELETE /backend/admin/staff/{id}/invitation",
           {"Take back the invitation of a member who never enrolled: the member is removed and the link stops working "
            "(a member who enrolled is deactivated instead). Audited",
            "staff", {}, schema_of<StaffMemberDto>, {"400 VALIDATION_ERROR", "403 ROLE_NOT_ALLOWED", "404 STAFF_NOT_FOUND"}}},
          {"PUT /backend/admin/staff/{id}/status",
           {"Deactivate (disabled: no sign-in, every session ended, open invitation links void) or reactivate (active) "
            "a member, not oneself. Audited",
            "staff", schema_of<StatusBody>, schema_of<StaffMemberDto>,
            {"400 VALIDATION_ERROR", "403 ROLE_NOT_ALLOWED", "404 STAFF_NOT_FOUND", "409 OWN_ROLE"}}},
          {"GET /backend/admin/audit",
           {"The tenant's audit log, newest first, filtered and paged; ?format=csv (or Accept: text/csv) exports up "
            "to 10000 matching entries as CSV",
            "staff", {}, schema_of<AuditPageDto>, {},
            {{"actor", "An actor's account id or e-mail"},
             {"action", "e.g. staff.invite, staff.reinvite, staff.role, staff.revokeSessions, staff.accept, "
                        "staff.signIn, staff.signInFailed, staff.locked, staff.passwordResetAsked, "
                        "staff.passwordReset, tenant.create"},
             {"objectType", "e.g. staff, tenant"},
             {"objectId", "The object's id"},
             {"from", "From this date (YYYY-MM-DD) or UTC time (YYYY-MM-DDTHH:MM:SSZ), inclusive"},
             {"to", "Up to this date (the whole day) or UTC time, inclusive"},
             {"page", "1-based page (default 1)", "integer"},
             {"size", "Entries per page, 1 to 200 (default 50)", "integer"},
             {"format", "csv: the export as text/csv"}},
            false, false, "text/csv"}},
          {"GET /backend/admin/invitation",
           {"An open invitation: the e-mail, the role and the TOTP secret to enrol", "staff", {},
            schema_of<InvitationDto>, {"404 INVITATION_INVALID"}, {{"token", "The invitation link's token", "string", true}}}},
          {"POST /backend/admin/invitation/accept",
           {"Accept an invitation: choose the password and prove the enrolled authenticator with a current code",
            "staff", schema_of<AcceptBody>, schema_of<StaffMemberDto>, {"404 INVITATION_INVALID"}}},
          {"POST /backend/admin/signin/{tenant}",
           {"The /admin/login form's target: signs in, sets the portal_staff cookie and answers 303 to /admin",
            "staff", {}, {}, {}}},
          {"POST /backend/admin/enrol/{tenant}",
           {"The invitation form's target (/admin/login?invitation=...): password and the first code", "staff", {}, {},
            {}}},
          {"POST /backend/admin/forgot/{tenant}",
           {"The reset request form's target (/admin/login?forgot=1): the same page whether the e-mail is a "
            "member's or not", "staff", {}, {}, {}}},
          {"POST /backend/admin/reset/{tenant}",
           {"The reset form's target (/admin/login?reset=...): the new password twice", "staff", {}, {}, {}}},
      });
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
