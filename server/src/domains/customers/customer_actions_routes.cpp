#include "domains/customers/customer_actions_routes.hpp"

#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/customers/customer_actions_answers.hpp"
#include "domains/customers/customer_actions_dto.hpp"
#include "domains/hosted/hosted_frame.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/identity/identity_answers.hpp"
#include "domains/identity/identity_service.hpp"
#include "domains/parental_control/parental_control_answers.hpp"
#include "domains/parental_control/parental_control_service.hpp"
#include "domains/purchases/purchases_answers.hpp"
#include "domains/purchases/purchases_service.hpp"
#include "domains/subscriptions/subscriptions_answers.hpp"
#include "domains/subscriptions/subscriptions_service.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "domains/vouchers/vouchers_answers.hpp"
#include "domains/vouchers/vouchers_service.hpp"
#include "http/body.hpp"
#include "http/html_shell.hpp"
#include "http/openapi.hpp"
#include "http/origin.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::customers {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

// One audit entry of an action on the customer: who, the call, what it did (after) and why.
audit::Entry audit_entry(const http::RequestContext& ctx, std::int64_t tenant_id, const std::string& user_uuid,
                         std::string action, json::object after, const std::string& reason,
                         json::value before = nullptr) {
  auto e = audit::staff_entry(ctx, tenant_id, std::move(action), "customer", user_uuid);
  after["reason"] = reason;
  e.before = std::move(before);
  e.after = std::move(after);
  return e;
}

CareSubscriptionDto subscription_dto(const subscriptions::UserSubscription& s) {
  CareSubscriptionDto d;
  d.id = s.id;
  d.typeId = s.type_id;
  d.status = std::string(subscriptions::to_string(s.status.state));
  d.cancelRequested = s.status.cancel_requested;
  d.endsAt = s.end_date;
  d.nextRenewalAt = s.next_renewal_date;
  return d;
}

CarePurchaseDto purchase_dto(const purchases::Purchase& p) {
  return {p.id, p.article_id, p.status, p.amount.amount, p.amount.currency};
}

std::string tenant_currency(const tenants::Tenant& t) {
  if (const auto* c = t.settings.if_contains("currency"); c && c->is_string() && !c->as_string().empty())
    return std::string(c->as_string());
  return "EUR";
}

// The customer's language for mails: their choice, else the tenant's default.
std::string mail_lang(const identity::User& u, const tenants::Tenant& t) {
  if (u.selected_lang && !u.selected_lang->empty()) return *u.selected_lang;
  return t.default_locale.empty() ? "en" : t.default_locale;
}

}  // namespace

