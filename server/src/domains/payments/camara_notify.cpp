#include "domains/payments/camara_notify.hpp"

#include <boost/json.hpp>

#include "core/crypto.hpp"
#include "core/log.hpp"
#include "db/blocking.hpp"
#include "db/timestamp.hpp"
#include "http/params.hpp"
#include "http/openapi.hpp"

namespace portal::payments {
namespace asio = boost::asio;
namespace json = boost::json;
using boost::beast::http::field;

namespace {

constexpr std::string_view kProvider = "camara";

std::string event_text(const json::value& v, std::string_view member) {
  if (!v.is_object()) return "";
  const auto* m = v.as_object().if_contains(member);
  return m && m->is_string() ? std::string(m->as_string()) : "";
}

std::string mac_of(const PaymentsService& service, std::int64_t tenant_id, std::int64_t expires) {
  if (!service.can_sign()) return "";
  return service.sign("camara-sink|" + std::to_string(tenant_id) + "|" + std::to_string(expires));
}

// CAMARA's error body ({status, code, message}) with its status, as the callback's responses are.
http::Response camara_error(const http::RequestContext& ctx, unsigned status, std::string_view code, std::string_view message) {
  http::Response res{static_cast<http::Status>(status), ctx.req.version()};
  res.set(field::content_type, "application/json");
  res.set(field::cache_control, "no-store");
  res.body() = json::serialize(json::object{{"status", status}, {"code", code}, {"message", message}});
  res.prepare_payload();
  return res;
}

http::Response no_content(const http::RequestContext& ctx) {
  http::Response res{http::Status::no_content, ctx.req.version()};
  res.set(field::cache_control, "no-store");
  res.prepare_payload();
  return res;
}

enum class Outcome { done, unknown_tenant, malformed };

}  // namespace

std::string camara_sink_token(const PaymentsService& service, std::int64_t tenant_id, std::int64_t expires_unix) {
  const std::string mac = mac_of(service, tenant_id, expires_unix);
  if (mac.empty()) return "";
  return "v1." + std::to_string(tenant_id) + "." + std::to_string(expires_unix) + "." + mac;
}

bool camara_sink_token_valid(const PaymentsService& service, std::int64_t tenant_id, std::string_view token,
                             std::int64_t now_unix) {
  const std::string prefix = "v1." + std::to_string(tenant_id) + ".";
  if (!token.starts_with(prefix)) return false;
  const std::string_view rest = token.substr(prefix.size());
  const auto dot = rest.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot > 12) return false;
  std::int64_t expires = 0;
  for (char c : rest.substr(0, dot)) {
    if (c < '0' || c > '9') return false;
    expires = expires * 10 + (c - '0');
  }
  if (expires <= now_unix) return false;
  const std::string expected = mac_of(service, tenant_id, expires);
  return !expected.empty() && core::equal_constant_time(expected, rest.substr(dot + 1));
}

std::vector<http::Route> camara_notify_routes(const CamaraNotifyDeps& deps) {
  auto notify = [deps](http::RequestContext& ctx) -> asio::awaitable<http::Response> {
    const auto parsed = http::parse_canonical_id(ctx.param("tenantId"));
    if (!parsed) co_return camara_error(ctx, 410, "GONE", "Access to the target resource is no longer available.");
    const std::int64_t tenant_id = *parsed;
    const auto auth = ctx.req.find(field::authorization);
    const std::string header = auth == ctx.req.end() ? "" : std::string(auth->value());
    const auto now = std::chrono::duration_cast<std::chrono::seconds>(deps.clock.now().time_since_epoch()).count();
    if (!header.starts_with("Bearer ") || !camara_sink_token_valid(deps.service, tenant_id, std::string_view(header).substr(7), now))
      co_return camara_error(ctx, 401, "UNAUTHENTICATED",
                             "Request not authenticated due to missing, invalid, or expired credentials.");
    const std::string body(ctx.req.body());
    const Outcome outcome = co_await db::offload(deps.db_pool, [&]() -> Outcome {
      if (!deps.accounts.view(tenant_id)) return Outcome::unknown_tenant;
      boost::system::error_code ec;
      const json::value event = json::parse(body, ec);
      const std::string id = ec ? "" : event_text(event, "id");
      const std::string type = ec ? "" : event_text(event, "type");
      const json::value* data = ec || !event.is_object() ? nullptr : event.as_object().if_contains("data");
      const std::string operator_payment = data ? event_text(*data, "paymentId") : "";
      if (id.empty() || type.empty() || operator_payment.empty()) return Outcome::malformed;
      if (deps.service.event_seen(tenant_id, kProvider, id)) return Outcome::done;
      std::string result = "ignored";
      // The payment of the operator's paymentId (none yet for a prepared payment's code: its charge follows).
      if (auto p = deps.service.by_provider_ref(tenant_id, kProvider, operator_payment)) {
        PaymentProvider* provider = deps.service.provider(kProvider);
        if (type.find(".payment-") != std::string::npos && p->status == Status::pending && provider) {
          if (auto asked = provider->charge_status(*p); asked && (*asked == Status::succeeded || *asked == Status::declined)) {
            Settlement s;
            s.reference = operator_payment;
            if (deps.service.settle(p->id, *asked, deps.then, s)) result = "settled";
          }
        }
        if (type.find(".refund-") != std::string::npos && provider)
          for (const auto& r : deps.service.refunds(tenant_id, p->id)) {
            if (r.status != RefundStatus::pending) continue;
            if (auto asked = provider->refund_status(*p, r); asked && *asked != RefundStatus::pending)
              if (deps.service.settle_refund(r.id, *asked)) result = "settled";
          }
      }
      deps.repository.database().transaction([&](db::Session& s) {
        deps.repository.record_event(s, tenant_id, kProvider, id, type, db::utc_timestamp(deps.clock.now()));
      });
      core::log_json(spdlog::level::info, "CAMARA notification",
                     {{"tenant", tenant_id}, {"event", id}, {"type", type}, {"outcome", result}});
      return Outcome::done;
    });
    switch (outcome) {
      case Outcome::unknown_tenant:
        co_return camara_error(ctx, 410, "GONE", "Access to the target resource is no longer available.");
      case Outcome::malformed:
        co_return camara_error(ctx, 400, "INVALID_ARGUMENT", "Not a CloudEvent about a payment or a refund.");
      case Outcome::done: break;
    }
    co_return no_content(ctx);
  };
  return http::with_docs(
      {{http::Verb::post, "/backend/payments/camara/notify/{tenantId}", notify, http::TenantFrom::none}},
      {{"POST /backend/payments/camara/notify/{tenantId}",
        {"A tenant's CAMARA operator notifies a payment's or a refund's change (a CloudEvent, the operator calls it, "
         "not a client): the bearer token the portal gave as the sinkCredential, handled once per event id; the "
         "portal asks the operator what the payment or refund became and settles it (docs/contracts.md \"CAMARA\"); "
         "answers 204, or CAMARA's 400/401/410",
         "payments", {}, {}, {"400 INVALID_ARGUMENT", "401 UNAUTHENTICATED", "410 GONE"}}}});
}

}  // namespace portal::payments
