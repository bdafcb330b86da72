#pragma once
// POST /backend/payments/stripe/webhook/{tenantId}: a tenant's Stripe account tells of its payments
// (https://docs.stripe.com/webhooks). Each tenant adds this endpoint in its own Stripe dashboard (the console
// shows the URL and the events), so the path names the tenant whose signing secret verifies the call.
//  - The Stripe-Signature header is checked with the tenant's signing secret (and a rotated one while its grace
//    lasts), 5 minutes' tolerance: an event captured and replayed later is refused.
//  - An event is handled once: its id is recorded with the tenant (payment_events); a repeated one answers
//    "duplicate" and does nothing.
//  - Events may come in any order: each moves a payment or a refund only from the state it expects (a success
//    of a payment already settled does nothing; a refund already final stays).
//  - What a payment's owner does when it settles is the owner's (PaymentsService::on_settled): a subscription
//    becomes active with the saved card for its renewals, a purchase lands in the wallet.
// Events: checkout.session.completed / async_payment_succeeded (paid: the payment succeeds, the card's label,
// PaymentIntent and, for a plan, the saved card are kept), checkout.session.expired / async_payment_failed
// (declined), payment_intent.succeeded / payment_failed (an off-session charge that was processing; a Checkout's
// success, whichever of the two comes first), charge.refunded and charge.refund.updated (pending refunds
// settle), charge.dispute.created / closed (kept on the payment, shown on the customer's page, audited).
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/payments/payments_service.hpp"
#include "domains/payments/stripe_accounts.hpp"
#include "domains/payments/stripe_client.hpp"
#include "http/router.hpp"

namespace portal::payments {

struct StripeWebhookDeps {
  PaymentsService& service;
  PaymentsRepository& repository;
  const StripeAccounts& accounts;
  const StripeClient& client;
  const core::Clock& clock;
  PaymentsService::Then then;  // for purposes no domain registered (as the sandbox webhook's)
  boost::asio::thread_pool& db_pool;
};

std::vector<http::Route> stripe_webhook_routes(const StripeWebhookDeps& deps);

}  // namespace portal::payments