std::vector<http::Route> customer_actions_routes(const CustomerActionsRouteDeps& deps) {
  // The customer of the path in the request's tenant (404 CUSTOMER_NOT_FOUND otherwise).
  auto customer_of = [deps](http::RequestContext& ctx) -> asio::awaitable<identity::User> {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string uuid(ctx.param("userId"));
    co_return co_await db::offload(deps.db_pool,
                                   [&] { return value_or_throw(deps.actions.customer(tenant_id, uuid)); });
  };

  auto cancel = [deps, customer_of](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto body = http::read_body<CancelBody>(ctx);
    const auto when = value_or_throw(CustomerActions::when(body.when));
    const auto reason = value_or_throw(CustomerActions::reason(body.reason, true));
    const auto user = co_await customer_of(ctx);
    const std::string id(ctx.param("id"));
    auto change = co_await db::offload(deps.db_pool, [&] {
      return subscriptions::value_or_throw(deps.subscriptions.care().cancel(
          tenant_id, user.uuid, id, when, reason, "support", [&](db::Session& s, const subscriptions::StaffChange& c) {
            audit::AuditRepository::append(
                s, audit_entry(ctx, tenant_id, user.uuid, "customers.cancel",
                               {{"subscription", json::value_from(subscription_dto(c.after))},
                                {"when", body.when}},
                               reason, json::value_from(subscription_dto(c.before))));
          }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(subscription_dto(change.after))));
  };

  auto comp = [deps, customer_of](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto body = http::read_body<CompBody>(ctx);
    const auto days = value_or_throw(CustomerActions::days(body.days));
    const auto reason = value_or_throw(CustomerActions::reason(body.reason, true));
    const auto user = co_await customer_of(ctx);
    const std::string id(ctx.param("id"));
    auto change = co_await db::offload(deps.db_pool, [&] {
      return subscriptions::value_or_throw(deps.subscriptions.care().comp(
          tenant_id, user.uuid, id, days, reason, "support", [&](db::Session& s, const subscriptions::StaffChange& c) {
            audit::AuditRepository::append(
                s, audit_entry(ctx, tenant_id, user.uuid, "customers.comp",
                               {{"subscription", json::value_from(subscription_dto(c.after))}, {"days", days}},
                               reason, json::value_from(subscription_dto(c.before))));
          },
          {ctx.staff->id, http::staff_role_allows(ctx.staff->role, http::StaffRole::admin)}));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(subscription_dto(change.after))));
  };

  auto grant = [deps, customer_of](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    const auto tenant_id = tenant.id;
    const auto body = http::read_body<GrantBody>(ctx);
    const auto article_id = value_or_throw(CustomerActions::article_id(body.articleId));
    const auto reason = value_or_throw(CustomerActions::reason(body.reason, true));
    const auto user = co_await customer_of(ctx);
    const std::string currency = tenant_currency(tenant);
    auto granted = co_await db::offload(deps.db_pool, [&] {
      return purchases::value_or_throw(
          deps.purchases.grant(tenant_id, user.uuid, article_id, currency, [&](db::Session& s, const purchases::Purchase& p) {
            audit::AuditRepository::append(
                s, audit_entry(ctx, tenant_id, user.uuid, "customers.grant",
                               {{"purchase", json::value_from(purchase_dto(p))}}, reason));
          }));
    });
    co_return http::no_store(
        http::data_response(ctx, json::value_from(purchase_dto(granted)), http::Status::created));
  };

  auto revoke = [deps, customer_of](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    // DELETE may come without a body; POST .../revoke carries the reason.
    std::optional<std::string> given;
    if (!ctx.req.body().empty()) given = http::read_body<ReasonBody>(ctx).reason;
    const auto reason = value_or_throw(CustomerActions::reason(given, false));
    const auto user = co_await customer_of(ctx);
    const std::string id(ctx.param("id"));
    auto revoked = co_await db::offload(deps.db_pool, [&] {
      return purchases::value_or_throw(
          deps.purchases.revoke(tenant_id, user.uuid, id, [&](db::Session& s, const purchases::Purchase& p) {
            audit::AuditRepository::append(
                s, audit_entry(ctx, tenant_id, user.uuid, "customers.revoke",
                               {{"purchase", json::value_from(purchase_dto(p))}}, reason));
          }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(purchase_dto(revoked))));
  };

  auto resend = [deps, customer_of](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    std::optional<std::string> given;
    if (!ctx.req.body().empty()) given = http::read_body<ReasonBody>(ctx).reason;
    const auto reason = value_or_throw(CustomerActions::reason(given, false));
    const auto user = co_await customer_of(ctx);
    const std::string id(ctx.param("id"));
    auto resent = co_await db::offload(deps.db_pool, [&] {
      return vouchers::value_or_throw(
          deps.vouchers.resend_order(tenant_id, user.uuid, id, [&](db::Session& s, std::int64_t codes) {
            audit::AuditRepository::append(s, audit_entry(ctx, tenant_id, user.uuid, "customers.resendVouchers",
                                                          {{"orderId", id}, {"codes", codes}}, reason));
          }));
    });
    co_return http::no_store(
        http::data_response(ctx, json::value_from(VoucherCodesResentDto{id, resent.codes, resent.mailed_to})));
  };

  auto end_sessions = [deps, customer_of](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    std::optional<std::string> given;
    if (!ctx.req.body().empty()) given = http::read_body<ReasonBody>(ctx).reason;
    const auto reason = value_or_throw(CustomerActions::reason(given, false));
    const auto user = co_await customer_of(ctx);
    auto ended = co_await db::offload(deps.db_pool, [&] {
      return identity::value_or_throw(deps.identity.end_sessions(tenant_id, user.uuid, [&](db::Session& s) {
        audit::AuditRepository::append(s, audit_entry(ctx, tenant_id, user.uuid, "customers.endSessions", {}, reason));
      }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(SessionsEndedDto{ended})));
  };

  auto lift_lock = [deps, customer_of](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    std::optional<std::string> given;
    if (!ctx.req.body().empty()) given = http::read_body<ReasonBody>(ctx).reason;
    const auto reason = value_or_throw(CustomerActions::reason(given, false));
    const auto user = co_await customer_of(ctx);
    auto cleared = co_await db::offload(deps.db_pool, [&] {
      return identity::value_or_throw(deps.identity.lift_sign_in_lock(tenant_id, user.uuid, [&](db::Session& s) {
        audit::AuditRepository::append(
            s, audit_entry(ctx, tenant_id, user.uuid, "customers.liftSignInLock", {}, reason));
      }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(SignInLockLiftedDto{cleared})));
  };

  // The mails: the flows write their rows (reset session, outbox) and the audit entry follows in a
  // transaction of its own (a mail is not rolled back).
  auto append_after = [deps](http::RequestContext& ctx, std::int64_t tenant_id, const std::string& user_uuid,
                             std::string action, json::object after, const std::string& reason) {
    auto entry = audit_entry(ctx, tenant_id, user_uuid, std::move(action), std::move(after), reason);
    return db::offload(deps.db_pool, [&deps, entry = std::move(entry)] {
      deps.actions.audit(entry);
    });
  };

  auto password_reset = [deps, customer_of, append_after](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    const auto tenant_id = tenant.id;
    std::optional<std::string> given;
    if (!ctx.req.body().empty()) given = http::read_body<ReasonBody>(ctx).reason;
    const auto reason = value_or_throw(CustomerActions::reason(given, false));
    const auto user = co_await customer_of(ctx);
    const std::string lang = mail_lang(user, tenant);
    // The link goes to the tenant's public origin (never one the request names), in the customer's language.
    const std::string link = http::mail_origin(tenant) + http::localized_path(lang == "en" ? "" : lang, "/resetpassword");
    const auto t = hosted::texts_for(deps.i18n, lang, tenant.site_name());
    const identity::MailText text{t("resetMail.subject"), t("resetMail.body"), lang};
    auto sent = co_await db::offload(deps.db_pool, [&] {
      return identity::value_or_throw(deps.identity.send_password_reset(tenant_id, user.uuid, link, text));
    });
    co_await append_after(ctx, tenant_id, user.uuid, "customers.passwordReset", {}, reason);
    co_return http::no_store(http::data_response(ctx, json::value_from(ResetMailSentDto{vouchers::masked(sent)})));
  };

  auto parental_reset = [deps, customer_of, append_after](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    const auto tenant_id = tenant.id;
    std::optional<std::string> given;
    if (!ctx.req.body().empty()) given = http::read_body<ReasonBody>(ctx).reason;
    const auto reason = value_or_throw(CustomerActions::reason(given, false));
    const auto user = co_await customer_of(ctx);
    const std::string lang = mail_lang(user, tenant);
    const parental_control::ResetMailText text{deps.i18n.text(lang, "parentalControl.mail.subject").value_or(""),
                                               deps.i18n.text(lang, "parentalControl.mail.body").value_or("")};
    auto sent = co_await db::offload(deps.db_pool, [&] {
      return parental_control::value_or_throw(deps.parental.send_reset_code(tenant_id, user.uuid, text));
    });
    co_await append_after(ctx, tenant_id, user.uuid, "customers.parentalReset", {}, reason);
    co_return http::no_store(http::data_response(ctx, json::value_from(ResetMailSentDto{sent.recipient})));
  };

  using http::StaffRole;
  using http::Verb;
  auto support = [](Verb verb, std::string pattern, http::Handler handler) {
    return http::staff_route(verb, "/backend/admin/customers/{userId}" + std::move(pattern), std::move(handler),
                             StaffRole::support);
  };
  const std::string base = "POST /backend/admin/customers/{userId}";
  const std::string nf = "404 CUSTOMER_NOT_FOUND";
  return http::with_docs(
      {support(Verb::post, "/subscriptions/{id}/cancel", cancel), support(Verb::post, "/subscriptions/{id}/comp", comp),
       support(Verb::post, "/articles", grant), support(Verb::delete_, "/purchases/{id}", revoke),
       support(Verb::post, "/purchases/{id}/revoke", revoke),
       support(Verb::post, "/voucher-orders/{id}/resend", resend), support(Verb::post, "/sessions/end", end_sessions),
       support(Verb::post, "/sign-in-lock/lift", lift_lock), support(Verb::post, "/password-reset", password_reset),
       support(Verb::post, "/parental-reset", parental_reset)},
      {{base + "/subscriptions/{id}/cancel",
        {"Cancel the customer's subscription now (it ends at once) or at the period's end (not renewed); a "
         "subscription_events entry; audited with the reason",
         "customers", http::schema_of<CancelBody>, http::schema_of<CareSubscriptionDto>,
         {"400 VALIDATION_ERROR", nf, "404 NO_SUBSCRIPTION_FOUND", "409 SUBSCRIPTION_NOT_ACTIVE",
          "409 CONCURRENT_UPDATE"}}},
       {base + "/subscriptions/{id}/comp",
        {"Comp free days (1 to 366): the end and the next renewal move later; a subscription_events entry; audited. "
         "Support gives at most 31 days per subscription in any 30 days (403 COMP_LIMIT_REACHED with data.daysLeft); "
         "an admin, owner or platform administrator is not capped",
         "customers", http::schema_of<CompBody>, http::schema_of<CareSubscriptionDto>,
         {"400 VALIDATION_ERROR", "403 COMP_LIMIT_REACHED", nf, "404 NO_SUBSCRIPTION_FOUND",
          "409 SUBSCRIPTION_NOT_ACTIVE", "409 CONCURRENT_UPDATE"}}},
       {base + "/articles",
        {"Grant an article: a paid purchase of amount 0 puts it (a collection with its members) in the wallet; "
         "audited",
         "customers", http::schema_of<GrantBody>, http::schema_of<CarePurchaseDto>,
         {"400 VALIDATION_ERROR", nf, "404 ARTICLE_NOT_FOUND", "409 ALREADY_OWNED"}}},
       {"DELETE /backend/admin/customers/{userId}/purchases/{id}",
        {"Revoke a paid purchase: its articles leave the wallet and it is cancelled; audited (no body: POST "
         ".../revoke carries a reason)",
         "customers", {}, http::schema_of<CarePurchaseDto>,
         {"400 VALIDATION_ERROR", nf, "404 PURCHASE_NOT_FOUND", "410 PURCHASE_CLOSED"}}},
       {base + "/purchases/{id}/revoke",
        {"Revoke a paid purchase (as DELETE .../purchases/{id}, with a reason); audited", "customers",
         http::schema_of<ReasonBody>, http::schema_of<CarePurchaseDto>,
         {"400 VALIDATION_ERROR", nf, "404 PURCHASE_NOT_FOUND", "410 PURCHASE_CLOSED"}}},
       {base + "/voucher-orders/{id}/resend",
        {"Resend a voucher order's codes: its live codes are replaced by new ones mailed to the customer's "
         "address through the outbox; audited",
         "customers", http::schema_of<ReasonBody>, http::schema_of<VoucherCodesResentDto>,
         {"400 VALIDATION_ERROR", nf, "404 ORDER_NOT_FOUND", "404 VOUCHER_NOT_FOUND"}}},
       {base + "/sessions/end",
        {"End every session of the customer: their access and refresh tokens stop working; audited", "customers",
         http::schema_of<ReasonBody>, http::schema_of<SessionsEndedDto>, {"400 VALIDATION_ERROR", nf}}},
       {base + "/sign-in-lock/lift",
        {"Lift the sign-in lock: the failed sign-ins counted against the account are forgotten; audited",
         "customers", http::schema_of<ReasonBody>, http::schema_of<SignInLockLiftedDto>,
         {"400 VALIDATION_ERROR", nf}}},
       {base + "/password-reset",
        {"Mail a password-reset link to the customer's verified address (never one given here), the link on the "
         "tenant's configured origin; audited",
         "customers", http::schema_of<ReasonBody>, http::schema_of<ResetMailSentDto>,
         {"400 VALIDATION_ERROR", nf, "409 NO_EMAIL"}}},
       {base + "/parental-reset",
        {"Mail a parental-control reset code to the customer's verified address; audited", "customers",
         http::schema_of<ReasonBody>, http::schema_of<ResetMailSentDto>,
         {"400 VALIDATION_ERROR", nf, "404 PARENTAL_CONTROL_NOT_FOUND", "409 NO_EMAIL",
          "429 TOO_MANY_REQUESTS"}}}});
}

}  // namespace portal::customers
