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
#include "domains/tenants/tenant_currency.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "domains/vouchers/vouchers_answers.hpp"
#include "domains/vouchers/vouchers_service.hpp"
#include "http/handle.hpp"
#include "http/html_shell.hpp"
#include "http/openapi.hpp"
#include "http/origin.hpp"
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

// The customer of the path in the request's tenant (404 CUSTOMER_NOT_FOUND otherwise); on the pool.
identity::User customer_of(const CustomerActionsRouteDeps& deps, const http::RequestContext& ctx) {
  return value_or_throw(deps.actions.customer(ctx.require_tenant().id, std::string(ctx.param("userId"))));
}

// The reason of an action whose body is optional (a DELETE may come without).
std::string optional_reason(const std::optional<ReasonBody>& body) {
  return value_or_throw(CustomerActions::reason(body ? body->reason : std::nullopt, false));
}

// The customer's language for mails: their choice, else the tenant's default.
std::string mail_lang(const identity::User& u, const tenants::Tenant& t) {
  if (u.selected_lang && !u.selected_lang->empty()) return *u.selected_lang;
  return t.default_locale.empty() ? "en" : t.default_locale;
}

}  // namespace

std::vector<http::Route> customer_actions_routes(const CustomerActionsRouteDeps& deps) {
  using http::Call;
  using http::handle;
  using Reason = std::optional<ReasonBody>;
  auto& pool = deps.db_pool;

  auto cancel = handle<CancelBody>(pool, [deps](const Call<CancelBody>& c) {
    const auto tenant_id = c.tenant().id;
    const auto when = value_or_throw(CustomerActions::when(c.body.when));
    const auto reason = value_or_throw(CustomerActions::reason(c.body.reason, true));
    const auto user = customer_of(deps, c.ctx);
    auto change = subscriptions::value_or_throw(deps.subscriptions.care().cancel(
        tenant_id, user.uuid, c.param("id"), when, reason, "support",
        [&](db::Session& s, const subscriptions::StaffChange& ch) {
          audit::AuditRepository::append(
              s, audit_entry(c.ctx, tenant_id, user.uuid, "customers.cancel",
                             {{"subscription", json::value_from(subscription_dto(ch.after))}, {"when", c.body.when}},
                             reason, json::value_from(subscription_dto(ch.before))));
        }));
    return subscription_dto(change.after);
  });

  auto comp = handle<CompBody>(pool, [deps](const Call<CompBody>& c) {
    const auto tenant_id = c.tenant().id;
    const auto days = value_or_throw(CustomerActions::days(c.body.days));
    const auto reason = value_or_throw(CustomerActions::reason(c.body.reason, true));
    const auto user = customer_of(deps, c.ctx);
    const auto& staff = *c.ctx.staff;
    auto change = subscriptions::value_or_throw(deps.subscriptions.care().comp(
        tenant_id, user.uuid, c.param("id"), days, reason, "support",
        [&](db::Session& s, const subscriptions::StaffChange& ch) {
          audit::AuditRepository::append(
              s, audit_entry(c.ctx, tenant_id, user.uuid, "customers.comp",
                             {{"subscription", json::value_from(subscription_dto(ch.after))}, {"days", days}}, reason,
                             json::value_from(subscription_dto(ch.before))));
        },
        {staff.id, http::staff_role_allows(staff.role, http::StaffRole::admin)}));
    return subscription_dto(change.after);
  });

  auto grant = handle<GrantBody>(pool, [deps](const Call<GrantBody>& c) {
    const auto& tenant = c.tenant();
    const auto article_id = value_or_throw(CustomerActions::article_id(c.body.articleId));
    const auto reason = value_or_throw(CustomerActions::reason(c.body.reason, true));
    const auto user = customer_of(deps, c.ctx);
    return purchase_dto(purchases::value_or_throw(deps.purchases.grant(
        tenant.id, user.uuid, article_id, tenants::currency_of(tenant), [&](db::Session& s, const purchases::Purchase& p) {
          audit::AuditRepository::append(s, audit_entry(c.ctx, tenant.id, user.uuid, "customers.grant",
                                                        {{"purchase", json::value_from(purchase_dto(p))}}, reason));
        })));
  }, http::Answer{.status = http::Status::created});

  // DELETE may come without a body; POST .../revoke carries the reason.
  auto revoke = handle<Reason>(pool, [deps](const Call<Reason>& c) {
    const auto tenant_id = c.tenant().id;
    const auto reason = optional_reason(c.body);
    const auto user = customer_of(deps, c.ctx);
    return purchase_dto(purchases::value_or_throw(deps.purchases.revoke(
        tenant_id, user.uuid, c.param("id"), [&](db::Session& s, const purchases::Purchase& p) {
          audit::AuditRepository::append(s, audit_entry(c.ctx, tenant_id, user.uuid, "customers.revoke",
                                                        {{"purchase", json::value_from(purchase_dto(p))}}, reason));
        })));
  });

  auto resend = handle<Reason>(pool, [deps](const Call<Reason>& c) {
    const auto tenant_id = c.tenant().id;
    const auto reason = optional_reason(c.body);
    const auto user = customer_of(deps, c.ctx);
    const std::string id = c.param("id");
    auto resent = vouchers::value_or_throw(
        deps.vouchers.resend_order(tenant_id, user.uuid, id, [&](db::Session& s, std::int64_t codes) {
          audit::AuditRepository::append(s, audit_entry(c.ctx, tenant_id, user.uuid, "customers.resendVouchers",
                                                        {{"orderId", id}, {"codes", codes}}, reason));
        }));
    return VoucherCodesResentDto{id, resent.codes, resent.mailed_to};
  });

  auto end_sessions = handle<Reason>(pool, [deps](const Call<Reason>& c) {
    const auto tenant_id = c.tenant().id;
    const auto reason = optional_reason(c.body);
    const auto user = customer_of(deps, c.ctx);
    return SessionsEndedDto{identity::value_or_throw(deps.identity.end_sessions(tenant_id, user.uuid, [&](db::Session& s) {
      audit::AuditRepository::append(s, audit_entry(c.ctx, tenant_id, user.uuid, "customers.endSessions", {}, reason));
    }))};
  });

  auto lift_lock = handle<Reason>(pool, [deps](const Call<Reason>& c) {
    const auto tenant_id = c.tenant().id;
    const auto reason = optional_reason(c.body);
    const auto user = customer_of(deps, c.ctx);
    return SignInLockLiftedDto{
        identity::value_or_throw(deps.identity.lift_sign_in_lock(tenant_id, user.uuid, [&](db::Session& s) {
          audit::AuditRepository::append(
              s, audit_entry(c.ctx, tenant_id, user.uuid, "customers.liftSignInLock", {}, reason));
        }))};
  });

  // The mails: the flows write their rows (reset session, outbox) and the audit entry follows in a
  // transaction of its own (a mail is not rolled back).
  auto password_reset = handle<Reason>(pool, [deps](const Call<Reason>& c) {
    const auto& tenant = c.tenant();
    const auto reason = optional_reason(c.body);
    const auto user = customer_of(deps, c.ctx);
    const std::string lang = mail_lang(user, tenant);
    // The link goes to the tenant's public origin (never one the request names), in the customer's language.
    const std::string link = http::mail_origin(tenant) + http::localized_path(lang == "en" ? "" : lang, "/resetpassword");
    const auto t = hosted::texts_for(deps.i18n, lang, tenant.site_name());
    const identity::MailText text{t("resetMail.subject"), t("resetMail.body"), lang};
    auto sent = identity::value_or_throw(deps.identity.send_password_reset(tenant.id, user.uuid, link, text));
    deps.actions.audit(audit_entry(c.ctx, tenant.id, user.uuid, "customers.passwordReset", {}, reason));
    return ResetMailSentDto{vouchers::masked(sent)};
  });

  auto parental_reset = handle<Reason>(pool, [deps](const Call<Reason>& c) {
    const auto& tenant = c.tenant();
    const auto reason = optional_reason(c.body);
    const auto user = customer_of(deps, c.ctx);
    const std::string lang = mail_lang(user, tenant);
    const parental_control::ResetMailText text{deps.i18n.text(lang, "parentalControl.mail.subject").value_or(""),
                                               deps.i18n.text(lang, "parentalControl.mail.body").value_or("")};
    auto sent = parental_control::value_or_throw(deps.parental.send_reset_code(tenant.id, user.uuid, text));
    deps.actions.audit(audit_entry(c.ctx, tenant.id, user.uuid, "customers.parentalReset", {}, reason));
    return ResetMailSentDto{sent.recipient};
  });

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
