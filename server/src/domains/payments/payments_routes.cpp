#include "domains/payments/payments_routes.hpp"

#include <boost/json/value_from.hpp>

#include "db/blocking.hpp"
#include "domains/payments/payments_answers.hpp"
#include "domains/payments/payments_dto.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/schema.hpp"

namespace portal::payments {
namespace asio = boost::asio;
namespace {

// One code for every refusal; the message says which check failed.
Error invalid_signature(PaymentsService::WebhookCheck check) {
  const char* why = check == PaymentsService::WebhookCheck::outside_tolerance
                        ? "The webhook timestamp is outside the tolerance (5 minutes either way)"
                    : check == PaymentsService::WebhookCheck::malformed
                        ? "The webhook signature header is missing or not t=<unix seconds>,v1=<hex>"
                        : "The webhook signature is not valid";
  return Error::of(ErrorCode::invalid_signature, why);
}

}  // namespace

std::vector<http::Route> payments_routes(PaymentsService& service, PaymentsService::Then then,
                                         asio::thread_pool& db_pool) {
  auto webhook = [&service, then, &db_pool](http::RequestContext& ctx) -> asio::awaitable<http::Response> {
    auto sig = ctx.req.find("X-Sandbox-Signature");
    const auto check = sig == ctx.req.end() ? PaymentsService::WebhookCheck::malformed
                                            : service.verify_webhook(ctx.req.body(), sig->value());
    if (check != PaymentsService::WebhookCheck::valid)
      co_return http::error_response(ctx.req, http_error(invalid_signature(check)), ctx.request_id);
    const auto body = http::read_body<SandboxWebhookBody>(ctx);
    const std::string& id = body.paymentId;
    if (body.outcome != "success" && body.outcome != "decline")
      throw http::ErrorException(http::Error::invalid_field("outcome", "must be success or decline"));
    const Status status = body.outcome == "success" ? Status::succeeded : Status::declined;
    auto done = co_await db::offload(db_pool, [&] { return service.settle(id, status, then); });
    if (!done) co_return http::error_response(ctx.req, http_error(done.error()), ctx.request_id);
    co_return http::data_response(
        ctx, boost::json::value_from(PaymentOutcomeDto{done->id, std::string(to_string(done->status))}));
  };
  return http::with_docs(
      {{http::Verb::post, "/backend/payments/sandbox/webhook", webhook, http::TenantFrom::none}},
      {{"POST /backend/payments/sandbox/webhook",
        {"The sandbox payment provider reports a payment's outcome, signed in X-Sandbox-Signature: "
         "t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + \".\" + body)>, refused when t is more than 5 minutes "
         "off; the provider calls it, not a client",
         "payments", http::schema_of<SandboxWebhookBody>, http::schema_of<PaymentOutcomeDto>,
         {"401 INVALID_SIGNATURE", "404 PAYMENT_NOT_FOUND", "409 PAYMENT_NOT_PENDING", "409 PAYMENT_BUSY"}}}});
}

}  // namespace portal::payments
