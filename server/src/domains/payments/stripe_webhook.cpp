#include "domains/payments/stripe_webhook.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "core/log.hpp"
#include "core/text.hpp"
#include "db/blocking.hpp"
#include "db/timestamp.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/payments/payments_answers.hpp"
#include "domains/payments/payments_dto.hpp"
#include "domains/payments/stripe_provider.hpp"
#include "http/json.hpp"
#include "http/params.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::payments {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

constexpr std::string_view kProvider = "stripe";

std::string text(const json::value& v, std::string_view member) {
  if (!v.is_object()) return "";
  const auto* m = v.as_object().if_contains(member);
  return m && m->is_string() ? std::string(m->as_string()) : "";
}

const json::value& member(const json::value& v, std::string_view name) {
  static const json::value none;
  if (!v.is_object()) return none;
  const auto* m = v.as_object().if_contains(name);
  return m ? *m : none;
}

std::int64_t number(const json::value& v, std::string_view name) {
  const auto& m = member(v, name);
  return m.is_int64() ? m.as_int64() : m.is_uint64() ? static_cast<std::int64_t>(m.as_uint64()) : 0;
}

// What the audit log keeps after "payments.refund_failed": a refund the provider failed after it had succeeded (the
// card's bank sent the money back), whose customer, how much and the provider's reason.
struct RefundFailedAudit {
  std::string refund;
  std::string userId;
  std::int64_t amount = 0;  // minor units
  std::string currency;
  std::string reason;
};
BOOST_DESCRIBE_STRUCT(RefundFailedAudit, (), (refund, userId, amount, currency, reason))

// After "payments.dispute": the dispute as the provider reported it on the customer's payment.
struct DisputeAudit {
  std::string dispute;
  std::string userId;
  std::int64_t amount = 0;  // minor units
  std::string currency;
  std::string reason;
  std::string status;
};
BOOST_DESCRIBE_STRUCT(DisputeAudit, (), (dispute, userId, amount, currency, reason, status))

// One event of one tenant's account, handled on the database pool.
class EventHandler {
 public:
  EventHandler(const StripeWebhookDeps& deps, const StripeAccount& account) : d_(deps), account_(account) {}

  // "handled" or "ignored"; throws when the event could not be handled now (Stripe sends it again).
  std::string handle(const std::string& type, const json::value& object) {
    if (type == "checkout.session.completed" || type == "checkout.session.async_payment_succeeded") {
      if (text(object, "payment_status") != "paid") return "ignored";  // an asynchronous method: its own event follows
      return paid(text(object, "client_reference_id"), fetch_intent(text(object, "payment_intent")));
    }
    if (type == "checkout.session.expired" || type == "checkout.session.async_payment_failed")
      return declined(text(object, "client_reference_id"));
    if (type == "payment_intent.succeeded") return paid(text(member(object, "metadata"), "payment_id"), object);
    if (type == "payment_intent.payment_failed") {
      // A Checkout's failed attempt leaves its page open for another card; an off-session charge that was
      // processing has failed.
      auto p = payment(text(member(object, "metadata"), "payment_id"));
      if (!p || p->status != Status::pending || !p->provider_ref || !p->provider_ref->starts_with("pi_")) return "ignored";
      return declined(p->id);
    }
    if (type == "charge.refunded") {
      std::string result = "ignored";
      for (const auto& r : member(member(object, "refunds"), "data").is_array() ? member(member(object, "refunds"), "data").as_array() : json::array{})
        if (refund_moved(r) == "handled") result = "handled";
      return result;
    }
    if (type == "charge.refund.updated" || type == "refund.updated") return refund_moved(object);
    if (type == "charge.dispute.created" || type == "charge.dispute.closed" || type == "charge.dispute.updated")
      return dispute(object);
    return "ignored";
  }

 private:
  std::optional<Payment> payment(const std::string& id) {
    if (id.empty()) return std::nullopt;
    auto p = d_.service.payment(id);
    if (!p || p->tenant_id != account_.tenant_id || p->provider != kProvider) return std::nullopt;  // another tenant's
    return p;
  }

  json::value fetch_intent(const std::string& id) {
    if (!is_stripe_id(id)) return nullptr;  // no intent: the event is ignored
    const StripeAnswer a = d_.client.get(account_.secret_key, "/v1/payment_intents/" + path_segment(id));
    if (!a.ok()) throw std::runtime_error("Stripe answered " + std::to_string(a.status) + " for payment intent " + id);
    return a.body;
  }

