#include "domains/staff/staff_routes.hpp"

#include <boost/json.hpp>

#include "core/text.hpp"
#include "db/blocking.hpp"
#include "domains/staff/staff_answers.hpp"
#include "domains/staff/staff_forms.hpp"
#include "http/cookies.hpp"
#include "http/handle.hpp"
#include "http/openapi.hpp"
#include "http/origin.hpp"
#include "http/schema.hpp"

namespace portal::staff {
namespace asio = boost::asio;
namespace json = boost::json;
using http::bhttp::field;

namespace {

using Awaitable = asio::awaitable<http::Response>;

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
  if (v.size() < 7 || !core::iequals(v.substr(0, 7), "Bearer ")) return {};
  v.remove_prefix(7);
  while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
  return std::string(v);
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

InvitationSentDto sent_dto(const Invitation& inv) {
  return {member_dto(inv.account), inv.expires_at, inv.mailed};
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
  using http::Call;
  using http::handle;
  auto& pool = deps.db_pool;
  const http::Answer created{.status = http::Status::created};

  // Sign-in and sign-out set the cookies besides the answer.
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
    auto res = http::answer_of(ctx, dto);
    res.set(field::set_cookie, staff_cookie(ctx, s.session.token, std::chrono::hours(8)));
    res.insert(field::set_cookie, device_cookie(ctx, s.device_cookie));
    co_return res;
  };
  auto logout = [&deps](http::RequestContext& ctx) -> Awaitable {
    const std::string session = ctx.staff->session_id;
    co_await db::offload(deps.db_pool, [&] { deps.service.logout(session); });
    auto res = http::answer_of(ctx, SignedOutDto{});
    res.set(field::set_cookie, staff_cookie(ctx, "", {}));
    co_return res;
  };
  auto me = [&deps](http::RequestContext& ctx) -> Awaitable {
    Account account;  // as authenticated for this call
    account.id = ctx.staff->id;
    account.email = ctx.staff->email;
    account.role = parse_role(http::staff_role_name(ctx.staff->role)).value_or(Role::support);
    account.tenant_id = ctx.staff->tenant_id;
    co_return http::answer_of(ctx, me_dto(account, tenant_name_of(deps, account.tenant_id), tenants_of(deps, account),
                                          ctx.staff->session_expires_at));
  };

  auto forgot = handle<ForgotBody>(pool, [&deps](const Call<ForgotBody>& c) {
    const auto& tenant = c.tenant();
    ResetRequest r;
    r.tenant_id = tenant.id;
    r.email = c.body.email.value;
    r.base_url = http::mail_origin(tenant);
    r.site = tenant.site_name();
    r.language = tenant.default_locale;
    r.client_address = c.ctx.client_address;
    r.request_id = c.ctx.request_id;
    value_or_throw(deps.service.request_password_reset(r));
    return ResetAskedDto{};
  }, http::Answer{.status = http::Status::accepted});
  auto reset = handle<ResetBody>(pool, [&deps](const Call<ResetBody>& c) {
    return deps.service.reset_password(c.body.token.value, c.body.password.value, c.ctx.client_address,
                                       c.ctx.request_id);
  }, member_dto);
  auto list = handle(pool, [&deps](const Call<http::NoBody>& c) {
    StaffListDto dto;
    for (const auto& m : deps.service.members(c.tenant().id)) dto.items.push_back(member_dto(m));
    return dto;
  });
  auto invite = handle<InviteBody>(pool, [&deps](const Call<InviteBody>& c) {
    const auto& tenant = c.tenant();
    InviteInput in;
    in.tenant_id = tenant.id;
    in.email = c.body.email.value;
    in.role = c.body.role.value;
    in.language = c.body.language ? c.body.language->value : tenant.default_locale;
    in.base_url = http::mail_origin(tenant);
    in.site = tenant.site_name();
    in.mail_tenant = tenant.id;
    return deps.service.invite(actor_of(c.ctx), in);
  }, sent_dto, created);
  auto reinvite = handle(pool, [&deps](const Call<http::NoBody>& c) {
    const auto& tenant = c.tenant();
    const Mailing mailing{http::mail_origin(tenant), tenant.site_name(), tenant.id};
    return deps.service.reinvite(actor_of(c.ctx), tenant.id, c.param("id"), mailing);
  }, sent_dto, created);
  auto change_role = handle<RoleBody>(pool, [&deps](const Call<RoleBody>& c) {
    return deps.service.change_role(actor_of(c.ctx), c.tenant().id, c.param("id"), c.body.role.value);
  }, member_dto);
  auto set_status = handle<StatusBody>(pool, [&deps](const Call<StatusBody>& c) {
    return deps.service.set_status(actor_of(c.ctx), c.tenant().id, c.param("id"), c.body.status.value);
  }, member_dto);
  auto take_back = handle(pool, [&deps](const Call<http::NoBody>& c) {
    return deps.service.revoke_invitation(actor_of(c.ctx), c.tenant().id, c.param("id"));
  }, member_dto);
  auto revoke = handle(pool, [&deps](const Call<http::NoBody>& c) {
    return RevokedDto{value_or_throw(deps.service.revoke_sessions(actor_of(c.ctx), c.tenant().id, c.param("id")))};
  });
  auto invitation = handle(pool, [&deps](const Call<http::NoBody>& c) {
    auto v = value_or_throw(deps.service.invitation(c.ctx.query("token").value_or(""), "portal"));
    return invitation_dto(v, tenant_name_of(deps, v.account.tenant_id));
  });
  auto accept = handle<AcceptBody>(pool, [&deps](const Call<AcceptBody>& c) {
    return deps.service.accept(c.body.token.value, c.body.password.value, c.body.totp.value, c.ctx.client_address,
                               c.ctx.request_id);
  }, member_dto);
  // The log as a page of JSON, or as CSV (?format=csv or Accept: text/csv).
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
    co_return http::answer_of(ctx, audit_page_dto(page));
  };
  // The hosted page's form targets (the tenant in the path, as identity's forms): staff_forms.cpp.
  auto signin_form = staff::signin_form(deps);
  auto forgot_form = staff::forgot_form(deps);
  auto reset_form = staff::reset_form(deps);
  auto enrol_form = staff::enrol_form(deps);

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

}  // namespace portal::staff
