#include "domains/payments/stripe_admin_routes.hpp"

#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/payments/payments_answers.hpp"
#include "domains/payments/payments_dto.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/on_pool.hpp"
#include "http/openapi.hpp"
#include "http/origin.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::payments {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

StripeAccountDto dto_of(const std::optional<StripeAccountView>& v, std::string webhook_url) {
  StripeAccountDto d;
  d.webhookUrl = std::move(webhook_url);
  d.events = stripe_webhook_events();
  if (!v) return d;
  d.configured = true;
  d.mode = v->mode;
  d.publishableKey = v->publishable_key;
  d.secretKeyHint = v->secret_key_hint;
  d.webhookSecretHint = v->webhook_secret_hint;
  d.previousWebhookSecretUntil = v->previous_until;
  d.version = v->version;
  d.updatedAt = v->updated_at;
  return d;
}

std::string webhook_url(const http::RequestContext& ctx) {
  return http::tenant_origin(*ctx.tenant, ctx) + "/backend/payments/stripe/webhook/" + std::to_string(ctx.tenant->id);
}

// The audit's view of an account: which keys, never a secret.
json::value audited(const std::optional<StripeAccountView>& v) {
  if (!v) return nullptr;
  return json::object{{"mode", v->mode},
                      {"publishableKey", v->publishable_key},
                      {"secretKeyHint", v->secret_key_hint},
                      {"webhookSecretHint", v->webhook_secret_hint},
                      {"version", v->version}};
}

}  // namespace

std::vector<std::string> stripe_webhook_events() {
  return {"checkout.session.completed",
          "checkout.session.async_payment_succeeded",
          "checkout.session.async_payment_failed",
          "checkout.session.expired",
          "payment_intent.succeeded",
          "payment_intent.payment_failed",
          "charge.refunded",
          "charge.refund.updated",
          "charge.dispute.created",
          "charge.dispute.closed"};
}

std::vector<http::Route> stripe_admin_routes(const StripeAdminRouteDeps& deps) {
  auto get = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto view = co_await db::offload(deps.db_pool, [&] { return deps.accounts.view(tenant_id); });
    co_return http::no_store(http::data_response(ctx, json::value_from(dto_of(view, webhook_url(ctx)))));
  };
  auto put = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto body = http::read_body<StripeAccountBody>(ctx);
    const StripeKeys keys{body.publishableKey, body.secretKey, body.webhookSecret, body.version};
    co_return co_await http::on_pool(ctx, deps.db_pool, [&] {
      auto saved = deps.accounts.save(tenant_id, keys, ctx.staff->id,
                                      [&](db::Session& s, const std::optional<StripeAccountView>& before,
                                          const StripeAccountView& after) {
                                        auto e = audit::staff_entry(ctx, tenant_id, "payments.stripe", "payment_provider", "stripe");
                                        e.before = audited(before);
                                        e.after = audited(after);
                                        audit::AuditRepository::append(s, e);
                                      },
                                      // A wrong key is said here, not later as a payer's decline.
                                      [&](const std::string& key) { return check_secret_key(deps.client, key); });
      if (!saved) return http::error_response(ctx.req, http_error(saved.error()), ctx.request_id);
      return http::no_store(http::data_response(ctx, json::value_from(dto_of(*saved, webhook_url(ctx)))));
    });
  };
  auto remove = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    co_return co_await http::on_pool(ctx, deps.db_pool, [&] {
      auto removed = deps.accounts.remove(
          tenant_id, [&](db::Session&) { return deps.in_use && deps.in_use(tenant_id); },
          [&](db::Session& s, const StripeAccountView& before) {
            auto e = audit::staff_entry(ctx, tenant_id, "payments.stripe.remove", "payment_provider", "stripe");
            e.before = audited(before);
            audit::AuditRepository::append(s, e);
          });
      if (!removed) return http::error_response(ctx.req, http_error(removed.error()), ctx.request_id);
      return http::no_store(http::data_response(ctx, json::value_from(dto_of(std::nullopt, webhook_url(ctx)))));
    });
  };

  using http::StaffRole;
  using http::Verb;
  const std::string path = "/backend/admin/payment-providers/stripe";
  return http::with_docs(
      {http::staff_route(Verb::get, path, get, StaffRole::admin), http::staff_route(Verb::put, path, put, StaffRole::admin),
       http::staff_route(Verb::delete_, path, remove, StaffRole::admin)},
      {{"GET " + path,
        {"The tenant's Stripe account (admin, owner): test or live mode, the publishable key and the last four "
         "characters of the secret key and the webhook signing secret (never the secrets), and the webhook endpoint "
         "with the events to enter in Stripe's dashboard",
         "payments", {}, http::schema_of<StripeAccountDto>, {}}},
       {"PUT " + path,
        {"Saves the tenant's Stripe keys (admin, owner): the publishable key always, a secret only when it changes "
         "(the first save needs both); the secrets are sealed at rest and never shown again; a replaced webhook "
         "secret keeps verifying for 24 hours; the keys must be of one mode (test or live); a new secret key is "
         "checked with Stripe first (400 naming secretKey when Stripe refuses it); audited without the secrets",
         "payments", http::schema_of<StripeAccountBody>, http::schema_of<StripeAccountDto>,
         {"400 VALIDATION_ERROR", "409 PAYMENT_ACCOUNT_VERSION_CONFLICT", "502 PAYMENT_PROVIDER_UNAVAILABLE"}}},
       {"DELETE " + path,
        {"Removes the tenant's Stripe keys (admin, owner); refused while a payment option takes cards through "
         "Stripe; audited",
         "payments", {}, http::schema_of<StripeAccountDto>, {"409 PAYMENT_PROVIDER_IN_USE"}}}});
}

}  // namespace portal::payments