  // The paid PaymentIntent's payment succeeds, keeping the card for renewals when the payment was to.
  std::string paid(const std::string& payment_id, const json::value& intent) {
    auto p = payment(payment_id);
    if (!p || !intent.is_object() || text(intent, "status") != "succeeded") return "ignored";
    const std::string intent_id = text(intent, "id");
    if (p->status != Status::pending) {
      // Paid after the portal gave the payment up (its session outlived its pending time, a crash abandoned it):
      // the money goes back at once.
      if ((p->status == Status::declined || p->status == Status::insufficient_funds) && p->provider_ref != intent_id) {
        core::log_json(spdlog::level::warn, "Stripe took money for a payment given up: refunded", {{"payment", p->id}});
        d_.service.give_back_late(*p, intent_id);
        return "handled";
      }
      return "ignored";  // settled already (the other event of the pair, or a replay)
    }
    Settlement s;
    s.reference = intent_id;
    const auto& charges = member(member(intent, "charges"), "data");
    if (charges.is_array() && !charges.as_array().empty())
      s.label = StripeProvider::card_label(member(charges.as_array().back(), "payment_method_details"));
    const std::string customer = text(intent, "customer"), method = text(intent, "payment_method");
    if (text(intent, "setup_future_usage") == "off_session" && !customer.empty() && !method.empty())
      s.save_token = stripe_token(customer, method);
    auto done = d_.service.settle(p->id, Status::succeeded, d_.then, s);
    if (!done && done.error().code == ErrorCode::payment_busy)
      throw std::runtime_error("another payment of the group is in flight");  // Stripe retries the event later
    if (done && done->status == Status::declined) {
      // Its purchase refused the success (another level of the group taken, a renewal no longer due): Stripe
      // has the money already, so it goes back at once (only the call that settled it gets here).
      core::log_json(spdlog::level::warn, "Stripe took money its purchase refused: refunded", {{"payment", p->id}});
      d_.service.give_back_late(*done, intent_id);
    }
    return "handled";
  }

  std::string declined(const std::string& payment_id) {
    auto p = payment(payment_id);
    if (!p || p->status != Status::pending) return "ignored";
    auto done = d_.service.settle(p->id, Status::declined, d_.then);
    return done ? "handled" : "ignored";
  }

  // A refund's final state: a pending refund of the portal's settles (one the portal recorded as done stays).
  std::string refund_moved(const json::value& refund) {
    const std::string refund_id = text(member(refund, "metadata"), "refund_id");
    const std::string payment_id = text(member(refund, "metadata"), "payment_id");
    auto p = payment(payment_id);
    if (!p || refund_id.empty()) return "ignored";
    const std::string status = text(refund, "status");
    for (const auto& r : d_.service.refunds(account_.tenant_id, p->id)) {
      if (r.id != refund_id) continue;
      if (r.status == RefundStatus::pending && (status == "succeeded" || status == "failed" || status == "canceled"))
        return d_.service.settle_refund(r.id, status == "succeeded" ? RefundStatus::succeeded : RefundStatus::failed)
                   ? "handled"
                   : "ignored";
      if (r.status == RefundStatus::succeeded && (status == "failed" || status == "canceled"))
        return reversed(r, text(refund, "failure_reason"));
      return "ignored";
    }
    return "ignored";
  }

  // An audit entry of what Stripe did to one of this account's payments (the provider as the actor).
  audit::Entry provider_entry(std::string at, std::string action, const Payment& p, json::value after) const {
    audit::Entry e;
    e.at = std::move(at);
    e.tenant_id = account_.tenant_id;
    e.actor_id = "stripe";
    e.actor_role = "provider";
    e.action = std::move(action);
    e.call = "POST /backend/payments/stripe/webhook";
    e.object_type = "payment";
    e.object_id = p.id;
    e.after = std::move(after);
    return e;
  }

  // A refund Stripe failed after it had succeeded (the card's bank returned it): FAILED, refundable again, audited
  // with the provider as the actor; the customer's page shows it failed for support to refund again.
  std::string reversed(const Refund& refund, const std::string& reason) {
    core::log_json(spdlog::level::warn, "Stripe failed a refund after it succeeded",
                   {{"refund", refund.id}, {"payment", refund.payment_id}, {"reason", reason}});
    auto done = d_.service.refund_reversed(account_.tenant_id, refund.id, [&](db::Session& s, const Payment& p,
                                                                              const Refund& r) {
      audit::AuditRepository::append(
          s, provider_entry(*r.settled_at, "payments.refund_failed", p,
                            json::value_from(RefundFailedAudit{r.id, p.user_uuid, r.amount.amount, r.amount.currency,
                                                               reason})));
    });
    return done ? "handled" : "ignored";
  }

