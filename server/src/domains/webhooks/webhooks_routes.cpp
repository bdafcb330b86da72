#include "domains/webhooks/webhooks_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <map>

#include "db/blocking.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "domains/webhooks/webhooks_answers.hpp"
#include "domains/webhooks/webhooks_dto.hpp"
#include "domains/webhooks/webhooks_events.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::webhooks {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

struct EndpointBody {
  std::string url;
  std::optional<std::string> description;
  std::vector<std::string> events;
  std::optional<bool> enabled;       // default true
  std::optional<bool> allowPrivate;  // the dev stage only: may reach private addresses
};
BOOST_DESCRIBE_STRUCT(EndpointBody, (), (url, description, events, enabled, allowPrivate))

struct DeletedDto {
  std::string id;
  bool deleted = true;
};
BOOST_DESCRIBE_STRUCT(DeletedDto, (), (id, deleted))

EndpointInput input_of(EndpointBody b) {
  return {std::move(b.url), b.description.value_or(""), std::move(b.events), b.enabled.value_or(true),
          b.allowPrivate.value_or(false)};
}

json::value side(const std::optional<Endpoint>& e) {
  return e ? json::value_from(endpoint_dto(*e)) : json::value(nullptr);
}

WebhooksService::Audit audit_of(const http::RequestContext& ctx, std::int64_t tenant_id, std::string action,
                                const std::string& id) {
  return [&ctx, tenant_id, action = std::move(action), id](db::Session& s, const std::optional<Endpoint>& before,
                                                           const std::optional<Endpoint>& after) {
    auto e = audit::staff_entry(ctx, tenant_id, action, "webhook_endpoint", after ? after->id : id);
    e.before = side(before);
    e.after = side(after);
    audit::AuditRepository::append(s, e);
  };
}

WebhookDeliveriesDto deliveries_dto(const EndpointHistory& h) {
  std::map<std::string, std::vector<WebhookAttemptDto>> by_delivery;
  for (const auto& a : h.attempts)
    by_delivery[a.delivery_id].push_back({a.at, a.status, a.duration_ms, a.answer, a.error});
  WebhookDeliveriesDto out;
  for (const auto& d : h.deliveries)
    out.items.push_back({d.id, d.message_id, d.event_type, d.status, d.attempts, d.next_attempt_at, d.created_at,
                         d.delivered_at, by_delivery[d.id]});
  return out;
}

}  // namespace