  // A dispute is kept on its payment and audited (the provider as the actor).
  std::string dispute(const json::value& object) {
    const std::string intent = text(object, "payment_intent");
    auto p = intent.empty() ? std::nullopt : d_.service.by_provider_ref(account_.tenant_id, kProvider, intent);
    if (!p) return "ignored";
    Dispute dsp;
    dsp.id = text(object, "id");
    dsp.tenant_id = account_.tenant_id;
    dsp.payment_id = p->id;
    dsp.provider = std::string(kProvider);
    dsp.amount = {number(object, "amount"), core::upper(text(object, "currency"))};
    dsp.reason = text(object, "reason");
    dsp.status = text(object, "status");
    dsp.created_at = db::utc_timestamp(std::chrono::system_clock::time_point(std::chrono::seconds(number(object, "created"))));
    dsp.updated_at = db::utc_timestamp(d_.clock.now());
    d_.repository.database().transaction([&](db::Session& s) {
      d_.repository.upsert_dispute(s, dsp);
      audit::AuditRepository::append(
          s, provider_entry(dsp.updated_at, "payments.dispute", *p,
                            json::value_from(DisputeAudit{dsp.id, p->user_uuid, dsp.amount.amount, dsp.amount.currency,
                                                          dsp.reason, dsp.status})));
    });
    return "handled";
  }

  const StripeWebhookDeps& d_;
  const StripeAccount& account_;
};

http::Error refused(std::string message) {
  return http_error(Error::of(ErrorCode::invalid_signature, std::move(message)));
}

}  // namespace

std::vector<http::Route> stripe_webhook_routes(const StripeWebhookDeps& deps) {
  auto webhook = [deps](http::RequestContext& ctx) -> asio::awaitable<http::Response> {
    // The tenant's id exactly as the portal wrote it into the endpoint's URL: "01", "+1", " 1", "1abc" or
    // "1.0" name no endpoint.
    const auto parsed = http::parse_canonical_id(ctx.param("tenantId"));
    if (!parsed) throw http::ErrorException(http::Error::not_found("NOT_FOUND", "No such webhook"));
    const std::int64_t tenant_id = *parsed;
    const std::string body(ctx.req.body());
    const auto sig = ctx.req.find("Stripe-Signature");
    const std::string header = sig == ctx.req.end() ? "" : std::string(sig->value());
    auto answer = co_await db::offload(deps.db_pool, [&]() -> http::Result<StripeWebhookDto> {
      auto account = deps.accounts.find(tenant_id);
      if (!account) return http::Error::not_found("NOT_FOUND", "No such webhook");
      const auto now = std::chrono::duration_cast<std::chrono::seconds>(deps.clock.now().time_since_epoch()).count();
      switch (check_webhook_signature(account->webhook_secrets, body, header, now)) {
        case WebhookCheck::valid: break;
        case WebhookCheck::outside_tolerance: return refused("The Stripe-Signature timestamp is outside the tolerance (5 minutes)");
        case WebhookCheck::malformed: return refused("The Stripe-Signature header is missing or malformed");
        case WebhookCheck::mismatch: return refused("The Stripe-Signature does not match the endpoint's signing secret");
      }
      boost::system::error_code ec;
      const json::value event = json::parse(body, ec);
      const std::string id = ec ? "" : text(event, "id");
      const std::string type = ec ? "" : text(event, "type");
      if (id.empty() || type.empty()) return http::Error::invalid_field("id", "not a Stripe event");
      if (deps.service.event_seen(tenant_id, kProvider, id)) return StripeWebhookDto{id, "duplicate"};
      EventHandler handler(deps, *account);
      const std::string outcome = handler.handle(type, member(member(event, "data"), "object"));
      deps.repository.database().transaction([&](db::Session& s) {
        deps.repository.record_event(s, tenant_id, kProvider, id, type, db::utc_timestamp(deps.clock.now()));
      });
      core::log_json(spdlog::level::info, "Stripe event", {{"tenant", tenant_id}, {"event", id}, {"type", type}, {"outcome", outcome}});
      return StripeWebhookDto{id, outcome};
    });
    if (!answer) co_return http::error_response(ctx.req, answer.error(), ctx.request_id);
    co_return http::data_response(ctx, json::value_from(*answer));
  };
  return http::with_docs(
      {{http::Verb::post, "/backend/payments/stripe/webhook/{tenantId}", webhook, http::TenantFrom::none}},
      {{"POST /backend/payments/stripe/webhook/{tenantId}",
        {"A tenant's Stripe account reports an event (Stripe calls it, not a client): signed in Stripe-Signature with "
         "the endpoint's signing secret (5 minutes' tolerance), handled once per event id, in any order; settles "
         "Checkout payments, off-session charges and refunds, and records disputes (docs/contracts.md \"Stripe\")",
         "payments", {}, http::schema_of<StripeWebhookDto>,
         {"400 VALIDATION_ERROR", "401 INVALID_SIGNATURE", "404 NOT_FOUND"}}}});
}

}  // namespace portal::payments