std::vector<http::Route> webhooks_routes(WebhooksService& service, asio::thread_pool& db_pool) {
  auto list = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto items = co_await db::offload(db_pool, [&] { return service.endpoints(tenant_id); });
    WebhookEndpointsDto out;
    for (const auto& e : items) out.items.push_back(endpoint_dto(e));
    for (const auto t : kEventTypes) out.eventTypes.emplace_back(t);
    out.privateAllowed = service.dev_stage();
    co_return http::no_store(http::data_response(ctx, json::value_from(out)));
  };
  auto create = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto in = input_of(http::read_body<EndpointBody>(ctx));
    auto issued = co_await db::offload(db_pool, [&] {
      return value_or_throw(service.create(tenant_id, std::move(in), audit_of(ctx, tenant_id, "webhooks.endpoint.create", "")));
    });
    co_return http::no_store(http::data_response(
        ctx, json::value_from(WebhookSecretDto{endpoint_dto(issued.endpoint), issued.secret}), http::Status::created));
  };
  auto update = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    auto in = input_of(http::read_body<EndpointBody>(ctx));
    auto e = co_await db::offload(db_pool, [&] {
      return value_or_throw(service.update(tenant_id, id, std::move(in), audit_of(ctx, tenant_id, "webhooks.endpoint.update", id)));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(endpoint_dto(e))));
  };
  auto rotate = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    auto issued = co_await db::offload(db_pool, [&] {
      return value_or_throw(service.rotate(tenant_id, id, audit_of(ctx, tenant_id, "webhooks.endpoint.rotate_secret", id)));
    });
    co_return http::no_store(
        http::data_response(ctx, json::value_from(WebhookSecretDto{endpoint_dto(issued.endpoint), issued.secret})));
  };
  auto remove = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    co_await db::offload(db_pool, [&] {
      value_or_throw(service.remove(tenant_id, id, audit_of(ctx, tenant_id, "webhooks.endpoint.delete", id)));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(DeletedDto{id, true})));
  };
  auto deliveries = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    auto h = co_await db::offload(db_pool, [&] { return value_or_throw(service.history(tenant_id, id)); });
    co_return http::no_store(http::data_response(ctx, json::value_from(deliveries_dto(h))));
  };
  auto resend = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    auto h = co_await db::offload(db_pool, [&] {
      const auto endpoint_id = value_or_throw(service.resend(tenant_id, id, [&](db::Session& s, const std::string& ep) {
        auto e = audit::staff_entry(ctx, tenant_id, "webhooks.delivery.resend", "webhook_delivery", id);
        e.after = json::object{{"endpoint", ep}, {"delivery", id}};
        audit::AuditRepository::append(s, e);
      }));
      return value_or_throw(service.history(tenant_id, endpoint_id));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(deliveries_dto(h))));
  };

  using http::schema_of;
  using http::Verb;
  auto owner = [](Verb verb, std::string pattern, http::Handler handler) {
    return http::Route{.verb = verb,
                       .pattern = std::move(pattern),
                       .handler = std::move(handler),
                       .tenant = http::TenantFrom::header,
                       .access = http::Access::staff,
                       .idempotency = http::Idempotency::none,
                       .doc = {},
                       .staff_role = http::StaffRole::owner};
  };
  return http::with_docs(
      {
          owner(Verb::get, "/backend/admin/webhooks/endpoints", list),
          owner(Verb::post, "/backend/admin/webhooks/endpoints", create),
          owner(Verb::put, "/backend/admin/webhooks/endpoints/{id}", update),
          owner(Verb::delete_, "/backend/admin/webhooks/endpoints/{id}", remove),
          owner(Verb::post, "/backend/admin/webhooks/endpoints/{id}/rotate", rotate),
          owner(Verb::get, "/backend/admin/webhooks/endpoints/{id}/deliveries", deliveries),
          owner(Verb::post, "/backend/admin/webhooks/deliveries/{id}/resend", resend),
      },
      {
          {"GET /backend/admin/webhooks/endpoints",
           {"The tenant's webhook endpoints and the events they may ask for (owner)", "webhooks", {},
            schema_of<WebhookEndpointsDto>, {}}},
          {"POST /backend/admin/webhooks/endpoints",
           {"Add an endpoint; the answer holds its whsec_ signing secret this once. In the audit log", "webhooks",
            schema_of<EndpointBody>, schema_of<WebhookSecretDto>, {"400 VALIDATION_ERROR", "409 TOO_MANY_WEBHOOK_ENDPOINTS"}}},
          {"PUT /backend/admin/webhooks/endpoints/{id}",
           {"Change an endpoint (enabling it again clears its failures). In the audit log", "webhooks",
            schema_of<EndpointBody>, schema_of<WebhookEndpointDto>, {"400 VALIDATION_ERROR", "404 WEBHOOK_ENDPOINT_NOT_FOUND"}}},
          {"DELETE /backend/admin/webhooks/endpoints/{id}",
           {"Remove an endpoint with its deliveries. In the audit log", "webhooks", {}, schema_of<DeletedDto>,
            {"404 WEBHOOK_ENDPOINT_NOT_FOUND"}, {}, true}},
          {"POST /backend/admin/webhooks/endpoints/{id}/rotate",
           {"A new signing secret, shown this once; the previous one keeps signing beside it for a day. In the audit log",
            "webhooks", {}, schema_of<WebhookSecretDto>, {"404 WEBHOOK_ENDPOINT_NOT_FOUND"}, {}, true}},
          {"GET /backend/admin/webhooks/endpoints/{id}/deliveries",
           {"The endpoint's newest deliveries with every attempt (status, time, the answer's first bytes)", "webhooks",
            {}, schema_of<WebhookDeliveriesDto>, {"404 WEBHOOK_ENDPOINT_NOT_FOUND"}}},
          {"POST /backend/admin/webhooks/deliveries/{id}/resend",
           {"Send a delivery again now (whatever its state). In the audit log", "webhooks", {},
            schema_of<WebhookDeliveriesDto>, {"404 WEBHOOK_DELIVERY_NOT_FOUND"}, {}, true}},
      });
}

namespace {

template <class Data>
http::OutgoingWebhook hook(std::string name, std::string summary) {
  auto n = name;
  return {std::move(name), std::move(summary), [n] {
            return json::value(json::object{
                {"allOf", json::array{http::schema_of<WebhookEventDto>(),
                                      json::object{{"type", "object"},
                                                   {"properties",
                                                    {{"type", {{"const", n}}}, {"data", http::schema_of<Data>()}}}}}}});
          }};
}

}  // namespace

std::vector<http::OutgoingWebhook> webhook_docs() {
  return {
      hook<SubscriptionEventData>("subscription.created", "A subscription started (paid, or its pending payment settled)"),
      hook<SubscriptionEventData>("subscription.renewed", "A subscription's renewal was charged"),
      hook<SubscriptionEventData>("subscription.cancelled", "A subscription's cancellation was requested (it runs to its end)"),
      hook<SubscriptionEventData>("subscription.held", "A renewal failed: the subscription is held in its grace period"),
      hook<SubscriptionEventData>("subscription.expired", "A subscription ended (cancelled, grace over, refunded, replaced)"),
      hook<PaymentEventData>("payment.succeeded", "A payment succeeded"),
      hook<PaymentEventData>("payment.failed", "A payment failed or was declined"),
      hook<PaymentEventData>("payment.refunded", "A payment was refunded (in whole or in part)"),
      hook<PurchaseEventData>("purchase.created", "A customer owns an article"),
      hook<VoucherRedeemedData>("voucher.redeemed", "A voucher code was redeemed"),
      hook<CustomerEventData>("customer.created", "A customer registered"),
      hook<CustomerEventData>("customer.deleted", "A customer's account was deleted"),
      hook<ArticleEventData>("article.published", "An article was published"),
      hook<ArticleEventData>("article.unpublished", "An article was unpublished"),
      hook<MediaJobFailedData>("media.job.failed", "A media job gave up"),
  };
}

}  // namespace portal::webhooks
